// Billing items refunded in part before the refunded amount was kept (migration 089) get it from
// the refund events the portal stored, so the next refund adds to it (and one counted is not again).
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  billingStatuses,
  deliverStripe,
  eventId,
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  STRIPE_SECRET,
  sendPayPal,
  startPayPalStandIn,
  stripeInvoice,
  stripeRefundedCharge,
} from '../../../test/payment-webhooks.ts';
import { listMigrations } from '../../db/migrate.ts';

const BACKFILL = listMigrations().find((migration) => migration.version.startsWith('089_'));
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('refunded amounts of billing items refunded before they were kept', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp({ ...paypalConfigOf(standIn), stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  const itemOf = (invoice: string) =>
    t.db
      .selectFrom('billing_history')
      .select(['refunded_amount', 'provider_refund_ids'])
      .where('provider_invoice_id', '=', invoice)
      .executeTakeFirstOrThrow();
  /** The items as a version before 089 left them: nothing kept of their refunds. */
  const runBackfill = async (...invoices: string[]) => {
    if (!BACKFILL) throw new Error('migration 089 is missing');
    await t.db
      .updateTable('billing_history')
      .set({ refunded_amount: 0, provider_refund_ids: [] })
      .where('provider_invoice_id', 'in', invoices)
      .execute();
    // Only its data statements: the columns are there.
    await t.handle.exec(BACKFILL.script.slice(BACKFILL.script.indexOf('UPDATE')));
  };

  it("takes Stripe's largest running total, PayPal's refunds each once; a refunded item, all of it", async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const [partly, whole] = [`in_${eventId('part')}`, `in_${eventId('whole')}`];
    for (const invoice of [partly, whole]) {
      await deliverStripe(
        t,
        'invoice.paid',
        stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }),
        base,
      );
    }
    const charge = `ch_${eventId()}`;
    await deliverStripe(
      t,
      'charge.refunded',
      stripeRefundedCharge(charge, { invoice: partly, refunded: 500 }),
      base + 10,
    );
    await deliverStripe(
      t,
      'charge.refunded',
      stripeRefundedCharge(charge, { invoice: partly, refunded: 1200 }),
      base + 20,
    );
    await deliverStripe(
      t,
      'charge.refunded',
      stripeRefundedCharge(`ch_${eventId()}`, { invoice: whole }),
      base + 10,
    );

    await sendPayPal(
      t,
      standIn,
      paypalEvent(
        'PAYMENT.SALE.COMPLETED',
        {
          id: 'SALE-BACKFILL-1',
          state: 'completed',
          amount: { total: '15.00', currency: 'USD' },
          custom: `${registry}:standard`,
          create_time: '2026-11-02T10:00:00Z',
        },
        minutesAgo(9),
      ),
    );
    const refund = (id: string, value: string) =>
      paypalEvent(
        'PAYMENT.SALE.REFUNDED',
        { id, sale_id: 'SALE-BACKFILL-1', state: 'completed', amount: { total: value, currency: 'USD' } },
        minutesAgo(5),
      );
    await sendPayPal(t, standIn, refund('REFUND-BACKFILL-1', '-4.00'));
    await sendPayPal(t, standIn, refund('REFUND-BACKFILL-2', '3.00'));

    await runBackfill(partly, whole, 'SALE-BACKFILL-1');
    expect(await itemOf(partly)).toEqual({ refunded_amount: 1200, provider_refund_ids: [] });
    expect(await itemOf(whole)).toMatchObject({ refunded_amount: 2000 });
    expect(await itemOf('SALE-BACKFILL-1')).toEqual({
      refunded_amount: 700,
      provider_refund_ids: expect.arrayContaining(['REFUND-BACKFILL-1', 'REFUND-BACKFILL-2']),
    });

    // A refund counted before is not again; the rest of the sale makes it refunded.
    await sendPayPal(t, standIn, refund('REFUND-BACKFILL-2', '3.00'));
    expect(await itemOf('SALE-BACKFILL-1')).toMatchObject({ refunded_amount: 700 });
    await sendPayPal(t, standIn, refund('REFUND-BACKFILL-3', '8.00'));
    expect((await billingStatuses(t, admin, registry)).sort()).toEqual(['refunded', 'refunded', 'succeeded']);
    expect(await itemOf('SALE-BACKFILL-1')).toMatchObject({ refunded_amount: 1500 });
  });
});
