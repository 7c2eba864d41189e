import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import {
  getUnmatchedPaymentEvents,
  setUnmatchedEventResolved,
  type UnmatchedWebhookEvent,
} from '../../../api/subscriptions-api.ts';
import { formatDateTime, formatRelative } from '../../../lib/format-date.ts';
import { UnmatchedEventsPanel } from './unmatched-events-panel.tsx';

vi.mock('../../../api/subscriptions-api.ts', () => ({
  getUnmatchedPaymentEvents: vi.fn(),
  setUnmatchedEventResolved: vi.fn(),
}));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const event = (n: number, resolved = false): UnmatchedWebhookEvent => ({
  id: n,
  provider: 'stripe',
  event_id: `evt_${n}`,
  event_type: 'invoice.paid',
  event_created: '2026-11-28T10:00:00.000Z',
  received_at: '2026-11-28T10:00:00.000Z',
  reason: 'registry_missing',
  business_registry_number: null,
  provider_object_id: null,
  resolved_at: resolved ? '2026-11-28T11:00:00.000Z' : null,
  resolved_by: resolved ? 'Master' : null,
});

function Search() {
  return <output aria-label="búsqueda">{useLocation().search}</output>;
}

/** The browser's Back. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Atrás
    </button>
  );
}

/** The panel at `url`; earlier entries in `history` are where Back leads. */
function renderPanel(url = '/admin-dashboard?tab=suscripciones', history: string[] = []) {
  render(
    <MemoryRouter initialEntries={[...history, url]} initialIndex={history.length}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Routes>
          <Route
            path="/admin-dashboard"
            element={
              <>
                <UnmatchedEventsPanel />
                <Search />
                <Link to="/negocios/REG000001">Ver negocio</Link>
                <BackButton />
              </>
            }
          />
          {/* A business's page, as far as this panel cares: somewhere to go and come Back from. */}
          <Route path="/negocios/:registro" element={<BackButton />} />
          <Route path="*" element={<p>Otra pantalla</p>} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The server's list of `count` pending events, a page at a time. */
function servePages(count: number) {
  const store = Array.from({ length: count }, (_, i) => event(i + 1));
  vi.mocked(getUnmatchedPaymentEvents).mockImplementation(async (limit, offset) => ({
    events: store.slice(offset, offset + limit),
    total_count: store.length,
  }));
}

const searchShown = () => screen.getByLabelText('búsqueda').textContent;

/** The server's list: the events in `store`, resolved ones only when asked. */
function serve(store: UnmatchedWebhookEvent[]) {
  vi.mocked(getUnmatchedPaymentEvents).mockImplementation(async (_limit, _offset, includeResolved) => {
    const events = store.filter((e) => includeResolved || e.resolved_at === null);
    return { events, total_count: events.length };
  });
  vi.mocked(setUnmatchedEventResolved).mockImplementation(async (id, resolved) => {
    const index = store.findIndex((e) => e.id === id);
    store[index] = event(id, resolved);
    return store[index]!;
  });
}

/** The table's copy of a row (the phone cards repeat it, hidden by CSS from 768 px). */
const tableRow = (text: string) =>
  within(screen.getByRole('table', { name: 'Eventos de pago sin negocio' }))
    .getByText(text)
    .closest('tr') as HTMLElement;

describe("'Eventos de pago sin negocio'", () => {
  it('opens on the page the URL names (a reload keeps it)', async () => {
    servePages(21);
    renderPanel('/admin-dashboard?tab=suscripciones&eventos_pagina=2');
    expect(await screen.findByText('Mostrando 21 de 21 eventos')).toBeTruthy();
    expect(getUnmatchedPaymentEvents).toHaveBeenCalledWith(20, 20, false, expect.anything());
    expect(getUnmatchedPaymentEvents).not.toHaveBeenCalledWith(20, 0, false, expect.anything());
    expect(tableRow('evt_21')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');
  });

  it("keeps the page in the URL beside the screen's own, so Back from a business returns to it", async () => {
    servePages(21);
    renderPanel('/admin-dashboard?tab=suscripciones&registro=REG000001');
    expect(await screen.findByText('Mostrando 1-20 de 21 eventos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 21 de 21 eventos')).toBeTruthy();
    expect(searchShown()).toBe('?tab=suscripciones&registro=REG000001&eventos_pagina=2');

    fireEvent.click(screen.getByRole('link', { name: 'Ver negocio' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Atrás' }));
    expect(await screen.findByText('Mostrando 21 de 21 eventos')).toBeTruthy();
    expect(searchShown()).toBe('?tab=suscripciones&registro=REG000001&eventos_pagina=2');

    fireEvent.click(screen.getByRole('button', { name: 'Página 1' }));
    expect(await screen.findByText('Mostrando 1-20 de 21 eventos')).toBeTruthy();
    expect(searchShown()).toBe('?tab=suscripciones&registro=REG000001');
  });

  it("goes back to page 1 when 'Mostrar resueltos' changes", async () => {
    servePages(21);
    renderPanel('/admin-dashboard?tab=suscripciones&eventos_pagina=2');
    expect(await screen.findByText('Mostrando 21 de 21 eventos')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Mostrar resueltos' }));
    expect(await screen.findByText('Mostrando 1-20 de 21 eventos')).toBeTruthy();
    expect(getUnmatchedPaymentEvents).toHaveBeenLastCalledWith(20, 0, true, expect.anything());
    expect(searchShown()).toBe('?tab=suscripciones&eventos_resueltos=1');
  });

  it('turns a page past the end in the URL into the last page, in place of the old entry', async () => {
    servePages(21);
    renderPanel('/admin-dashboard?tab=suscripciones&eventos_pagina=5', ['/antes']);
    expect(await screen.findByText('Mostrando 21 de 21 eventos')).toBeTruthy();
    expect(searchShown()).toBe('?tab=suscripciones&eventos_pagina=2');
    expect(screen.queryByText('Sin eventos pendientes')).toBeNull();
    // The page past the end was replaced, not left behind: Back leaves the panel.
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(await screen.findByText('Otra pantalla')).toBeTruthy();
  });

  it('says it is loading, not that there are no events, while it moves from a page past the end', async () => {
    servePages(21);
    const pageTwo = vi.mocked(getUnmatchedPaymentEvents).getMockImplementation()!;
    let answerPageTwo: () => void = () => {};
    vi.mocked(getUnmatchedPaymentEvents).mockImplementation((limit, offset, ...rest) =>
      offset === 20
        ? new Promise((resolve) => {
            answerPageTwo = () => resolve(pageTwo(limit, offset, ...rest));
          })
        : pageTwo(limit, offset, ...rest),
    );
    renderPanel('/admin-dashboard?tab=suscripciones&eventos_pagina=5');
    await waitFor(() => expect(searchShown()).toBe('?tab=suscripciones&eventos_pagina=2'));
    expect(screen.getByText('Cargando eventos...')).toBeTruthy();
    expect(screen.queryByText('Sin eventos pendientes')).toBeNull();
    answerPageTwo();
    expect(await screen.findByText('Mostrando 21 de 21 eventos')).toBeTruthy();
  });

  it('goes back to the last page when the one shown is past the end (events applied since)', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => event(i + 1));
    let total = 21;
    vi.mocked(getUnmatchedPaymentEvents).mockImplementation(async (_limit, offset) =>
      offset === 0 ? { events: twenty, total_count: total } : { events: [], total_count: total },
    );
    renderPanel();
    expect(await screen.findByText('Mostrando 1-20 de 21 eventos')).toBeTruthy();
    // Meanwhile one event was applied: page 2 comes back empty.
    total = 20;
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() =>
      expect(getUnmatchedPaymentEvents).toHaveBeenCalledWith(20, 20, false, expect.anything()),
    );
    await waitFor(() => expect(screen.queryByText('Mostrando 1-20 de 21 eventos')).toBeNull());
    // The empty page 2 may show for a moment before the panel goes back to page 1.
    expect((await screen.findAllByText('evt_1')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Sin eventos pendientes')).toBeNull();
  });

  it("'Marcar como resuelto' takes the event off the list of work left", async () => {
    serve([event(1), event(2)]);
    renderPanel();
    const button = within(await waitFor(() => tableRow('evt_1'))).getByRole('button', {
      name: 'Marcar como resuelto el evento evt_1',
    });
    fireEvent.click(button);
    await waitFor(() => expect(setUnmatchedEventResolved).toHaveBeenCalledWith(1, true));
    await waitFor(() => expect(screen.queryByText('evt_1')).toBeNull());
    expect(screen.getAllByText('evt_2').length).toBeGreaterThan(0);
    expect(screen.queryByRole('columnheader', { name: 'Estado' })).toBeNull();
  });

  it('keeps the focus in the panel when the resolved event leaves the list with its button', async () => {
    serve([event(1), event(2)]);
    renderPanel();
    const button = within(await waitFor(() => tableRow('evt_1'))).getByRole('button', {
      name: 'Marcar como resuelto el evento evt_1',
    });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByText('evt_1')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('region', { name: 'Eventos de pago sin negocio' }),
      ),
    );
  });

  it("'Mostrar resueltos' lists them too, with who resolved them and 'Reabrir'", async () => {
    serve([event(1), event(2, true)]);
    renderPanel();
    await waitFor(() => tableRow('evt_1'));
    expect(screen.queryByText('evt_2')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Mostrar resueltos' }));
    const resolved = await waitFor(() => tableRow('evt_2'));
    expect(getUnmatchedPaymentEvents).toHaveBeenLastCalledWith(20, 0, true, expect.anything());
    expect(within(resolved).getByText('Resuelto')).toBeTruthy();
    expect(within(resolved).getByText('Usuario maestro')).toBeTruthy();
    // When, as a date one can read on a phone or by keyboard (not only in a tooltip), and how long ago.
    const resolvedAt = within(resolved).getByText(formatDateTime('2026-11-28T11:00:00.000Z'));
    expect(resolvedAt.closest('time')?.getAttribute('dateTime')).toBe('2026-11-28T11:00:00.000Z');
    expect(
      within(resolvedAt.closest('time') as HTMLElement).getByText(formatRelative('2026-11-28T11:00:00.000Z')),
    ).toBeTruthy();
    expect(within(tableRow('evt_1')).getByText('Pendiente')).toBeTruthy();

    fireEvent.click(within(resolved).getByRole('button', { name: 'Reabrir el evento evt_2' }));
    await waitFor(() => expect(setUnmatchedEventResolved).toHaveBeenCalledWith(2, false));
    await waitFor(() =>
      expect(
        within(tableRow('evt_2')).getByRole('button', { name: 'Marcar como resuelto el evento evt_2' }),
      ).toBeTruthy(),
    );
  });

  it("shows when each event was received as a date, with how long ago under it, as 'Auditoría' does", async () => {
    serve([event(1)]);
    renderPanel();
    const row = await waitFor(() => tableRow('evt_1'));
    const date = within(row).getByText(formatDateTime('2026-11-28T10:00:00.000Z'));
    const time = date.closest('time') as HTMLElement;
    expect(time.getAttribute('dateTime')).toBe('2026-11-28T10:00:00.000Z');
    expect(within(time).getByText(formatRelative('2026-11-28T10:00:00.000Z'))).toBeTruthy();
    // Nothing that only a pointer's hover shows.
    expect(time.getAttribute('title')).toBeNull();
    expect(row.querySelector('[title*="2026"]')).toBeNull();
  });

  it('starts with the resolved ones shown when the URL asks for them', async () => {
    serve([event(3, true)]);
    renderPanel('/admin-dashboard?tab=suscripciones&eventos_resueltos=1');
    await waitFor(() => tableRow('evt_3'));
    expect(screen.getByRole('switch', { name: 'Mostrar resueltos' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('says why next to the list when the change was not saved', async () => {
    serve([event(4)]);
    vi.mocked(setUnmatchedEventResolved).mockImplementation(async () => {
      throw new ApiError('Payment event not found among the unmatched events', 404);
    });
    renderPanel();
    fireEvent.click(
      within(await waitFor(() => tableRow('evt_4'))).getByRole('button', {
        name: 'Marcar como resuelto el evento evt_4',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo marcar como resuelto el evento evt_4.');
  });

  it("names each known event type in Spanish, with the provider's type beside it; an unknown one as sent", async () => {
    serve([
      { ...event(1), event_type: 'charge.refunded' },
      { ...event(2), provider: 'paypal', event_type: 'PAYMENT.CAPTURE.REFUNDED' },
      { ...event(3), event_type: 'customer.tax_id.created' },
    ]);
    renderPanel();
    const refund = await waitFor(() => tableRow('evt_1'));
    expect(within(refund).getByText('Cargo reembolsado').getAttribute('title')).toBe('charge.refunded');
    expect(within(refund).getByText('charge.refunded')).toBeTruthy();
    const paypal = tableRow('evt_2');
    expect(within(paypal).getByText('Pago reembolsado')).toBeTruthy();
    expect(within(paypal).getByText('PAYMENT.CAPTURE.REFUNDED')).toBeTruthy();
    const unknown = tableRow('evt_3');
    expect(within(unknown).getAllByText('customer.tax_id.created')).toHaveLength(1);
  });

  it('shows the loading, empty and error states', async () => {
    let answer: () => Promise<{ events: UnmatchedWebhookEvent[]; total_count: number }> = () =>
      new Promise(() => {});
    vi.mocked(getUnmatchedPaymentEvents).mockImplementation(() => answer());
    renderPanel();
    expect(await screen.findByText('Cargando eventos...')).toBeTruthy();
    cleanup();

    answer = async () => ({ events: [], total_count: 0 });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Sin eventos pendientes', level: 4 })).toBeTruthy();
    expect(
      screen.getByText(
        'Todos los eventos de pago recibidos corresponden a un negocio o ya se marcaron como resueltos.',
      ),
    ).toBeTruthy();
    cleanup();

    answer = async () => ({ events: [], total_count: 0 });
    renderPanel('/admin-dashboard?tab=suscripciones&eventos_resueltos=1');
    expect(
      await screen.findByRole('heading', { name: 'Sin eventos de pago sin negocio', level: 4 }),
    ).toBeTruthy();
    expect(screen.getByText(/no hay eventos pendientes ni resueltos/)).toBeTruthy();
    expect(screen.queryByText('Sin eventos pendientes')).toBeNull();
    cleanup();

    answer = async () => {
      throw new ApiError('Internal server error', 500);
    };
    renderPanel();
    expect(await screen.findByText('No se pudieron cargar los eventos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
