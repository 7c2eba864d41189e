// 'Eventos de pago sin negocio' (master only): events Stripe or PayPal sent that named
// no business of the portal. They are kept, not lost; docs/payments.md says what to do with them.
import { unmatchedReasonLabel } from '@portal/contract/webhooks';
import { Inbox } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { UnmatchedWebhookEvent } from '../../../api/subscriptions-api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { providerLabel } from '../../../ui/business/subscription/subscription-labels.ts';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pagination, ShownRange } from '../../../ui/pagination.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { UNMATCHED_EVENTS_SHOWN, useUnmatchedPaymentEvents } from '../api/use-unmatched-payment-events.ts';

const columns: ResponsiveColumn<UnmatchedWebhookEvent>[] = [
  {
    id: 'received',
    header: 'Recibido',
    className: 'whitespace-nowrap',
    cell: (event) => (
      <time dateTime={event.received_at} title={formatDateTime(event.received_at)}>
        {relativeTime(event.received_at)}
      </time>
    ),
  },
  { id: 'provider', header: 'Proveedor', cell: (event) => providerLabel(event.provider) },
  {
    id: 'event',
    header: 'Evento',
    cell: (event) => (
      <span className="block min-w-0">
        <span className="block">{event.event_type}</span>
        <span className="block font-mono text-xs break-all text-slate-500">{event.event_id}</span>
      </span>
    ),
  },
  {
    id: 'registry',
    header: 'Número de registro',
    cell: (event) => <span className="font-mono text-xs">{event.business_registry_number ?? '—'}</span>,
  },
  { id: 'reason', header: 'Motivo', cell: (event) => unmatchedReasonLabel(event.reason) },
];

export function UnmatchedEventsPanel() {
  const [page, setPage] = useState(1);
  const query = useUnmatchedPaymentEvents(page);
  const totalPages = Math.max(1, Math.ceil((query.data?.total_count ?? 0) / UNMATCHED_EVENTS_SHOWN));
  // Events applied since (a replay, a restore) can leave this page past the end: the last one instead.
  const pastEnd = !!query.data && !query.isPlaceholderData && query.data.events.length === 0 && page > 1;
  useEffect(() => {
    if (pastEnd) setPage(totalPages);
  }, [pastEnd, totalPages]);
  return (
    <section
      aria-labelledby="eventos-sin-negocio-titulo"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div className="border-b border-slate-200 px-4 py-4 sm:px-6">
        <h3 id="eventos-sin-negocio-titulo" className="text-base font-semibold text-slate-900">
          Eventos de pago sin negocio
        </h3>
        <p className="text-sm text-slate-600">
          Avisos de Stripe o PayPal que no indican un negocio del portal. Se guardan para revisarlos; no se
          aplicaron a ninguna suscripción.
        </p>
      </div>
      {query.isPending ? (
        <div className="p-4 sm:p-6">
          <LoadingState label="Cargando eventos..." />
        </div>
      ) : query.isError ? (
        <div className="p-4 sm:p-6">
          <QueryError query={query} title="No se pudieron cargar los eventos" />
        </div>
      ) : query.data.events.length === 0 ? (
        <div className="p-4 sm:p-6">
          <EmptyState
            className="py-10"
            icon={<Inbox className="size-6" />}
            title="Sin eventos pendientes"
            description="Todos los eventos de pago recibidos corresponden a un negocio."
          />
        </div>
      ) : (
        <>
          <ResponsiveTable
            label="Eventos de pago sin negocio"
            columns={columns}
            rows={query.data.events}
            rowKey={(event) => event.id}
          />
          {query.data.total_count > query.data.events.length || page > 1 ? (
            <div className="space-y-3 border-t border-slate-200 px-4 py-3 sm:px-6">
              <ShownRange
                first={(page - 1) * UNMATCHED_EVENTS_SHOWN + 1}
                shown={query.data.events.length}
                total={query.data.total_count}
                noun={['evento', 'eventos']}
              />
              <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
