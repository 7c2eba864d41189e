// A plan changed at Stripe (an upgrade in the customer portal) changes the subscription's price and
// leaves its metadata, and so the metadata Stripe copies into each invoice, as it was. The invoices
// after the change are of the new plan: the billing history must not say the old one. On API
// versions from 2025-03-31 an invoice's line names its price only by id (`pricing.price_details`).
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  billingHistoryOf,
  deliverStripe,
  eventId,
  STRIPE_SECRET,
  stripeInvoice,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/payment-webhooks.ts';

describe('invoices after a plan changed at Stripe', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  it('are of the new plan, though the metadata Stripe copies into them still names the old one', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId('upgrade')}`;
    const fields = { registry, tier: 'basic' };
    await deliverStripe(
      t,
      'customer.subscription.created',
      stripeSubscription(subscription, { ...fields, lookupKey: 'basic_monthly' }),
      base,
    );
    await deliverStripe(
      t,
      'customer.subscription.updated',
      stripeSubscription(subscription, { ...fields, lookupKey: 'premium_monthly', amount: 4999 }),
      base + 10,
    );
    const invoice = stripeInvoice(`in_${eventId('upgrade')}`, { ...fields, subscription, amount: 4999 });
    invoice.lines.data = [
      {
        id: 'il_1',
        pricing: { type: 'price_details', price_details: { price: 'price_2', product: 'prod_1' } },
      },
    ] as never[];
    await deliverStripe(t, 'invoice.paid', invoice, base + 11);

    expect((await subscriptionOf(t, admin, registry)).subscription_tier).toBe('premium');
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([
      { amount: 4999, tier: 'premium', status: 'succeeded' },
    ]);
  });

  it('an invoice whose line names its price with a lookup key takes that plan', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId('upgrade')}`;
    await deliverStripe(
      t,
      'customer.subscription.created',
      stripeSubscription(subscription, { registry, tier: 'premium', lookupKey: 'premium_monthly' }),
      base,
    );
    const invoice = stripeInvoice(`in_${eventId('upgrade')}`, { registry, tier: 'premium', subscription });
    invoice.lines.data = [
      { id: 'il_1', price: { id: 'price_3', lookup_key: 'standard_monthly' } },
    ] as never[];
    await deliverStripe(t, 'invoice.paid', invoice, base + 1);
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([{ tier: 'standard' }]);
  });

  it('an invoice before its subscription takes the plan its metadata names', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = stripeInvoice(`in_${eventId('upgrade')}`, {
      registry,
      tier: 'standard',
      subscription: `sub_${eventId('later')}`,
    });
    await deliverStripe(t, 'invoice.paid', invoice, base);
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([{ tier: 'standard' }]);
  });
});
