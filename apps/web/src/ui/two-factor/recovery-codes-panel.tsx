// The 10 recovery codes, shown once right after 2FA is turned on: copy, download as .txt.
import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format-date.ts';
import { Button } from '../button.tsx';

interface RecoveryCodesPanelProps {
  codes: string[];
  /** Who the codes are for, in the downloaded file. */
  account: string;
  doneLabel: string;
  onDone: () => void;
}

export const RECOVERY_FILE_NAME = 'codigos-de-recuperacion.txt';

function fileText(codes: string[], account: string): string {
  return [
    'Portal de Administración — códigos de recuperación',
    `Cuenta: ${account}`,
    `Generados: ${formatDateTime(new Date())}`,
    '',
    'Cada código sirve una sola vez, en lugar del código de la aplicación.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function RecoveryCodesPanel({ codes, account, doneLabel, onDone }: RecoveryCodesPanelProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([fileText(codes, account)], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="space-y-4">
      <div
        role="status"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        <p className="font-semibold">Guarde estos códigos de recuperación en un lugar seguro.</p>
        <p>
          Si pierde el acceso a su aplicación de autenticación, puede iniciar sesión con uno de ellos. Cada
          código sirve una sola vez y no se volverán a mostrar.
        </p>
      </div>
      <ol
        aria-label="Códigos de recuperación"
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => void copy()}
          icon={<Copy className="size-4" aria-hidden="true" />}
        >
          Copiar códigos
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={download}
          icon={<Download className="size-4" aria-hidden="true" />}
        >
          Descargar .txt
        </Button>
        <span aria-live="polite" className="text-sm text-slate-600">
          {copied === 'yes'
            ? 'Códigos copiados.'
            : copied === 'failed'
              ? 'No se pudieron copiar: descárguelos.'
              : ''}
        </span>
      </div>
      <div className="flex justify-end">
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
