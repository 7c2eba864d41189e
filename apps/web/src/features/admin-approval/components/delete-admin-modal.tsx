import { Trash2 } from 'lucide-react';
import { Banner } from '../../../ui/banner.tsx';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { fullName, statusLabel } from '../admin-status.ts';
import { useDeleteAdmin } from '../api/use-admin-mutations.ts';
import type { AdminDialogProps } from './admin-dialog-props.ts';

export function DeleteAdminModal({ admin, onClose, onDone }: AdminDialogProps) {
  const remove = useDeleteAdmin();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!admin) return;
    remove.mutate(admin.admin_id, {
      onSuccess: () => {
        remove.reset();
        onDone(admin);
      },
    });
  };
  return (
    <Modal
      open={admin !== null}
      onClose={close}
      title="Eliminar Administrador"
      description="La cuenta se eliminará de forma permanente y sus sesiones abiertas se cerrarán. Esta acción no se puede deshacer."
      footer={
        <ModalButtons
          onCancel={close}
          busy={remove.isPending}
          variant="danger"
          onClick={confirm}
          icon={<Trash2 className="size-4" aria-hidden="true" />}
        >
          Eliminar
        </ModalButtons>
      }
    >
      {admin ? (
        <div className="space-y-4">
          {remove.error ? (
            <Banner tone="error">No se pudo eliminar el administrador: {remove.error.message}</Banner>
          ) : null}
          <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-slate-900">{fullName(admin)}</p>
              <StatusBadge status={statusLabel(admin.access_status)} />
            </div>
            <p className="text-sm break-all text-slate-700">{admin.admin_email}</p>
            <p className="text-xs text-slate-600">ID {admin.admin_id}</p>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
