// The Historial tab's tiles follow the history call: placeholders while it loads, out of the way
// when it fails (the error and 'Reintentar' say it all), and the figures once 'Reintentar' succeeds.
// A 503 says in Spanish that the service is unavailable for now, whoever answered it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setMessageTranslator } from '../../../lib/message-translator.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { HistoryPanel } from './history-panel.tsx';

const REGISTRY = 'REG000043';
const LOGS = `GET /master/business-change-logs/api/v1/business-change-logs/registry/${REGISTRY}`;
const fake = signedInWithFakeFetch();

const history = {
  status: 200,
  body: {
    change_logs: [],
    total_count: 0,
    has_more: false,
    stats: {
      total_logs: 1234,
      update_operations: 7,
      insert_operations: 1,
      delete_operations: 0,
      recent_changes: 3,
    },
  },
};

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HistoryPanel registry={REGISTRY} />
    </QueryClientProvider>,
  );
}

const tile = (label: string) => screen.getByText(label).nextSibling?.textContent;

describe('the Historial tiles', () => {
  it('show placeholders while the history loads, then its figures', async () => {
    const release = fake().hold(LOGS);
    fake().on(LOGS, history);
    renderPanel();
    expect(tile('Total de registros')).toBe('Cargando');
    release();
    await screen.findByText('Sin historial de cambios');
    expect(tile('Total de registros')).toBe(new Intl.NumberFormat('es-PR').format(1234));
  });

  for (const failure of ['network-error', { status: 503, body: { success: false } }] as const) {
    const name = failure === 'network-error' ? 'a network error' : 'a 503';
    it(`leave their loading state on ${name}, and show the figures after Reintentar`, async () => {
      fake().on(LOGS, failure, history);
      renderPanel();
      expect(await screen.findByText('Error al cargar historial')).toBeTruthy();
      expect(screen.queryByText('Total de registros')).toBeNull();
      expect(screen.queryByText('Cargando')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      await screen.findByText('Sin historial de cambios');
      expect(screen.queryByText('Error al cargar historial')).toBeNull();
      expect(tile('Actualizaciones')).toBe('7');
      expect(tile('Últimas 24h')).toBe('3');
    });
  }
});

describe('a 503 on the history', () => {
  beforeEach(() => registerSpanishMessages());
  afterEach(() => setMessageTranslator(null));

  const UNAVAILABLE = 'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.';
  const bodies = {
    // The server's error handler, its database down.
    'the database is down': { success: false, error: 'Service temporarily unavailable', request_id: 'r-1' },
    // Fastify's own answer to every request while the server shuts down, word for word.
    'the server is shutting down': {
      error: 'Service Unavailable',
      message: 'Service Unavailable',
      statusCode: 503,
    },
    // A proxy's page: no JSON object.
    'a proxy answers': '<html><body>503 Service Temporarily Unavailable</body></html>',
  };

  for (const [name, body] of Object.entries(bodies)) {
    it(`says the service is unavailable, with Reintentar (${name})`, async () => {
      fake().on(LOGS, { status: 503, body });
      renderPanel();
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Error al cargar historial')).toBeTruthy();
      expect(alert.textContent).toContain(UNAVAILABLE);
      expect(alert.textContent).not.toContain('inesperado');
      expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    });
  }
});
