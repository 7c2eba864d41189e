import type { AdminAccount } from '@portal/contract/admin-registration';
import { useState } from 'react';
import { conflictOf } from '../../../api/edit-conflict.ts';
import { isStrongPassword } from '../../../lib/password-rules.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { fullName } from '../admin-status.ts';
import { useResetAdminPassword } from '../api/use-admin-mutations.ts';
import { AdminConflict } from './admin-conflict.tsx';
import type { AdminDialogProps } from './admin-dialog-props.ts';
import { PasswordRulesList } from './password-rules-list.tsx';

const FORM_ID = 'reset-admin-password-form';
const FIELD_ID = 'reset-admin-password';
const RULES_ID = 'reset-admin-password-rules';

/** A new password for an admin; submit stays disabled until every rule is met (SPEC §5). */
export function ResetPasswordModal({ admin, onClose, onDone }: AdminDialogProps) {
  const reset = useResetAdminPassword();
  const [password, setPassword] = useState('');
  const strong = isStrongPassword(password);
  // The account as it is now after 'Recargar'; the reset names the version shown.
  const [reloaded, setReloaded] = useState<AdminAccount | null>(null);
  const shown = admin && reloaded?.admin_id === admin.admin_id ? reloaded : admin;
  const conflict = conflictOf<AdminAccount>(reset.error);

  const close = () => {
    if (reset.isPending) return;
    reset.reset();
    setPassword('');
    setReloaded(null);
    onClose();
  };

  const send = (version = shown?.version) => {
    if (!admin || !shown || !strong || reset.isPending) return;
    reset.mutate(
      { adminId: admin.admin_id, password, version },
      {
        onSuccess: () => {
          reset.reset();
          setPassword('');
          setReloaded(null);
          onDone(shown);
        },
      },
    );
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <Modal
      open={admin !== null}
      onClose={close}
      title="Restablecer Contraseña"
      description={
        admin
          ? `Nueva contraseña para ${fullName(admin)} (${admin.admin_email}). Sus sesiones abiertas se cerrarán.`
          : undefined
      }
      footer={
        <ModalButtons
          onCancel={close}
          busy={reset.isPending}
          type="submit"
          form={FORM_ID}
          disabled={!strong || conflict !== null}
        >
          Restablecer Contraseña
        </ModalButtons>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
        {conflict && shown ? (
          <AdminConflict
            shown={shown}
            conflict={conflict}
            applying={reset.isPending}
            onReload={(now) => {
              setReloaded(now);
              reset.reset();
            }}
            onApplyAnyway={() => send(conflict.currentVersion)}
          />
        ) : reset.error ? (
          <Banner tone="error">No se pudo restablecer la contraseña: {reset.error.message}</Banner>
        ) : null}
        <div className="space-y-1.5">
          <label htmlFor={FIELD_ID} className="block text-sm font-medium text-slate-800">
            Nueva contraseña
          </label>
          <PasswordInput
            id={FIELD_ID}
            value={password}
            maxLength={256}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={RULES_ID}
          />
        </div>
        <PasswordRulesList id={RULES_ID} password={password} />
      </form>
    </Modal>
  );
}
