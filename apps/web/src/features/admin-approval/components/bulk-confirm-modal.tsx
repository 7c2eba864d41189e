import type { AdminAccount } from '@portal/contract/admin-registration';
import type { BulkAction } from '@portal/contract/enums';
import { Banner } from '../../../ui/banner.tsx';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { fullName } from '../admin-status.ts';
import { adminCount, BULK_ACTION_COPY } from '../bulk-actions.ts';

interface BulkConfirmModalProps {
  action: BulkAction | null;
  admins: AdminAccount[];
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Names shown in full; the rest are counted, so the dialog never needs to scroll. */
const LISTED = 6;

/** The confirmation before a bulk action: what it does and to how many. */
export function BulkConfirmModal({
  action,
  admins,
  pending,
  error,
  onConfirm,
  onClose,
}: BulkConfirmModalProps) {
  const copy = action ? BULK_ACTION_COPY[action] : null;
  const count = adminCount(admins.length);
  return (
    <Modal
      open={action !== null}
      onClose={onClose}
      busy={pending}
      title={copy ? `${copy.verb} ${count}` : ''}
      description={copy ? `${copy.future} ${count} seleccionados. ${copy.consequence}` : undefined}
      footer={
        <ModalButtons
          onCancel={onClose}
          busy={pending}
          variant={copy?.destructive ? 'danger' : 'primary'}
          onClick={onConfirm}
        >
          {copy ? `${copy.verb} ${count}` : ''}
        </ModalButtons>
      }
    >
      <div className="space-y-4">
        {error ? <Banner tone="error">{error}</Banner> : null}
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {admins.slice(0, LISTED).map((admin) => (
            <li key={admin.admin_id} className="px-3 py-2">
              <span className="font-medium text-slate-900">{fullName(admin)}</span>
              <span className="block break-all text-slate-600">{admin.admin_email}</span>
            </li>
          ))}
          {admins.length > LISTED ? (
            <li className="px-3 py-2 text-slate-600">y {adminCount(admins.length - LISTED)} más</li>
          ) : null}
        </ul>
      </div>
    </Modal>
  );
}
