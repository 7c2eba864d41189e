// A new subscription's first invoice and the subscription itself usually arrive together. An invoice
// that names only its subscription waits (unmatched) for it, and the subscription applies the
// invoices waiting for it. The interleaving that lost the invoice: it looks for its subscription
// before the subscription's transaction commits, and the subscription looks for waiting invoices
// before the invoice's commits. Here the invoice is held just before its commit while the
// subscription is delivered. PostgreSQL only: the two need two connections.
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  billingHistoryOf,
  eventId,
  heldEventId,
  holdUnmatchedDeliveries,
  outcomeOf,
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  postPayPal,
  postStripe,
  raceWhileHeld,
  STRIPE_SECRET,
  startPayPalStandIn,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../../test/payment-webhooks.ts';
import { usePostgres } from '../../../test/test-db.ts';

describe.runIf(usePostgres())('a subscription delivered with its first invoice', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET, ...paypalConfigOf(standIn) });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;
  await holdUnmatchedDeliveries(t);

  it('a Stripe invoice naming only its subscription ends in the billing history', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId('race')}`;
    const paid = stripeEvent(
      'invoice.paid',
      stripeInvoice(`in_${eventId('race')}`, { subscription, amount: 2999 }),
      base + 1,
      heldEventId(),
    );
    const created = stripeEvent(
      'customer.subscription.created',
      stripeSubscription(subscription, { registry, tier: 'premium' }),
      base,
    );
    await raceWhileHeld(
      t,
      () => postStripe(t, paid),
      () => postStripe(t, created),
    );
    expect(await outcomeOf(t, paid)).toBe('applied');
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([
      { amount: 2999, tier: 'premium', status: 'succeeded' },
    ]);
  });

  it('a PayPal sale naming only its subscription ends in the billing history', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `I-${eventId('RACE')}`;
    const at = (seconds: number) => new Date((base + seconds) * 1000).toISOString();
    const sale = paypalEvent(
      'PAYMENT.SALE.COMPLETED',
      {
        id: `SALE-${eventId('RACE')}`,
        state: 'completed',
        amount: { total: '15.00', currency: 'USD' },
        billing_agreement_id: subscription,
        create_time: at(1),
      },
      at(1),
      heldEventId(),
    );
    const activated = paypalEvent(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      { id: subscription, plan_id: 'P-RACE', status: 'ACTIVE', custom_id: `${registry}:standard` },
      at(0),
    );
    await raceWhileHeld(
      t,
      () => postPayPal(t, standIn, sale),
      () => postPayPal(t, standIn, activated),
    );
    expect(await outcomeOf(t, sale)).toBe('applied');
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([
      { amount: 1500, tier: 'standard', status: 'succeeded' },
    ]);
    await standIn.close();
  });
});
