// Stripe refunds through POST /webhooks/stripe on API versions from 2025-03-31, whose charges name
// no invoice: the refund is placed on the billing item paid by its charge or payment intent, and
// waits (before its payment, or while its business is in the trash) as the older layout's does.
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import {
  billingStatuses,
  changeHistory,
  deliverStripe,
  eventId,
  eventRow,
  outcomeOf,
  restoreFromTrash,
  STRIPE_SECRET,
  sendToTrash,
  stripeInvoice,
  stripeRefundedCharge,
} from '../../../test/payment-webhooks.ts';

/** A refunded charge as API versions from 2025-03-31 send it: no `invoice` field. */
const refundedCharge = (charge: string, paymentIntent: string | null, refunded = 2000) =>
  stripeRefundedCharge(charge, { paymentIntent, refunded });

/** `invoice_payment.paid`: the payment intent that paid `invoice`. */
const invoicePayment = (invoice: string, paymentIntent: string) => ({
  id: `inpay_${eventId()}`,
  object: 'invoice_payment',
  invoice,
  status: 'paid',
  payment: { type: 'payment_intent', payment_intent: paymentIntent },
});

describe('Stripe refunds on API versions from 2025-03-31', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const master = await masterHeaders(t);
  const base = Math.floor(Date.now() / 1000) - 1000;

  const deliver = (type: string, object: object, created: number) => deliverStripe(t, type, object, created);
  const statusShown = (registry: string) => billingStatuses(t, admin, registry);
  const billingRows = (registry: string) => changeHistory(t, registry, 'billing_item', 'UPDATE');

  /** A business, and the ids of one payment of it. */
  async function payment() {
    const { business_registry_number: registry } = await createBusiness(t);
    return {
      registry,
      invoice: `in_${eventId('refunded')}`,
      charge: `ch_${eventId()}`,
      intent: `pi_${eventId()}`,
    };
  }
  const paidInvoice = (registry: string, invoice: string, extra: object = {}) =>
    deliver(
      'invoice.paid',
      { ...stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }), ...extra },
      base,
    );

  it('refunds the item paid by the payment intent invoice_payment.paid named, or by the charge', async () => {
    const byIntent = await payment();
    await paidInvoice(byIntent.registry, byIntent.invoice);
    await deliver('invoice_payment.paid', invoicePayment(byIntent.invoice, byIntent.intent), base + 1);
    const refund = await deliver(
      'charge.refunded',
      refundedCharge(byIntent.charge, byIntent.intent),
      base + 10,
    );
    expect(await outcomeOf(t, refund)).toBe('applied');
    expect(await statusShown(byIntent.registry)).toEqual(['refunded']);
    expect(await billingRows(byIntent.registry)).toMatchObject([
      { new_value: `${byIntent.invoice}: 20.00 USD, refunded`, changed_by: 'Stripe' },
    ]);

    // The invoice's `payments` included in the event name the charge; part of it back stays paid.
    const byCharge = await payment();
    await paidInvoice(byCharge.registry, byCharge.invoice, {
      payments: {
        object: 'list',
        data: [{ status: 'paid', payment: { type: 'charge', charge: byCharge.charge } }],
      },
    });
    await deliver('charge.refunded', refundedCharge(byCharge.charge, null, 500), base + 10);
    expect(await statusShown(byCharge.registry)).toEqual(['succeeded']);
    expect(await billingRows(byCharge.registry)).toMatchObject([
      { new_value: `${byCharge.invoice}: 20.00 USD, succeeded (5.00 USD refunded)`, changed_by: 'Stripe' },
    ]);
  });

  it('changes nothing for an older running total that arrives after a larger one', async () => {
    const { registry, invoice, charge } = await payment();
    await paidInvoice(registry, invoice);
    const item = () =>
      t.db
        .selectFrom('billing_history')
        .selectAll()
        .where('provider_invoice_id', '=', invoice)
        .executeTakeFirstOrThrow();
    const refundedSoFar = (refunded: number) => stripeRefundedCharge(charge, { invoice, refunded });
    await deliver('charge.refunded', refundedSoFar(1500), base + 20);
    const before = await item();
    const older = await deliver('charge.refunded', refundedSoFar(500), base + 10);
    expect(await outcomeOf(t, older)).toBe('stale');
    expect(await item()).toEqual(before);
    expect(await billingRows(registry)).toMatchObject([
      { new_value: `${invoice}: 20.00 USD, succeeded (15.00 USD refunded)` },
    ]);
    // The same total again changes nothing either; the rest of it makes the item refunded.
    expect(await outcomeOf(t, await deliver('charge.refunded', refundedSoFar(1500), base + 21))).toBe(
      'stale',
    );
    await deliver('charge.refunded', refundedSoFar(2000), base + 30);
    expect(await statusShown(registry)).toEqual(['refunded']);
    expect(await billingRows(registry)).toMatchObject([
      { new_value: `${invoice}: 20.00 USD, succeeded (15.00 USD refunded)` },
      {
        old_value: `${invoice}: 20.00 USD, succeeded (15.00 USD refunded)`,
        new_value: `${invoice}: 20.00 USD, refunded`,
      },
    ]);
  });

  it('keeps a refund that came before its payment, and applies it when the payment is named', async () => {
    const { registry, invoice, charge, intent } = await payment();
    const early = await deliver('charge.refunded', refundedCharge(charge, intent), base + 10);
    expect(await eventRow(t, early)).toMatchObject({
      outcome: 'unmatched',
      reason: 'invoice_not_found',
      provider_object_id: charge,
    });
    // The invoice names no payment yet: the refund still waits, for invoice_payment.paid.
    await paidInvoice(registry, invoice);
    expect(await outcomeOf(t, early)).toBe('unmatched');
    expect(await statusShown(registry)).toEqual(['succeeded']);
    await deliver('invoice_payment.paid', invoicePayment(invoice, intent), base + 1);
    expect(await outcomeOf(t, early)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['refunded']);
  });

  it('a refund that arrived while its business was in the trash is applied by the restore', async () => {
    const { registry, invoice, charge, intent } = await payment();
    await paidInvoice(registry, invoice);
    await deliver('invoice_payment.paid', invoicePayment(invoice, intent), base + 1);
    await sendToTrash(t, master, registry);
    const held = await deliver('charge.refunded', refundedCharge(charge, intent), base + 10);
    expect(await outcomeOf(t, held)).toBe('unmatched');
    expect((await restoreFromTrash(t, master, registry)).statusCode).toBe(200);
    expect(await outcomeOf(t, held)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['refunded']);
  });
});
