import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../api/subscriptions-api.ts';
import { SubscriptionCard } from './subscription-card.tsx';

const fiveMinutesAgo = () => new Date(Date.now() - 5 * 60_000 - 10_000).toISOString();

const subscription = (updatedBy: string | null): Subscription => ({
  id: 1,
  business_registry_number: 'REG000123',
  subscription_provider: 'stripe',
  subscription_tier: 'premium',
  subscription_status: 'active',
  subscription_renews: true,
  billing_email: 'pagos@negocio.test',
  created_at: '2026-09-01T10:00:00Z',
  updated_at: fiveMinutesAgo(),
  updated_by: updatedBy,
  stripe_details: { subscription_id: 'sub_1', current_amount: 4999, currency: 'usd' },
});

describe('SubscriptionCard', () => {
  it('says which provider wrote the subscription last, and how long ago', () => {
    const { container } = render(<SubscriptionCard subscription={subscription('Stripe')} />);
    const line = within(container).getByText(/^Actualizado por Stripe/);
    expect(line.textContent).toBe('Actualizado por Stripe hace 5 minutos');
    expect(line.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('names a plan billed every 3 months Trimestral, and one of every month Mensual', () => {
    const billedEvery = (count?: number) => {
      const plan = subscription('Stripe');
      plan.stripe_details = { ...plan.stripe_details, billing_interval: 'month', interval_count: count };
      const { container, unmount } = render(<SubscriptionCard subscription={plan} />);
      const term = within(container).getByText('Intervalo de facturación', { exact: true });
      const text = term.nextElementSibling?.textContent;
      unmount();
      return text;
    };
    expect(billedEvery(3)).toBe('Trimestral');
    expect(billedEvery(1)).toBe('Mensual');
    expect(billedEvery()).toBe('Mensual');
  });

  it('says nothing of who updated a subscription no provider wrote', () => {
    const { container } = render(<SubscriptionCard subscription={subscription(null)} />);
    expect(within(container).queryByText(/Actualizado por/)).toBeNull();
  });

  it('says in Spanish that there is no billing email or subscription id, never N/A', () => {
    // A Stripe plan with everything else a card shows.
    const plan = {
      ...subscription('Stripe'),
      billing_email: null,
      stripe_details: {
        current_amount: 4999,
        currency: 'usd',
        billing_interval: 'month',
        current_period_start: '2026-09-01T10:00:00Z',
        current_period_end: '2026-10-01T10:00:00Z',
      },
    };
    const { container } = render(<SubscriptionCard subscription={plan} />);
    const shownFor = (label: string) =>
      within(container).getByText(label, { exact: true }).nextElementSibling?.textContent;
    expect(shownFor('Email de facturación')).toBe('Sin email de facturación');
    expect(shownFor('ID de suscripción')).toBe('Sin ID de suscripción');
    expect(container.textContent).not.toContain('N/A');
  });
});
