import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import MissingBusiness from './missing-business.tsx';
import { BusinessNotFound } from './page-states.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';

const REGISTRY = 'REG000041';
const BILLING = `/master/business-subscriptions/api/v1/business-subscriptions/registry/${REGISTRY}/history`;
const TRASH = '/master/business-trash/api/v1/business-trash';
const LOGS = `/master/business-change-logs/api/v1/business-change-logs/registry/${REGISTRY}`;

const fake = signedInWithFakeFetch();

function renderWithClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const charge = {
  id: 9,
  amount: 2999,
  currency: 'usd',
  transaction_date: '2026-03-01T12:00:00Z',
  provider: 'stripe',
  tier: 'basic',
  status: 'succeeded',
};

describe('SubscriptionPanel without a subscription', () => {
  it('still lists the charges the business has', async () => {
    fake().on(`GET ${BILLING}`, { status: 200, body: { success: true, history: [charge], total_count: 1 } });
    renderWithClient(<SubscriptionPanel registry={REGISTRY} hasSubscription={false} />);
    expect(screen.getByRole('heading', { name: 'Sin Suscripción Activa', level: 3 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Historial de Facturación' })).toBeTruthy();
    expect(screen.getAllByText('$29.99').length).toBeGreaterThan(0);
  });

  it("says 'Sin Historial de Facturación' when there is none, and retries a failed read", async () => {
    fake().on(
      `GET ${BILLING}`,
      { status: 500, body: { success: false, message: 'Internal server error' } },
      { status: 200, body: { success: true, history: [], total_count: 0 } },
    );
    renderWithClient(<SubscriptionPanel registry={REGISTRY} hasSubscription={false} />);
    await screen.findByText('No se pudo cargar el historial de facturación');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('heading', { name: 'Sin Historial de Facturación', level: 3 }),
    ).toBeTruthy();
  });
});

describe('A registry number the page did not find', () => {
  it("for the master, a business in the trash: who and when, 'Ver en la Papelera' and its history", async () => {
    fake().on(`GET ${TRASH}`, {
      status: 200,
      body: {
        success: true,
        businesses: [
          {
            business_registry_number: REGISTRY,
            business_name: 'Panadería La Esquina',
            business_email: 'esquina@example.com',
            deleted_at: new Date().toISOString(),
            deleted_by: 'Master User',
          },
        ],
        total_count: 1,
      },
    });
    fake().on(`GET ${LOGS}`, {
      status: 200,
      body: {
        change_logs: [],
        total_count: 0,
        has_more: false,
        stats: {
          total_logs: 0,
          update_operations: 0,
          insert_operations: 0,
          delete_operations: 0,
          recent_changes: 0,
        },
      },
    });
    renderWithClient(<MissingBusiness registry={REGISTRY} />);
    expect(await screen.findByRole('heading', { name: 'Este negocio está en la papelera' })).toBeTruthy();
    expect(screen.getByText(/^Eliminado por Usuario maestro el/).textContent).toMatch(/ \(ahora\)\.$/);
    expect(screen.getByRole('link', { name: 'Ver en la Papelera' }).getAttribute('href')).toBe(
      `/admin-dashboard?tab=papelera&q=${REGISTRY}`,
    );
    expect(screen.getByRole('heading', { name: 'Historial de Cambios' })).toBeTruthy();
    expect(fake().calls[0]?.path).toContain(`search=${REGISTRY}`);
  });

  it('for the master, a registry number that only resembles one in the trash is not found', async () => {
    fake().on(`GET ${TRASH}`, {
      status: 200,
      body: {
        success: true,
        businesses: [
          {
            business_registry_number: `${REGISTRY}7`,
            business_name: 'Otro',
            business_email: 'otro@example.com',
            deleted_at: new Date().toISOString(),
            deleted_by: 'Master User',
          },
        ],
        total_count: 1,
      },
    });
    renderWithClient(<MissingBusiness registry={REGISTRY} />);
    expect(await screen.findByRole('heading', { name: 'Negocio no encontrado' })).toBeTruthy();
  });

  it('an unknown registry number (all an admin sees) has the way back', () => {
    renderWithClient(<BusinessNotFound registry={REGISTRY} />);
    expect(screen.getByRole('heading', { name: 'Negocio no encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al directorio' }).getAttribute('href')).toBe(
      '/admin-dashboard',
    );
    expect(fake().calls).toEqual([]);
  });
});
