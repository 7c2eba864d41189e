// 'Eventos de pago sin negocio' (master only): events Stripe or PayPal sent that named
// no business of the portal. They are kept, not lost; docs/payments.md says what to do with them.
// The list is the work left: an event marked resolved leaves it, and 'Mostrar resueltos' shows
// those too, each with 'Reabrir'. Both that choice and the page live in the URL, beside the
// screen's own parameters, so reload and Back keep them.
import { Inbox } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/api-error.ts';
import type { UnmatchedWebhookEvent } from '../../../api/subscriptions-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { useFocusAfterChange } from '../../../lib/use-focus-after-change.ts';
import { useLatestSearchParams } from '../../../lib/use-latest-search-params.ts';
import { Banner } from '../../../ui/banner.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Pagination, ShownRange } from '../../../ui/pagination.tsx';
import { Switch } from '../../../ui/switch.tsx';
import {
  type Resolution,
  UNMATCHED_EVENTS_SHOWN,
  useSetEventResolved,
  useUnmatchedPaymentEvents,
} from '../api/use-unmatched-payment-events.ts';
import { UnmatchedEventsTable } from './unmatched-events-table.tsx';

/** `?eventos_resueltos=1`: the list shows the resolved events too. */
export const SHOW_RESOLVED_PARAM = 'eventos_resueltos';
/** `?eventos_pagina=N`: the page of the list shown (absent for page 1). */
export const PAGE_PARAM = 'eventos_pagina';

function pageFrom(params: URLSearchParams): number {
  const requested = Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10);
  return Number.isFinite(requested) && requested > 1 ? requested : 1;
}

function withPage(current: URLSearchParams, page: number): URLSearchParams {
  if (page > 1) current.set(PAGE_PARAM, String(page));
  else current.delete(PAGE_PARAM);
  return current;
}

/** Why a change was not saved, in Spanish (the server's message, or a generic one). */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  return displayMessage('No se pudo guardar el cambio. Intente nuevamente.');
}

export function UnmatchedEventsPanel() {
  const [params, setParams] = useLatestSearchParams();
  const showResolved = params.get(SHOW_RESOLVED_PARAM) === '1';
  const page = pageFrom(params);
  const query = useUnmatchedPaymentEvents(page, showResolved);
  const change = useSetEventResolved();
  const [failure, setFailure] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);
  // An event marked resolved leaves the list with its button: the panel takes the focus.
  const changeSettled = useFocusAfterChange(panel, query.data);
  const totalPages = Math.max(1, Math.ceil((query.data?.total_count ?? 0) / UNMATCHED_EVENTS_SHOWN));
  // Events applied or resolved since can leave this page past the end: the last one instead.
  const pastEnd = !!query.data && !query.isPlaceholderData && query.data.events.length === 0 && page > 1;
  // A correction, not a step of the person's: it replaces the history entry, so Back skips it.
  useEffect(() => {
    if (pastEnd) setParams((current) => withPage(current, totalPages), { replace: true });
  }, [pastEnd, totalPages, setParams]);

  const changePage = (next: number) => setParams((current) => withPage(current, next));

  const toggleResolved = (show: boolean) => {
    setParams(
      (current) => {
        if (show) current.set(SHOW_RESOLVED_PARAM, '1');
        else current.delete(SHOW_RESOLVED_PARAM);
        return withPage(current, 1);
      },
      { replace: true },
    );
  };

  const resolve = (event: UnmatchedWebhookEvent, resolved: boolean) => {
    setFailure(null);
    const run = (resolution: Resolution) =>
      change.mutate(resolution, {
        onSettled: changeSettled,
        onSuccess: () => {
          if (!resolution.resolved) {
            toast.success('Evento reabierto: vuelve a la lista de pendientes.');
            return;
          }
          toast.success('Evento marcado como resuelto.', {
            action: { label: 'Deshacer', onClick: () => run({ id: event.id, resolved: false }) },
          });
        },
        onError: (error) =>
          setFailure(
            `No se pudo ${resolution.resolved ? 'marcar como resuelto' : 'reabrir'} el evento ${event.event_id}. ${failureText(error)}`,
          ),
      });
    run({ id: event.id, resolved });
  };

  const body = () => {
    if (query.isPending) return <LoadingState label="Cargando eventos..." />;
    if (query.isError) return <QueryError query={query} title="No se pudieron cargar los eventos" />;
    // An empty answer that is not the last word (a page past the end on its way to the last one, or
    // the list shown before while the one asked for loads): not "no events" yet.
    if (pastEnd || (query.isPlaceholderData && query.data.events.length === 0)) {
      return <LoadingState label="Cargando eventos..." />;
    }
    if (query.data.events.length === 0) {
      return showResolved ? (
        <EmptyState
          className="py-10"
          icon={<Inbox className="size-6" />}
          headingLevel={4}
          title="Sin eventos de pago sin negocio"
          description="Todavía no ha llegado ningún evento de pago que no corresponda a un negocio: no hay eventos pendientes ni resueltos."
        />
      ) : (
        <EmptyState
          className="py-10"
          icon={<Inbox className="size-6" />}
          headingLevel={4}
          title="Sin eventos pendientes"
          description="Todos los eventos de pago recibidos corresponden a un negocio o ya se marcaron como resueltos."
        />
      );
    }
    return null;
  };

  const empty = body();
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="eventos-sin-negocio-titulo"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white outline-none"
    >
      <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="min-w-0">
          <h3 id="eventos-sin-negocio-titulo" className="text-base font-semibold text-slate-900">
            Eventos de pago sin negocio
          </h3>
          <p className="text-sm text-slate-600">
            Avisos de Stripe o PayPal que no indican un negocio del portal. Se guardan para revisarlos; no se
            aplicaron a ninguna suscripción. Márquelos como resueltos cuando los haya atendido.
          </p>
        </div>
        <Switch
          className="shrink-0 sm:justify-end"
          label="Mostrar resueltos"
          checked={showResolved}
          onCheckedChange={toggleResolved}
        />
      </div>
      {failure ? (
        <div className="px-4 pt-4 sm:px-6">
          <Banner tone="error">{failure}</Banner>
        </div>
      ) : null}
      {empty ? (
        <div className="p-4 sm:p-6">{empty}</div>
      ) : query.data ? (
        <>
          <UnmatchedEventsTable
            events={query.data.events}
            showState={showResolved}
            saving={change.isPending ? (change.variables?.id ?? null) : null}
            onResolve={resolve}
          />
          {query.data.total_count > query.data.events.length || page > 1 ? (
            <div className="space-y-3 border-t border-slate-200 px-4 py-3 sm:px-6">
              <ShownRange
                first={(page - 1) * UNMATCHED_EVENTS_SHOWN + 1}
                shown={query.data.events.length}
                total={query.data.total_count}
                noun={['evento', 'eventos']}
              />
              <Pagination page={page} totalPages={totalPages} onPageChange={changePage} />
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
