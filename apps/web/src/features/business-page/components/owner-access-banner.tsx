// The owner's temporary-password mail on the Resumen (a staff registration's, or an import's): one
// that failed on every try is a warning with 'Reintentar envío', which queues it again and tries it
// at once; one still pending is a calm note (owner-access-pending.tsx) (docs/business-import.md,
// "The owners' access mails").
import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import type { BusinessPage } from '../../../api/business-page-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { useRetryOwnerAccess } from '../api/use-retry-owner-access.ts';
import { OwnerAccessPending } from './owner-access-pending.tsx';

export const OWNER_ACCESS_TEXT = {
  title: 'El dueño no recibió su contraseña temporal',
  body: 'El correo con la contraseña temporal no se pudo enviar después de varios intentos.',
  retry: 'Reintentar envío',
  sent: 'Contraseña temporal enviada al dueño',
  queued: 'Todavía no se pudo enviar; el portal lo intentará de nuevo automáticamente.',
  notNeeded: 'El dueño ya tiene otra contraseña: no hace falta enviarla.',
} as const;

interface OwnerAccessBannerProps {
  registry: string;
  access: BusinessPage['owner_access'];
  className?: string;
}

/** The business's latest mail while it is 'pending' or 'failed'; nothing once sent or not needed. */
export function OwnerAccessBanner({ registry, access, className }: OwnerAccessBannerProps) {
  if (access?.status === 'pending') return <OwnerAccessPending access={access} className={className} />;
  if (access?.status === 'failed') return <OwnerAccessFailed registry={registry} className={className} />;
  return null;
}

function OwnerAccessFailed({ registry, className }: Omit<OwnerAccessBannerProps, 'access'>) {
  const retry = useRetryOwnerAccess(registry);
  const send = () =>
    retry.mutate(undefined, {
      onSuccess: ({ sent, owner_access }) => {
        if (sent) toast.success(OWNER_ACCESS_TEXT.sent);
        else if (owner_access?.status === 'cancelled') toast.info(OWNER_ACCESS_TEXT.notNeeded);
        else toast.info(OWNER_ACCESS_TEXT.queued);
      },
    });
  return (
    <Banner tone="warning" title={OWNER_ACCESS_TEXT.title} className={className}>
      <p>{OWNER_ACCESS_TEXT.body}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={send}
        loading={retry.isPending}
        icon={<RotateCw className="size-4" aria-hidden="true" />}
      >
        {OWNER_ACCESS_TEXT.retry}
      </Button>
      {retry.error ? <p className="mt-2 text-red-700">{displayMessage(retry.error.message)}</p> : null}
    </Banner>
  );
}
