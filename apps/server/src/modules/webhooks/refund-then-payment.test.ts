// A payment event newer than a refund of the same payment (Stripe's invoice events, PayPal's
// completed sale) never undoes the refund: the item stays refunded, or refunded in part, and a
// refund arriving after that payment event still counts.
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  billingStatuses,
  changeHistory,
  deliverStripe,
  eventId,
  outcomeOf,
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  STRIPE_SECRET,
  sendPayPal,
  startPayPalStandIn,
  stripeInvoice,
  stripeRefundedCharge,
} from '../../../test/payment-webhooks.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('a payment event after a refund of the same payment', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp({ ...paypalConfigOf(standIn), stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  const billingRows = async (registry: string) =>
    (await changeHistory(t, registry, 'billing_item', 'UPDATE')).map((row) => row.new_value);

  /** A business with one paid Stripe invoice of 20.00 USD, paid at `base`. */
  async function paidInvoice() {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('paid')}`;
    const object = stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 });
    await deliverStripe(t, 'invoice.paid', object, base);
    return { registry, invoice, object, charge: `ch_${eventId()}` };
  }

  it('keeps a refunded Stripe invoice refunded when a newer invoice.payment_succeeded arrives', async () => {
    const { registry, invoice, object, charge } = await paidInvoice();
    await deliverStripe(t, 'charge.refunded', stripeRefundedCharge(charge, { invoice }), base + 10);
    const later = await deliverStripe(t, 'invoice.payment_succeeded', object, base + 20);
    expect(await outcomeOf(t, later)).toBe('stale');
    expect(await billingStatuses(t, admin, registry)).toEqual(['refunded']);
    expect(await billingRows(registry)).toEqual([`${invoice}: 20.00 USD, refunded`]);
  });

  it('keeps a Stripe invoice refunded in part from failing, and counts a refund that arrives late', async () => {
    const { registry, invoice, object, charge } = await paidInvoice();
    const refund = (refunded: number, at: number) =>
      deliverStripe(t, 'charge.refunded', stripeRefundedCharge(charge, { invoice, refunded }), at);
    await refund(500, base + 10);
    const failed = await deliverStripe(t, 'invoice.payment_failed', object, base + 20);
    expect(await outcomeOf(t, failed)).toBe('stale');
    const paid = await deliverStripe(t, 'invoice.payment_succeeded', object, base + 30);
    expect(await outcomeOf(t, paid)).toBe('applied');
    // Made before the payment event above, delivered after it.
    await refund(1200, base + 15);
    expect(await billingStatuses(t, admin, registry)).toEqual(['succeeded']);
    expect(await billingRows(registry)).toEqual([
      `${invoice}: 20.00 USD, succeeded (5.00 USD refunded)`,
      `${invoice}: 20.00 USD, succeeded (12.00 USD refunded)`,
    ]);
  });

  it('keeps a refunded PayPal sale refunded when a newer PAYMENT.SALE.COMPLETED arrives', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const saleId = `SALE-${eventId('AGAIN')}`;
    const sale = (at: number) =>
      paypalEvent(
        'PAYMENT.SALE.COMPLETED',
        {
          id: saleId,
          state: 'completed',
          amount: { total: '15.00', currency: 'USD' },
          custom: `${registry}:standard`,
          create_time: '2026-11-02T10:00:00Z',
        },
        minutesAgo(at),
      );
    await sendPayPal(t, standIn, sale(9));
    await sendPayPal(
      t,
      standIn,
      paypalEvent(
        'PAYMENT.SALE.REFUNDED',
        {
          id: `R-${saleId}`,
          sale_id: saleId,
          state: 'completed',
          amount: { total: '-15.00', currency: 'USD' },
        },
        minutesAgo(5),
      ),
    );
    const later = await sendPayPal(t, standIn, sale(2));
    expect(await outcomeOf(t, later)).toBe('stale');
    expect(await billingStatuses(t, admin, registry)).toEqual(['refunded']);
    expect(await billingRows(registry)).toEqual([`${saleId}: 15.00 USD, refunded`]);
  });
});
