// Setting up the second factor (issue 25): the QR code (an SVG the server renders, so no QR code
// library in the portal), the key as text for typing by hand, and the first code to confirm.
import { type FormEvent, useState } from 'react';
import { Button } from '../button.tsx';
import { CodeField, codeReady } from './code-field.tsx';

export interface TotpSetup {
  secret: string;
  qr_svg: string;
}

interface TotpSetupPanelProps {
  setup: TotpSetup;
  pending: boolean;
  error: string | null;
  onConfirm: (code: string) => void;
  onCancel?: () => void;
}

/** The key in groups of four, as authenticator apps show it. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TotpSetupPanel({ setup, pending, error, onConfirm, onCancel }: TotpSetupPanelProps) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!codeReady(code, false)) {
      setMissing(true);
      return;
    }
    onConfirm(code);
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Abra su aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password u
          otra) y escanee este código QR.
        </li>
        <li>Escriba el código de 6 dígitos que muestra la aplicación para confirmar.</li>
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
      <CodeField
        id="totp-setup-code"
        label="Código de verificación"
        value={code}
        onChange={(value) => {
          setCode(value);
          setMissing(false);
        }}
        error={missing ? 'Ingrese el código de 6 dígitos.' : error}
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
