// 'Cambiar contraseña': the current password, the new one under the rules of SPEC §5 and
// its confirmation, checked with the contract's schema before anything is sent. The server ends
// every other session of the person; this one stays.
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MSG, ChangePasswordForm, type ChangePasswordFormValues } from '@portal/contract/account';
import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { PASSWORD_HINT } from '../../../lib/password-rules.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { describedBy, Field } from '../../../ui/field.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { useChangePassword } from '../api/use-account.ts';

/** The anchor of the form: the user menu's 'Cambiar contraseña' opens /seguridad#cambiar-contrasena. */
export const CHANGE_PASSWORD_ANCHOR = 'cambiar-contrasena';

const ID = {
  current_password: 'cambiar-contrasena-actual',
  new_password: 'cambiar-contrasena-nueva',
  confirm_password: 'cambiar-contrasena-confirmar',
} as const;

const isWrongCurrent = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.serverMessage === ACCOUNT_MSG.currentPasswordIncorrect;

const EMPTY: ChangePasswordFormValues = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordCard({ forced, onChanged }: { forced: boolean; onChanged: () => void }) {
  const change = useChangePassword();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ChangePasswordFormValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(ChangePasswordForm, undefined, { raw: true }),
  });

  // Opened from the user menu (or sent here to change it): the first field has the keyboard, also when
  // the menu entry is chosen again while on this page (a new location key, the same hash).
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks each opening.
  useEffect(() => {
    if (forced || location.hash === `#${CHANGE_PASSWORD_ANCHOR}`) setFocus('current_password');
  }, [forced, location.hash, location.key, setFocus]);

  const submit = handleSubmit((values) =>
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: (answer) => {
          reset(EMPTY);
          toast.success(
            answer.ended_sessions > 0
              ? 'Contraseña cambiada. Se cerraron sus demás sesiones.'
              : 'Contraseña cambiada.',
          );
          onChanged();
        },
        onError: (error) => {
          if (isWrongCurrent(error))
            setError('current_password', { type: 'server', message: error.serverMessage });
        },
      },
    ),
  );
  const wrongCurrent = isWrongCurrent(change.error);
  const serverFailure = change.error && !wrongCurrent ? displayMessage(change.error.message) : null;
  // A wrong current password: back to that field, once the answer is on screen.
  useEffect(() => {
    if (wrongCurrent) setFocus('current_password');
  }, [wrongCurrent, setFocus]);

  const field = (name: keyof typeof ID, label: string, hint?: string) => (
    <Field id={ID[name]} label={label} error={errors[name]?.message} hint={hint} required>
      <PasswordInput
        id={ID[name]}
        autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
        maxLength={256}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(ID[name], errors[name]?.message, hint)}
        {...register(name, { onChange: () => change.reset() })}
      />
    </Field>
  );

  return (
    <section
      id={CHANGE_PASSWORD_ANCHOR}
      aria-labelledby="cambiar-contrasena-titulo"
      className="max-w-2xl scroll-mt-24 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="cambiar-contrasena-titulo" className="text-base font-semibold text-slate-900">
            Cambiar contraseña
          </h2>
          <p className="text-sm text-slate-600">
            Al cambiarla se cierran sus sesiones en otros dispositivos; esta sesión sigue abierta.
          </p>
        </div>
      </div>
      {forced ? (
        <Banner tone="warning" className="mb-4">
          Su contraseña fue asignada por el usuario maestro. Elija una contraseña nueva para continuar.
        </Banner>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        {serverFailure ? <Banner tone="error">{serverFailure}</Banner> : null}
        {field('current_password', 'Contraseña actual')}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('new_password', 'Nueva contraseña', PASSWORD_HINT)}
          {field('confirm_password', 'Confirmar nueva contraseña')}
        </div>
        <div className="flex justify-end">
          <Button
            type="submit"
            loading={change.isPending}
            icon={<KeyRound className="size-4" aria-hidden="true" />}
          >
            Cambiar contraseña
          </Button>
        </div>
      </form>
    </section>
  );
}
