import type { AdminCreatePayload } from '@portal/contract/admin-registration-form';
import { formatPhone } from '@portal/contract/phone';
import { UserPlus } from 'lucide-react';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { statusLabel } from './status-label.ts';

interface ConfirmAdminModalProps {
  /** The admin about to be created; the modal is open while there is one. */
  payload: AdminCreatePayload | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmAdminModal({ payload, saving, onCancel, onConfirm }: ConfirmAdminModalProps) {
  const rows = payload
    ? [
        ['Nombre', `${payload.admin_first_name} ${payload.admin_last_name}`],
        ['Correo Electrónico', payload.admin_email],
        ['Teléfono', formatPhone(payload.admin_phone)],
      ]
    : [];
  return (
    <Modal
      open={payload !== null}
      onClose={onCancel}
      busy={saving}
      title="Confirmar Registro"
      description="Revise los datos del nuevo administrador antes de registrarlo."
      footer={
        <ModalButtons
          onCancel={onCancel}
          busy={saving}
          onClick={onConfirm}
          icon={<UserPlus className="size-4" aria-hidden="true" />}
        >
          {saving ? 'Registrando...' : 'Confirmar Registro'}
        </ModalButtons>
      }
    >
      <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{term}</dt>
            <dd className="text-sm break-words text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
        <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">Estado inicial</dt>
          <dd className="sm:col-span-2">
            <StatusBadge status={payload?.access_status}>{statusLabel(payload?.access_status)}</StatusBadge>
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-slate-600">
        La cuenta quedará pendiente hasta que un usuario maestro la apruebe en «Aprobar Admins».
      </p>
    </Modal>
  );
}
