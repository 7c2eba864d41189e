import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUnmatchedPaymentEvents, type UnmatchedWebhookEvent } from '../../../api/subscriptions-api.ts';
import { UnmatchedEventsPanel } from './unmatched-events-panel.tsx';

vi.mock('../../../api/subscriptions-api.ts', () => ({ getUnmatchedPaymentEvents: vi.fn() }));
afterEach(cleanup);

const event = (n: number): UnmatchedWebhookEvent => ({
  id: n,
  provider: 'stripe',
  event_id: `evt_${n}`,
  event_type: 'invoice.paid',
  event_created: '2026-11-28T10:00:00.000Z',
  received_at: '2026-11-28T10:00:00.000Z',
  reason: 'registry_missing',
  business_registry_number: null,
  provider_object_id: null,
});

describe("'Eventos de pago sin negocio'", () => {
  it('goes back to the last page when the one shown is past the end (events applied since)', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => event(i + 1));
    let total = 21;
    vi.mocked(getUnmatchedPaymentEvents).mockImplementation(async (_limit, offset) =>
      offset === 0 ? { events: twenty, total_count: total } : { events: [], total_count: total },
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UnmatchedEventsPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Mostrando 1-20 de 21 eventos')).toBeTruthy();
    // Meanwhile one event was applied: page 2 comes back empty.
    total = 20;
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(getUnmatchedPaymentEvents).toHaveBeenCalledWith(20, 20, expect.anything()));
    await waitFor(() => expect(screen.queryByText('Mostrando 1-20 de 21 eventos')).toBeNull());
    expect(screen.getAllByText('evt_1').length).toBeGreaterThan(0);
    expect(screen.queryByText('Sin eventos pendientes')).toBeNull();
  });
});
