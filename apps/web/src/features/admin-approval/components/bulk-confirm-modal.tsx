import type { AdminAccount, AdminBulkResultLine } from '@portal/contract/admin-registration';
import type { BulkAction } from '@portal/contract/enums';
import type { RefObject } from 'react';
import { Banner } from '../../../ui/banner.tsx';
import { Modal, ModalButtons, ModalCloseButton } from '../../../ui/modal.tsx';
import { fullName } from '../admin-status.ts';
import {
  adminCount,
  BULK_ACTION_COPY,
  bulkFailureReason,
  bulkOutcomeTitle,
  stillSelectedNote,
} from '../bulk-actions.ts';

/** A bulk action some of whose admins were not applied: every line, and the admins as sent. */
export interface BulkOutcome {
  results: AdminBulkResultLine[];
  admins: ReadonlyMap<number, AdminAccount>;
}

interface BulkConfirmModalProps {
  action: BulkAction | null;
  admins: AdminAccount[];
  pending: boolean;
  error: string | null;
  /** Set once the action ran and some admins failed: the dialog then shows which, and why. */
  outcome: BulkOutcome | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes when the dialog closes and its opener is gone (its admins left the list). */
  focusFallback: RefObject<HTMLElement | null>;
}

/** Names shown in full; the rest are counted, so the dialog never needs to scroll. */
const LISTED = 6;

/** The confirmation before a bulk action: what it does and to how many. */
export function BulkConfirmModal({
  action,
  admins,
  pending,
  error,
  outcome,
  onConfirm,
  onClose,
  focusFallback,
}: BulkConfirmModalProps) {
  const copy = action ? BULK_ACTION_COPY[action] : null;
  const count = adminCount(outcome ? outcome.results.length : admins.length);
  return (
    <Modal
      open={action !== null}
      onClose={onClose}
      focusFallback={focusFallback}
      busy={pending}
      size={outcome ? 'lg' : 'md'}
      title={copy ? `${copy.verb} ${count}` : ''}
      description={
        copy && !outcome ? `${copy.future} ${count} seleccionados. ${copy.consequence}` : undefined
      }
      footer={
        outcome ? (
          <ModalCloseButton onClose={onClose} />
        ) : (
          <ModalButtons
            onCancel={onClose}
            busy={pending}
            variant={copy?.destructive ? 'danger' : 'primary'}
            onClick={onConfirm}
          >
            {copy ? `${copy.verb} ${count}` : ''}
          </ModalButtons>
        )
      }
    >
      {outcome ? (
        <BulkOutcomeView outcome={outcome} />
      ) : (
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
      )}
    </Modal>
  );
}

/** How many were applied and, admin by admin, those that were not and why; they stay selected. */
function BulkOutcomeView({ outcome }: { outcome: BulkOutcome }) {
  const failures = outcome.results.filter((line) => line.status !== 200);
  const succeeded = outcome.results.length - failures.length;
  return (
    <div className="space-y-4">
      <Banner
        tone={succeeded === 0 ? 'error' : 'warning'}
        title={bulkOutcomeTitle(succeeded, outcome.results.length)}
      >
        {stillSelectedNote(failures.length)}
      </Banner>
      <section aria-label="Administradores que fallaron" className="rounded-lg border border-slate-200">
        <h3 className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-700">
          Administradores que fallaron
        </h3>
        <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto text-sm">
          {failures.map((line) => {
            const admin = outcome.admins.get(line.admin_id);
            return (
              <li key={line.admin_id} className="px-3 py-2">
                <p className="font-medium break-words text-slate-900">
                  {admin ? fullName(admin) : `Administrador #${line.admin_id}`}
                </p>
                {admin ? <p className="break-all text-slate-600">{admin.admin_email}</p> : null}
                <p className="text-red-700">{bulkFailureReason(line)}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
