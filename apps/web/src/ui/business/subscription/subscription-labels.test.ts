import { BILLING_STATUSES, SUBSCRIPTION_STATUSES } from '@portal/contract/enums';
import { intervalLabel, providerLabel, tierLabel } from '@portal/contract/subscription-labels';
import { describe, expect, it } from 'vitest';
import { billingStatus, subscriptionStatus } from './subscription-labels.ts';

describe('subscription labels', () => {
  it('names the subscription statuses in Spanish with SPEC §4 colours', () => {
    expect(subscriptionStatus('active')).toEqual({ label: 'Activa', tone: 'green' });
    expect(subscriptionStatus('canceled')).toEqual({ label: 'Cancelada', tone: 'red' });
    expect(subscriptionStatus('ended')).toEqual({ label: 'Finalizada', tone: 'red' });
    expect(subscriptionStatus('past_due')).toEqual({ label: 'Pago vencido', tone: 'amber' });
    expect(subscriptionStatus('incomplete')).toEqual({ label: 'Incompleta', tone: 'amber' });
  });
  it('labels every status of the contract', () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(subscriptionStatus(status).label).not.toBe(status);
    for (const status of BILLING_STATUSES) expect(billingStatus(status).label).not.toBe(status);
  });
  it('colours billing items: succeeded green, anything unknown grey', () => {
    expect(billingStatus('succeeded')).toEqual({ label: 'Exitoso', tone: 'green' });
    expect(billingStatus('refunded').tone).toBe('slate');
    expect(billingStatus('en disputa')).toEqual({ label: 'en disputa', tone: 'slate' });
  });
  it('says where a disputed payment stands: open amber, won green, lost red', () => {
    expect(billingStatus('disputed')).toEqual({ label: 'En disputa', tone: 'amber' });
    expect(billingStatus('dispute_won')).toEqual({ label: 'Disputa ganada', tone: 'green' });
    expect(billingStatus('dispute_lost')).toEqual({ label: 'Disputa perdida', tone: 'red' });
  });
  it('names providers, intervals and tiers', () => {
    expect(providerLabel('stripe')).toBe('Stripe');
    expect(providerLabel('paypal')).toBe('PayPal');
    expect(intervalLabel('month')).toBe('Mensual');
    expect(intervalLabel('year')).toBe('Anual');
    expect(intervalLabel(undefined)).toBe('N/A');
    expect(tierLabel('premium')).toBe('Premium');
  });
});
