// Step 2 of 'Actualizar Email': the 6-digit code sent to the new address (SPEC §5).
import { SESSION } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../button.tsx';
import { describedBy, Field, TextInput } from '../../field.tsx';
import { EmailText } from '../email-text.tsx';

const SIX_DIGITS = /^\d{6}$/;

interface EmailCodeStepProps {
  formId: string;
  newEmail: string;
  disabled: boolean;
  resendSeconds: number;
  resending: boolean;
  /** The business is no longer there: nothing to resend. */
  gone?: boolean;
  /** The server refused the code typed: the field gets the focus back, its digits selected. */
  refused?: boolean;
  onResend: () => void;
  onSubmit: (code: string) => void;
}

export function EmailCodeStep({
  formId,
  newEmail,
  disabled,
  resendSeconds,
  resending,
  gone = false,
  refused = false,
  onResend,
  onSubmit,
}: EmailCodeStepProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  useEffect(() => {
    if (refused && !disabled) setFocus('code', { shouldSelect: true });
  }, [refused, disabled, setFocus]);
  const id = `${formId}-code`;
  const error = errors.code?.message;

  return (
    <form id={formId} noValidate onSubmit={handleSubmit((values) => onSubmit(values.code.trim()))}>
      <p className="mb-4 text-sm text-slate-600">
        Enviamos un código de 6 dígitos a{' '}
        <span className="font-medium text-slate-900">
          <EmailText email={newEmail} />
        </span>
        . Vence a los {SESSION.codeTtlSeconds / 60} minutos de su envío.
      </p>
      <Field id={id} label="Código de verificación" error={error}>
        <TextInput
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={6}
          placeholder="000000"
          // Read-only, not disabled, while the code is checked: the field keeps the keyboard focus.
          readOnly={disabled}
          className="max-w-40 font-mono tracking-[0.3em]"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          {...register('code', {
            validate: (value) => SIX_DIGITS.test(value.trim()) || MSG.codeSixDigitsEs,
          })}
        />
      </Field>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>¿No llegó el código?</span>
        <Button
          variant="ghost"
          size="sm"
          className="h-10 text-blue-700"
          onClick={onResend}
          loading={resending}
          disabled={disabled || gone || resendSeconds > 0}
        >
          {resendSeconds > 0 ? `Reenviar en ${resendSeconds}s` : 'Reenviar código'}
        </Button>
      </div>
    </form>
  );
}
