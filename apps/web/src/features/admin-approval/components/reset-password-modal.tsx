import type { AdminAccount } from '@portal/contract/admin-registration';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { isStrongPassword } from '../../../lib/password-rules.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { TextInput } from '../../../ui/field.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { fullName } from '../admin-status.ts';
import { useResetAdminPassword } from '../api/use-admin-mutations.ts';
import { PasswordRulesList } from './password-rules-list.tsx';

const FORM_ID = 'reset-admin-password-form';
const FIELD_ID = 'reset-admin-password';
const RULES_ID = 'reset-admin-password-rules';

interface ResetPasswordModalProps {
  admin: AdminAccount | null;
  onClose: () => void;
  onDone: (admin: AdminAccount) => void;
}

/** A new password for an admin; submit stays disabled until every rule is met (SPEC §5). */
export function ResetPasswordModal({ admin, onClose, onDone }: ResetPasswordModalProps) {
  const reset = useResetAdminPassword();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const strong = isStrongPassword(password);

  const close = () => {
    if (reset.isPending) return;
    reset.reset();
    setPassword('');
    setShown(false);
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!admin || !strong || reset.isPending) return;
    reset.mutate(
      { adminId: admin.admin_id, password },
      {
        onSuccess: () => {
          reset.reset();
          setPassword('');
          setShown(false);
          onDone(admin);
        },
      },
    );
  };

  return (
    <Modal
      open={admin !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Restablecer contraseña"
      description={
        admin
          ? `Nueva contraseña para ${fullName(admin)} (${admin.admin_email}). Sus sesiones abiertas se cerrarán.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={reset.isPending}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!strong} loading={reset.isPending}>
            Restablecer contraseña
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="space-y-4">
        {reset.error ? (
          <Banner tone="error">No se pudo restablecer la contraseña: {reset.error.message}</Banner>
        ) : null}
        <div className="space-y-1.5">
          <label htmlFor={FIELD_ID} className="block text-sm font-medium text-slate-800">
            Nueva contraseña
          </label>
          <div className="relative">
            <TextInput
              id={FIELD_ID}
              type={shown ? 'text' : 'password'}
              autoComplete="new-password"
              value={password}
              maxLength={256}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={RULES_ID}
              className="pr-11"
            />
            <button
              type="button"
              onClick={() => setShown((value) => !value)}
              aria-label={shown ? 'Ocultar contraseña' : 'Mostrar contraseña'}
              aria-pressed={shown}
              className={cn(
                'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-700',
                focusRing,
              )}
            >
              {shown ? (
                <EyeOff className="size-4" aria-hidden="true" />
              ) : (
                <Eye className="size-4" aria-hidden="true" />
              )}
            </button>
          </div>
        </div>
        <PasswordRulesList id={RULES_ID} password={password} />
      </form>
    </Modal>
  );
}
