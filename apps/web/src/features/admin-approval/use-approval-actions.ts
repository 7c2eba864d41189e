// The screen's one-click actions (approve/activate, unlock) and the banner that reports every action.
import type { AdminAccount } from '@portal/contract/admin-registration';
import { useState } from 'react';
import { conflictOf } from '../../api/edit-conflict.ts';
import { actorName } from '../../lib/actor-name.ts';
import { fullName, statusLabel } from './admin-status.ts';
import { useReleaseLockout, useSetAdminStatus } from './api/use-admin-mutations.ts';
import type { AdminRowHandlers } from './components/admin-row-actions.tsx';
import type { Notice } from './components/approval-notice.tsx';

/** A 412: what the account is now, so the master decides again on what is true. */
function changedMeanwhile(error: Error): string | null {
  const conflict = conflictOf<AdminAccount>(error);
  if (!conflict) return null;
  const now = conflict.current?.access_status;
  const by = conflict.changedBy ? ` (la cambió ${actorName(conflict.changedBy)})` : '';
  return now
    ? `La cuenta cambió mientras tanto${by} y su estado ahora es ${statusLabel(now)}. La lista ya la muestra como está; revísela antes de intentarlo de nuevo.`
    : `La cuenta cambió mientras tanto${by}. La lista ya la muestra como está.`;
}

/** `settled` is called once an action has its answer, right or wrong (the focus follows the list). */
export function useApprovalActions(settled: () => void) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const setStatus = useSetAdminStatus();
  const release = useReleaseLockout();

  const activate = (admin: AdminAccount) => {
    const approving = admin.access_status === 'pending';
    setNotice(null);
    setStatus.mutate(
      { adminId: admin.admin_id, status: 'active', version: admin.version },
      {
        onSuccess: () =>
          setNotice({
            tone: 'success',
            title: approving ? 'Administrador aprobado' : 'Administrador activado',
            message: `${fullName(admin)} (${admin.admin_email}) ya puede iniciar sesión.`,
          }),
        onError: (error) =>
          setNotice({
            tone: 'error',
            title: `No se pudo ${approving ? 'aprobar' : 'activar'} a ${fullName(admin)}`,
            message: changedMeanwhile(error) ?? error.message,
          }),
        onSettled: settled,
      },
    );
  };

  const unlock = (admin: AdminAccount) => {
    setNotice(null);
    release.mutate(admin.admin_id, {
      onSuccess: () =>
        setNotice({
          tone: 'success',
          title: 'Bloqueo liberado',
          message: `${fullName(admin)} (${admin.admin_email}) puede volver a iniciar sesión.`,
        }),
      onError: (error) =>
        setNotice({
          tone: 'error',
          title: `No se pudo desbloquear a ${fullName(admin)}`,
          message: error.message,
        }),
      onSettled: settled,
    });
  };

  let busy: AdminRowHandlers['busy'] = null;
  if (setStatus.isPending && setStatus.variables) {
    busy = { adminId: setStatus.variables.adminId, action: 'activate' };
  } else if (release.isPending && release.variables !== undefined) {
    busy = { adminId: release.variables, action: 'unlock' };
  }

  return { notice, setNotice, activate, unlock, busy };
}
