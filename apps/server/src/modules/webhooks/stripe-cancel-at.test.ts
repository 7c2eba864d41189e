// A Stripe subscription set to end by `cancel_at` (the Dashboard's "cancel at the end of the period"
// on API versions from 2025-07-30, and any scheduled cancellation) keeps `cancel_at_period_end`
// false: the card must still say it will not renew, not 'Renovación automática: Sí'.
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  deliverStripe,
  eventId,
  STRIPE_SECRET,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/payment-webhooks.ts';

describe('a Stripe subscription with a scheduled cancellation', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  async function shown(cancelAt: (periodEnd: number) => number | null) {
    const { business_registry_number: registry } = await createBusiness(t);
    const sub = stripeSubscription(`sub_${eventId('cancel_at')}`, { registry, tier: 'basic' });
    const periodEnd = sub.items.data[0]!.current_period_end;
    await deliverStripe(t, 'customer.subscription.updated', { ...sub, cancel_at: cancelAt(periodEnd) }, base);
    const subscription = await subscriptionOf(t, admin, registry);
    return {
      status: subscription.subscription_status,
      renews: subscription.subscription_renews,
      endsWithPeriod: subscription.stripe_details.cancel_at_period_end,
    };
  }

  it('does not renew when it is set to end when its period ends', async () => {
    expect(await shown((periodEnd) => periodEnd)).toEqual({
      status: 'active',
      renews: false,
      endsWithPeriod: true,
    });
  });

  it('renews meanwhile when it is set to end some periods from now', async () => {
    expect(await shown((periodEnd) => periodEnd + 180 * 86_400)).toEqual({
      status: 'active',
      renews: true,
      endsWithPeriod: false,
    });
  });

  it('renews without one', async () => {
    expect(await shown(() => null)).toEqual({ status: 'active', renews: true, endsWithPeriod: false });
  });
});
