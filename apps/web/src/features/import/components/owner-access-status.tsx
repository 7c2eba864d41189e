import { RotateCw } from 'lucide-react';
import type { MouseEvent } from 'react';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { plural } from '../../../lib/plural.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';

type OwnerAccess = NonNullable<ImportRecord['owner_access']>;

interface OwnerAccessStatusProps {
  access: OwnerAccess;
  onRetry: (event: MouseEvent<HTMLButtonElement>) => void;
  retrying: boolean;
  retryError: Error | null;
}

const sentences = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');
const emails = (n: number) => `${formatCount(n)} ${plural(n, 'email', 'emails')}`;

function notNeeded(n: number): string | null {
  if (n === 0) return null;
  return n === 1
    ? '1 email no hizo falta: el negocio ya tiene otra contraseña o ya no está en el directorio.'
    : `${emails(n)} no hicieron falta: los negocios ya tienen otra contraseña o ya no están en el directorio.`;
}

function waitingForTrash(n: number): string | null {
  if (n === 0) return null;
  return n === 1
    ? '1 email espera a que su negocio salga de la papelera.'
    : `${emails(n)} esperan a que sus negocios salgan de la papelera.`;
}

const queued = (access: OwnerAccess) =>
  access.pending > 0
    ? `${formatCount(access.pending)} en cola: se ${plural(access.pending, 'intentará', 'intentarán')} de nuevo más tarde.`
    : null;

/** Where the owners' temporary-password mails of a finished import stand, and a retry for the failed. */
export function OwnerAccessStatus({ access, onRetry, retrying, retryError }: OwnerAccessStatusProps) {
  const total = access.sent + access.pending + access.in_trash + access.failed + access.cancelled;
  if (total === 0) return null;
  if (access.failed > 0) {
    return (
      <Banner
        tone="warning"
        title={
          access.failed === 1 ? 'Un dueño no recibió su acceso' : 'Algunos dueños no recibieron su acceso'
        }
      >
        <p>
          {sentences(
            `${emails(access.failed)} no se ${plural(access.failed, 'pudo', 'pudieron')} enviar después de varios intentos.`,
            access.sent > 0
              ? `${emails(access.sent)} ${plural(access.sent, 'se envió', 'se enviaron')}.`
              : null,
            queued(access),
            waitingForTrash(access.in_trash),
            notNeeded(access.cancelled),
          )}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={onRetry}
          loading={retrying}
          icon={<RotateCw className="size-4" aria-hidden="true" />}
        >
          Reintentar envíos
        </Button>
        {retryError ? <p className="mt-2 text-red-700">{displayMessage(retryError.message)}</p> : null}
      </Banner>
    );
  }
  if (access.pending > 0) {
    return (
      <Banner tone="info" title="Enviando el acceso a los dueños">
        {sentences(
          `Enviados: ${formatCount(access.sent)} de ${emails(total)}; ${formatCount(access.pending)} en cola. Un email que el servidor de correo no acepta se intenta de nuevo más tarde.`,
          waitingForTrash(access.in_trash),
          notNeeded(access.cancelled),
        )}
      </Banner>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      {sentences(
        access.sent > 0
          ? access.sent === 1
            ? 'Se envió 1 email con la contraseña temporal al dueño.'
            : `Se enviaron ${emails(access.sent)} con la contraseña temporal a los dueños.`
          : null,
        waitingForTrash(access.in_trash),
        notNeeded(access.cancelled),
      )}
    </p>
  );
}
