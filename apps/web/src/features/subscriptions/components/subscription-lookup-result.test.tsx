import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { useSubscriptionLookup } from '../api/use-subscription-lookup.ts';
import { SubscriptionLookupResult } from './subscription-lookup-result.tsx';

const REGISTRY = 'REG000041';
const BUSINESS = `GET /master/business-data/api/v1/business-data/registry/${REGISTRY}`;
const SUBSCRIPTION = `GET /master/business-subscriptions/api/v1/business-subscriptions/registry/${REGISTRY}`;
const HISTORY = `${SUBSCRIPTION}/history`;
const business = {
  id: 41,
  business_registry_number: REGISTRY,
  business_name: 'Panadería La Esquina',
  business_owner: 'Ana Rivera',
};
const failure = { status: 500, body: { success: false, message: 'Internal server error' } };

const fake = signedInWithFakeFetch();

function Lookup() {
  return <SubscriptionLookupResult registry={REGISTRY} lookup={useSubscriptionLookup(REGISTRY)} />;
}

function renderLookup() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Lookup />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Gestionar Suscripciones: a read that failed', () => {
  it('says which one failed, and Reintentar reads only that one again', async () => {
    fake().on(BUSINESS, { status: 200, body: { success: true, business } });
    fake().on(SUBSCRIPTION, { status: 404, body: { success: false, message: 'Subscription not found' } });
    fake().on(HISTORY, failure, { status: 200, body: { success: true, history: [], total_count: 0 } });
    renderLookup();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudo cargar el historial de facturación')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sin Suscripción Activa' })).toBeTruthy();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Sin Historial de Facturación' })).toBeTruthy();
    expect(fake().calls.filter((call) => call.path.startsWith(BUSINESS.slice(4)))).toHaveLength(1);
    expect(fake().calls.filter((call) => call.path.startsWith(HISTORY.slice(4)))).toHaveLength(2);
  });

  it('names the subscription when that is the read that failed', async () => {
    fake().on(BUSINESS, { status: 200, body: { success: true, business } });
    fake().on(SUBSCRIPTION, failure);
    fake().on(HISTORY, { status: 200, body: { success: true, history: [], total_count: 0 } });
    renderLookup();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudo cargar la suscripción')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sin Suscripción Activa' })).toBeNull();
  });

  it('names the business search when that is what failed', async () => {
    fake().on(BUSINESS, failure);
    fake().on(SUBSCRIPTION, { status: 200, body: { success: true, subscription: null } });
    fake().on(HISTORY, { status: 200, body: { success: true, history: [], total_count: 0 } });
    renderLookup();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error al buscar el negocio')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
