// 'Generar nuevos códigos': ten new recovery codes, the old ones void, after a current
// code of the authenticator app or the password. A recovery code is not accepted: those are what
// is being replaced.
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { describedBy, Field } from '../../../ui/field.tsx';
import { PasswordInput } from '../../../ui/password-input.tsx';
import { CodeField, codeReady } from '../../../ui/two-factor/code-field.tsx';
import { useRegenerateRecoveryCodes } from '../api/use-account.ts';

const PASSWORD_ID = 'nuevos-codigos-contrasena';
const CODE_ID = 'nuevos-codigos-codigo';
const OPEN_ID = 'nuevos-codigos-abrir';

interface RegenerateCodesFormProps {
  onCodes: (codes: string[]) => void;
  /** Refused because 2FA is no longer on (turned off in another tab or session). */
  onTurnedOff: () => void;
}

export function RegenerateCodesForm({ onCodes, onTurnedOff }: RegenerateCodesFormProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const [open, setOpen] = useState(false);
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  // 'Cancelar' took the form, and the focus with it: 'Generar nuevos códigos' gets it back.
  const [cancelled, setCancelled] = useState(false);
  useEffect(() => {
    if (!cancelled) return;
    document.getElementById(OPEN_ID)?.focus();
    setCancelled(false);
  }, [cancelled]);

  if (!open) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">¿Perdió sus códigos o le quedan pocos? Genere otros diez.</p>
        <Button
          id={OPEN_ID}
          variant="secondary"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          onClick={() => setOpen(true)}
        >
          Generar nuevos códigos
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withPassword ? value === '' : !codeReady(value, false)) {
      setMissing(true);
      // The field to fix takes the keyboard from 'Generar códigos'.
      document.getElementById(withPassword ? PASSWORD_ID : CODE_ID)?.focus();
      return;
    }
    regenerate.mutate(withPassword ? { password: value } : { code: value.trim() }, {
      onSuccess: (answer) => {
        setOpen(false);
        setValue('');
        onCodes(answer.recovery_codes);
      },
      onError: (refusal) => {
        if (refusal instanceof ApiError && refusal.serverMessage === TWO_FACTOR_MSG.notEnabled) onTurnedOff();
      },
    });
  };
  const error = missing
    ? withPassword
      ? 'Ingrese su contraseña.'
      : 'Ingrese el código de 6 dígitos.'
    : regenerate.error
      ? displayMessage(regenerate.error.message)
      : null;
  const onChange = (next: string) => {
    setValue(next);
    setMissing(false);
    regenerate.reset();
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="nuevos-codigos-titulo"
      className="space-y-3 border-t border-slate-200 pt-4"
    >
      <h3 id="nuevos-codigos-titulo" className="text-sm font-semibold text-slate-900">
        Generar nuevos códigos de recuperación
      </h3>
      <p className="text-sm text-slate-600">
        Los códigos que tiene ahora dejarán de funcionar. Confirme que es usted con{' '}
        {withPassword ? 'su contraseña' : 'un código de su aplicación de autenticación'}.
      </p>
      {withPassword ? (
        <Field id={PASSWORD_ID} label="Contraseña" error={error} required>
          <PasswordInput
            id={PASSWORD_ID}
            autoComplete="current-password"
            autoFocus
            value={value}
            maxLength={256}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(PASSWORD_ID, error)}
            onChange={(event) => onChange(event.target.value)}
          />
        </Field>
      ) : (
        <CodeField
          id={CODE_ID}
          label="Código de su aplicación"
          required
          value={value}
          autoFocus
          onChange={onChange}
          error={error}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className={cn('rounded text-sm font-medium text-blue-700 hover:underline', focusRing)}
          onClick={() => {
            setWithPassword((current) => !current);
            onChange('');
          }}
        >
          {withPassword ? 'Usar el código de la aplicación' : 'Usar mi contraseña'}
        </button>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setOpen(false);
              onChange('');
              setCancelled(true);
            }}
          >
            Cancelar
          </Button>
          <Button
            type="submit"
            loading={regenerate.isPending}
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
          >
            Generar códigos
          </Button>
        </div>
      </div>
    </form>
  );
}
