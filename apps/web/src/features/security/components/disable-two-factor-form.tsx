// Turning the second factor off: a current code from the app, or one of the recovery codes.
import { ShieldOff } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { displayMessage } from '../../../lib/message-translator.ts';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { CodeField, codeReady } from '../../../ui/two-factor/code-field.tsx';
import { useDisableTwoFactor } from '../api/use-two-factor.ts';

export function DisableTwoFactorForm() {
  const disable = useDisableTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // A refused code: the code field takes the keyboard from 'Desactivar', as at sign-in.
  const refused = disable.error ? disable.error.message : null;
  useEffect(() => {
    if (refused) codeRef.current?.focus();
  }, [refused]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!codeReady(code, recovery)) {
      setMissing(true);
      codeRef.current?.focus();
      return;
    }
    disable.mutate(code.trim(), {
      onSuccess: () => toast.success('Verificación en dos pasos desactivada.'),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Desactivar la verificación en dos pasos</h3>
      <CodeField
        key={recovery ? 'recovery' : 'totp'}
        ref={codeRef}
        id="disable-2fa-code"
        label={recovery ? 'Código de recuperación' : 'Código de verificación'}
        recovery={recovery}
        required
        value={code}
        onChange={(value) => {
          setCode(value);
          setMissing(false);
          disable.reset();
        }}
        error={
          missing
            ? recovery
              ? 'Ingrese un código de recuperación.'
              : 'Ingrese el código de 6 dígitos.'
            : disable.error
              ? displayMessage(disable.error.message)
              : null
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className={cn('rounded text-sm font-medium text-blue-700 hover:underline', focusRing)}
          onClick={() => {
            setRecovery((current) => !current);
            setCode('');
            setMissing(false);
          }}
        >
          {recovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </button>
        <Button
          type="submit"
          variant="danger"
          loading={disable.isPending}
          icon={<ShieldOff className="size-4" aria-hidden="true" />}
        >
          Desactivar
        </Button>
      </div>
    </form>
  );
}
