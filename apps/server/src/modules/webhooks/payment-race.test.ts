// A refund or dispute delivered at the same moment as the payment it concerns is applied, whichever
// transaction looks first. The interleaving that lost it: the refund looks for its billing item
// before the payment's transaction commits, and the payment looks for waiting events before the
// refund's commits. Here the refund is held just before its commit (a trigger waits on a lock the
// test holds) while the payment is delivered. PostgreSQL only: the two need two connections.
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  billingStatuses,
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
  sendStripe,
  startPayPalStandIn,
  stripeEvent,
  stripeInvoice,
  stripeRefundedCharge,
} from '../../../test/payment-webhooks.ts';
import { usePostgres } from '../../../test/test-db.ts';

/** A charge refunded whole, as API versions from 2025-03-31 send it (no invoice). */
const refundedCharge = (paymentIntent: string) =>
  stripeRefundedCharge(`ch_${eventId('race')}`, { paymentIntent });
const invoicePayment = (invoice: string, paymentIntent: string) => ({
  id: `inpay_${eventId()}`,
  object: 'invoice_payment',
  invoice,
  payment: { type: 'payment_intent', payment_intent: paymentIntent },
});
describe.runIf(usePostgres())('a refund or dispute delivered with its payment', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET, ...paypalConfigOf(standIn) });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  await holdUnmatchedDeliveries(t);
  const statusShown = (registry: string) => billingStatuses(t, admin, registry);

  it('a Stripe refund (named by its payment intent) and the invoice_payment.paid that names it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('race')}`;
    const intent = `pi_${eventId('race')}`;
    const paid = stripeEvent(
      'invoice.paid',
      stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }),
      base,
    );
    await sendStripe(t, paid);
    const refund = stripeEvent('charge.refunded', refundedCharge(intent), base + 10, heldEventId());
    const link = stripeEvent('invoice_payment.paid', invoicePayment(invoice, intent), base + 1);
    await raceWhileHeld(
      t,
      () => postStripe(t, refund),
      () => postStripe(t, link),
    );
    expect(await outcomeOf(t, refund)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['refunded']);
  });

  it('a Stripe refund and the invoice whose waiting invoice_payment.paid names its payment intent', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('race')}`;
    const intent = `pi_${eventId('race')}`;
    const link = stripeEvent('invoice_payment.paid', invoicePayment(invoice, intent), base + 1);
    await sendStripe(t, link);
    expect(await outcomeOf(t, link)).toBe('unmatched');
    const refund = stripeEvent('charge.refunded', refundedCharge(intent), base + 10, heldEventId());
    const paid = stripeEvent(
      'invoice.paid',
      stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }),
      base,
    );
    await raceWhileHeld(
      t,
      () => postStripe(t, refund),
      () => postStripe(t, paid),
    );
    expect([await outcomeOf(t, link), await outcomeOf(t, refund)]).toEqual(['applied', 'applied']);
    expect(await statusShown(registry)).toEqual(['refunded']);
  });

  it('a Stripe dispute and the invoice paid by its charge', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const charge = `ch_${eventId('race')}`;
    const disputed = stripeEvent(
      'charge.dispute.created',
      {
        id: `du_${charge}`,
        object: 'dispute',
        amount: 2000,
        currency: 'usd',
        charge,
        status: 'needs_response',
      },
      base + 10,
      heldEventId(),
    );
    const paid = stripeEvent(
      'invoice.paid',
      { ...stripeInvoice(`in_${eventId('race')}`, { registry, tier: 'basic', amount: 2000 }), charge },
      base,
    );
    await raceWhileHeld(
      t,
      () => postStripe(t, disputed),
      () => postStripe(t, paid),
    );
    expect(await outcomeOf(t, disputed)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });

  it('a PayPal dispute and the sale it disputes', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const sale = `SALE-${eventId('race')}`;
    const disputed = paypalEvent(
      'CUSTOMER.DISPUTE.CREATED',
      {
        dispute_id: `PP-D-${sale}`,
        status: 'OPEN',
        disputed_transactions: [{ seller_transaction_id: sale }],
      },
      '2026-11-02T12:00:10Z',
      heldEventId(),
    );
    const completed = paypalEvent(
      'PAYMENT.SALE.COMPLETED',
      {
        id: sale,
        state: 'completed',
        amount: { total: '15.00', currency: 'USD' },
        custom: `${registry}:basic`,
        create_time: '2026-11-02T12:00:00Z',
      },
      '2026-11-02T12:00:00Z',
    );
    await raceWhileHeld(
      t,
      () => postPayPal(t, standIn, disputed),
      () => postPayPal(t, standIn, completed),
    );
    expect(await outcomeOf(t, disputed)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });
});
