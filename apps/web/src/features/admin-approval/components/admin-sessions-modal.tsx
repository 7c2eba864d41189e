// 'Sesiones' of an admin's row: the master sees where that admin is signed in and ends
// any of those sessions. Loaded on first use (the approval screen is near its size limit).
import type { AdminAccount } from '@portal/contract/admin-registration';
import { endAdminSession, listAdminSessions } from '../../../api/sessions-api.ts';
import { Modal, ModalCloseButton } from '../../../ui/modal.tsx';
import { SessionsPanel } from '../../../ui/sessions-panel.tsx';
import { fullName } from '../admin-status.ts';
import { adminKeys } from '../api/admin-approval-keys.ts';

interface AdminSessionsModalProps {
  admin: AdminAccount | null;
  onClose: () => void;
}

export default function AdminSessionsModal({ admin, onClose }: AdminSessionsModalProps) {
  return (
    <Modal
      open={admin !== null}
      onClose={onClose}
      size="lg"
      title={admin ? `Sesiones de ${fullName(admin)}` : 'Sesiones'}
      description="Sesiones abiertas de esta cuenta. Al cerrar una, ese dispositivo deberá iniciar sesión de nuevo."
      footer={<ModalCloseButton onClose={onClose} />}
    >
      {admin ? (
        <SessionsPanel
          queryKey={[...adminKeys.all, 'sessions', admin.admin_id]}
          load={(signal) => listAdminSessions(admin.admin_id, signal)}
          end={(session) => endAdminSession(admin.admin_id, session.session_id)}
          label={`Sesiones abiertas de ${fullName(admin)}`}
          emptyTitle="Esta cuenta no tiene sesiones abiertas"
        />
      ) : null}
    </Modal>
  );
}
