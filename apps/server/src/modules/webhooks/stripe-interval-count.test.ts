// A plan billed every 3 months is Stripe's price with `recurring.interval` 'month' and
// `interval_count` 3 (the legacy `plan` carries the same two fields). The portal keeps the count
// next to the interval, so the card can say 'Trimestral' rather than 'Mensual'.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  deliverStripe,
  eventId,
  STRIPE_SECRET,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/payment-webhooks.ts';

describe('how often a Stripe plan is billed', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  /** What the subscriptions table keeps of the subscription's details. */
  const storedDetails = async (subscription: string) => {
    const { rows } = await sql<{ details: Record<string, unknown> }>`
      select provider_details as details from subscriptions
       where provider_subscription_id = ${subscription}`.execute(t.db);
    const details = rows[0]!.details;
    return typeof details === 'string' ? JSON.parse(details) : details;
  };

  it('keeps and answers the interval count of a price billed every 3 months', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId('quarter')}`;
    const sub = stripeSubscription(subscription, { registry, tier: 'premium', amount: 8999 });
    Object.assign(sub.items.data[0]!.price.recurring, { interval: 'month', interval_count: 3 });
    await deliverStripe(t, 'customer.subscription.created', sub, base);

    expect(await storedDetails(subscription)).toMatchObject({ billing_interval: 'month', interval_count: 3 });
    expect((await subscriptionOf(t, admin, registry)).stripe_details).toMatchObject({
      billing_interval: 'month',
      interval_count: 3,
      current_amount: 8999,
    });
  });

  it('reads the legacy plan of older API versions, and a change of plan replaces the count', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId('legacy')}`;
    const legacy = (interval: string, count: number) => {
      const sub = stripeSubscription(subscription, { registry, tier: 'basic' });
      delete (sub.items.data[0]!.price as { recurring?: unknown }).recurring;
      return { ...sub, plan: { id: 'plan_1', amount: 2999, interval, interval_count: count } };
    };
    await deliverStripe(t, 'customer.subscription.created', legacy('week', 2), base);
    expect((await subscriptionOf(t, admin, registry)).stripe_details).toMatchObject({
      billing_interval: 'week',
      interval_count: 2,
    });

    await deliverStripe(t, 'customer.subscription.updated', legacy('year', 1), base + 10);
    expect((await subscriptionOf(t, admin, registry)).stripe_details).toMatchObject({
      billing_interval: 'year',
      interval_count: 1,
    });
  });

  it('leaves out a count that is not a whole number from 1', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId('badcount')}`;
    const sub = stripeSubscription(subscription, { registry, tier: 'standard' });
    Object.assign(sub.items.data[0]!.price.recurring, { interval_count: 0 });
    await deliverStripe(t, 'customer.subscription.created', sub, base);
    const details = (await subscriptionOf(t, admin, registry)).stripe_details;
    expect(details.billing_interval).toBe('month');
    expect(details).not.toHaveProperty('interval_count');
  });
});
