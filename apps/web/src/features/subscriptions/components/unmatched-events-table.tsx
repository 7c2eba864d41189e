// The rows of 'Eventos de pago sin negocio': a table from 768 px, cards below, each with the
// button that marks it resolved or opens it again.

import { providerLabel } from '@portal/contract/subscription-labels';
import { unmatchedReasonLabel } from '@portal/contract/webhooks';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import type { UnmatchedWebhookEvent } from '../../../api/subscriptions-api.ts';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDateTime, formatRelative } from '../../../lib/format-date.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { paymentEventTypeLabel } from './payment-event-type.ts';

const received: ResponsiveColumn<UnmatchedWebhookEvent> = {
  id: 'received',
  header: 'Recibido',
  className: 'whitespace-nowrap',
  // The date itself, and how long ago under it, as in 'Auditoría': no tooltip, which a phone or a
  // keyboard cannot open.
  cell: (event) => <WhenText value={event.received_at} className="font-medium text-slate-900" />,
};

function WhenText({ value, className }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className="block">
      <span className={cn('block', className)}>{formatDateTime(value)}</span>
      <span className="block text-xs text-slate-500">{formatRelative(value)}</span>
    </time>
  );
}

const details: ResponsiveColumn<UnmatchedWebhookEvent>[] = [
  { id: 'provider', header: 'Proveedor', cell: (event) => providerLabel(event.provider) },
  {
    id: 'event',
    header: 'Evento',
    cell: (event) => <EventCell event={event} />,
  },
  {
    id: 'registry',
    header: 'Número de registro',
    cell: (event) => <span className="font-mono text-xs">{event.business_registry_number ?? '—'}</span>,
  },
  { id: 'reason', header: 'Motivo', cell: (event) => unmatchedReasonLabel(event.reason) },
];

/** The event's Spanish name over the provider's own type (kept for support) and its id; a type
 * the portal does not know is shown as sent. */
function EventCell({ event }: { event: UnmatchedWebhookEvent }) {
  const label = paymentEventTypeLabel(event.event_type);
  return (
    <span className="block min-w-0">
      {label ? (
        <>
          <span className="block" title={event.event_type}>
            {label}
          </span>
          <span className="block font-mono text-xs break-all text-slate-500">{event.event_type}</span>
        </>
      ) : (
        <span className="block break-all">{event.event_type}</span>
      )}
      <span className="block font-mono text-xs break-all text-slate-500">{event.event_id}</span>
    </span>
  );
}

/** Shown with the resolved ones: whether each is resolved, by whom and when. */
const state: ResponsiveColumn<UnmatchedWebhookEvent> = {
  id: 'state',
  header: 'Estado',
  cell: (event) =>
    event.resolved_at ? (
      <span className="block space-y-0.5">
        <StatusBadge tone="green">Resuelto</StatusBadge>
        {event.resolved_by ? (
          <span className="block text-xs break-all text-slate-700">{actorName(event.resolved_by)}</span>
        ) : null}
        <WhenText value={event.resolved_at} className="text-xs text-slate-700" />
      </span>
    ) : (
      <StatusBadge tone="amber">Pendiente</StatusBadge>
    ),
};

interface UnmatchedEventsTableProps {
  events: UnmatchedWebhookEvent[];
  /** Adds the 'Estado' column (the list then holds resolved events too). */
  showState: boolean;
  /** The event whose change is being saved (its button spins; the others wait). */
  saving: number | null;
  onResolve: (event: UnmatchedWebhookEvent, resolved: boolean) => void;
}

export function UnmatchedEventsTable({ events, showState, saving, onResolve }: UnmatchedEventsTableProps) {
  const action: ResponsiveColumn<UnmatchedWebhookEvent> = {
    id: 'action',
    header: 'Acción',
    className: 'md:text-right',
    cell: (event) => {
      const resolved = event.resolved_at !== null;
      const label = resolved ? 'Reabrir' : 'Marcar como resuelto';
      return (
        <Button
          variant="secondary"
          size="sm"
          className="h-10 whitespace-nowrap"
          aria-label={`${label} el evento ${event.event_id}`}
          loading={saving === event.id}
          disabled={saving !== null}
          icon={
            resolved ? (
              <RotateCcw className="size-4" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="size-4" aria-hidden="true" />
            )
          }
          onClick={() => onResolve(event, !resolved)}
        >
          {label}
        </Button>
      );
    },
  };
  const columns = [received, ...details, ...(showState ? [state] : []), action];
  return (
    <ResponsiveTable
      label="Eventos de pago sin negocio"
      columns={columns}
      rows={events}
      rowKey={(event) => event.id}
    />
  );
}
