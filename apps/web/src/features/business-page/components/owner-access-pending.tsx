// The owner's temporary-password mail while it is still pending: a calm note on the Resumen saying
// what it waits for, how many tries were made and when the next one is. Nothing to click: the
// server tries it again by itself (docs/business-import.md, "The owners' access mails").
import type { ReactNode } from 'react';
import type { OwnerAccess } from '../../../api/business-page-api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { Banner } from '../../../ui/banner.tsx';

export const OWNER_ACCESS_PENDING_TEXT = {
  title: 'Correo de acceso al dueño pendiente',
  queued: 'El correo con la contraseña temporal está en cola; aún no se ha intentado enviar.',
  sending: 'El correo con la contraseña temporal se está enviando ahora.',
  retrying:
    'Un intento de enviar el correo con la contraseña temporal no se completó; el portal lo intentará de nuevo automáticamente.',
  inTrash: 'El correo con la contraseña temporal se enviará cuando el negocio salga de la Papelera.',
  unknown: 'El correo con la contraseña temporal aún no se ha enviado.',
  attempts: 'Intentos hasta ahora',
  nextAttempt: 'Próximo intento',
  soon: 'En breve',
} as const;

const BODY: Record<NonNullable<OwnerAccess['pending_state']>, string> = {
  queued: OWNER_ACCESS_PENDING_TEXT.queued,
  sending: OWNER_ACCESS_PENDING_TEXT.sending,
  retrying: OWNER_ACCESS_PENDING_TEXT.retrying,
  in_trash: OWNER_ACCESS_PENDING_TEXT.inTrash,
};

/** A try already due (or due within the minute) is taken by the next worker round: 'En breve'. */
function nextAttemptText(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  if (at.getTime() - now.getTime() < 60_000) return OWNER_ACCESS_PENDING_TEXT.soon;
  return `${formatDateTime(at)} (${relativeTime(at, now)})`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-1">
      <dt>{label}:</dt> <dd className="font-medium">{children}</dd>
    </div>
  );
}

interface OwnerAccessPendingProps {
  access: OwnerAccess;
  className?: string;
}

export function OwnerAccessPending({ access, className }: OwnerAccessPendingProps) {
  const state = access.pending_state;
  // While a try is under way its time is the end of its lease, not a next try: not shown then.
  const next = state === 'queued' || state === 'retrying' ? access.next_attempt_at : null;
  return (
    <Banner tone="info" title={OWNER_ACCESS_PENDING_TEXT.title} className={className}>
      <p>{state ? BODY[state] : OWNER_ACCESS_PENDING_TEXT.unknown}</p>
      <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        <Detail label={OWNER_ACCESS_PENDING_TEXT.attempts}>{access.attempts}</Detail>
        {next ? (
          <Detail label={OWNER_ACCESS_PENDING_TEXT.nextAttempt}>
            <time dateTime={next}>{nextAttemptText(next)}</time>
          </Detail>
        ) : null}
      </dl>
    </Banner>
  );
}
