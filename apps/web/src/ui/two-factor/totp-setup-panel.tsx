// Setting up the second factor: the QR code (an SVG the server renders, so no QR code library in
// the portal), the key as text for typing by hand, and the first code to confirm. On 'Seguridad'
// the current password as well: a signed-in session alone does not turn it on.
import { PASSWORD_FORM_MESSAGES } from '@portal/contract/account';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../button.tsx';
import { describedBy, Field } from '../field.tsx';
import { PasswordInput } from '../password-input.tsx';
import { CodeField, codeReady } from './code-field.tsx';

export interface TotpSetup {
  secret: string;
  qr_svg: string;
}

interface TotpSetupPanelProps {
  setup: TotpSetup;
  pending: boolean;
  /** Under the code field: a wrong code, or any other refusal. */
  error: string | null;
  onConfirm: (code: string, password: string) => void;
  onCancel?: () => void;
  /** Ask for the current password too (not at sign-in, where it was just checked). */
  askPassword?: boolean;
  /** Under the password field: a wrong current password. The field then has the keyboard. */
  passwordError?: string | null;
  /** Something was typed: the last refusal no longer applies. */
  onEdit?: () => void;
}

const PASSWORD_ID = 'totp-setup-password';

/** The key in groups of four, as authenticator apps show it. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TotpSetupPanel({
  setup,
  pending,
  error,
  onConfirm,
  onCancel,
  askPassword = false,
  passwordError,
  onEdit,
}: TotpSetupPanelProps) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState({ code: false, password: false });
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // A wrong password: back to that field, once the answer is on screen (the code typed stays).
  useEffect(() => {
    if (passwordError) passwordRef.current?.focus();
  }, [passwordError]);
  // A refused code: the code field takes the keyboard from 'Confirmar y activar', as at sign-in.
  useEffect(() => {
    if (error) codeRef.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const absent = { code: !codeReady(code, false), password: askPassword && password === '' };
    if (absent.code || absent.password) {
      setMissing(absent);
      // The first field to fix, in the form's order, gets the keyboard.
      (absent.password ? passwordRef : codeRef).current?.focus();
      return;
    }
    onConfirm(code, password);
  };
  const passwordMessage = missing.password ? PASSWORD_FORM_MESSAGES.currentRequired : (passwordError ?? null);
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Configurar la verificación en dos pasos"
      className="space-y-5"
    >
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Abra su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password u
          otra) y escanee este código QR.
        </li>
        <li>
          {askPassword
            ? 'Confirme con su contraseña actual y el código de 6 dígitos que muestra la aplicación.'
            : 'Escriba el código de 6 dígitos que muestra la aplicación para confirmar.'}
        </li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt="Código QR para configurar la verificación en dos pasos"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-md border border-slate-200 bg-white"
        />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-medium text-slate-800">¿No puede escanear el código?</p>
          <p className="text-slate-600">Ingrese esta clave en la aplicación:</p>
          <code
            data-testid="totp-secret"
            className="block rounded-md bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900"
          >
            {groupedKey(setup.secret)}
          </code>
        </div>
      </div>
      {askPassword ? (
        <Field
          id={PASSWORD_ID}
          label={
            <>
              Contraseña actual
              {/* Told apart from 'Cambiar contraseña''s field of the same label on 'Seguridad'. */}
              <span className="sr-only"> para activar la verificación en dos pasos</span>
            </>
          }
          error={passwordMessage}
          required
        >
          <PasswordInput
            ref={passwordRef}
            id={PASSWORD_ID}
            autoComplete="current-password"
            maxLength={256}
            value={password}
            aria-invalid={passwordMessage ? true : undefined}
            aria-describedby={describedBy(PASSWORD_ID, passwordMessage)}
            onChange={(event) => {
              setPassword(event.target.value);
              setMissing((current) => ({ ...current, password: false }));
              onEdit?.();
            }}
          />
        </Field>
      ) : null}
      <CodeField
        ref={codeRef}
        id="totp-setup-code"
        label="Código de verificación"
        required
        value={code}
        onChange={(value) => {
          setCode(value);
          setMissing((current) => ({ ...current, code: false }));
          onEdit?.();
        }}
        error={missing.code ? 'Ingrese el código de 6 dígitos.' : error}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
        ) : null}
        <Button type="submit" loading={pending}>
          Confirmar y activar
        </Button>
      </div>
    </form>
  );
}
