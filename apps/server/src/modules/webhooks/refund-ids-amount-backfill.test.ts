// PayPal sales whose refunds were counted before the sum of their own amounts was kept (migration
// 090): a refund that arrived after a later total was added to it. The migration counts them again
// from the stored refund events, so the sale shows what came back and the next refund adds right.
import { afterAll, describe, expect, it } from 'vitest';
import { createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  sendPayPal,
  startPayPalStandIn,
} from '../../../test/payment-webhooks.ts';
import { listMigrations } from '../../db/migrate.ts';

const BACKFILL = listMigrations().find((migration) => migration.version.startsWith('090_'));
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('refunded amounts of PayPal sales counted before refund_ids_amount was kept', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp(paypalConfigOf(standIn));

  const send = (event: object) => sendPayPal(t, standIn, event);
  const sale = (id: string, registry: string, total: string) =>
    paypalEvent(
      'PAYMENT.SALE.COMPLETED',
      {
        id,
        state: 'completed',
        amount: { total, currency: 'USD' },
        custom: `${registry}:standard`,
        create_time: '2026-11-02T10:00:00Z',
      },
      minutesAgo(30),
    );
  const refund = (id: string, saleId: string, own: string, total: string | null, at: number) =>
    paypalEvent(
      'PAYMENT.SALE.REFUNDED',
      {
        id,
        sale_id: saleId,
        state: 'completed',
        amount: { total: own, currency: 'USD' },
        ...(total ? { total_refunded_amount: { value: total, currency: 'USD' } } : {}),
      },
      minutesAgo(at),
    );
  const itemOf = (saleId: string) =>
    t.db
      .selectFrom('billing_history')
      .select(['refunded_amount', 'refund_ids_amount', 'status'])
      .where('provider_invoice_id', '=', saleId)
      .executeTakeFirstOrThrow();
  /** The sale as a version before 090 left it, then the migration's data statement. */
  const runBackfill = async (before: Record<string, { refunded_amount: number; status: string }>) => {
    if (!BACKFILL) throw new Error('migration 090 is missing');
    for (const [saleId, values] of Object.entries(before)) {
      await t.db
        .updateTable('billing_history')
        .set({ ...values, refund_ids_amount: 0 })
        .where('provider_invoice_id', '=', saleId)
        .execute();
    }
    // Only its data statement: the column is there.
    await t.handle.exec(BACKFILL.script.slice(BACKFILL.script.indexOf('WITH')));
  };

  it('counts each refund once again, undoes a refunded made by a double count, keeps a reversal', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const [twice, wrongly, reversed] = ['SALE-090-TWICE', 'SALE-090-WRONG', 'SALE-090-REV'];
    await send(sale(twice, registry, '20.00'));
    await send(sale(wrongly, registry, '10.00'));
    await send(sale(reversed, registry, '10.00'));
    // The refund of 3.00 with the total 8.00, then the earlier one of 5.00 without a total.
    for (const saleId of [twice, wrongly]) {
      await send(refund(`${saleId}-R2`, saleId, '-3.00', '8.00', 20));
      await send(refund(`${saleId}-R1`, saleId, '-5.00', null, 19));
    }
    await send(refund(`${reversed}-R1`, reversed, '-4.00', null, 20));
    await send(
      paypalEvent(
        'PAYMENT.SALE.REVERSED',
        {
          id: `${reversed}-REV`,
          sale_id: reversed,
          state: 'completed',
          amount: { total: '-10.00', currency: 'USD' },
        },
        minutesAgo(18),
      ),
    );

    // What adding the late refund to the total made of them: 13.00, and a 10.00 sale 'refunded'.
    await runBackfill({
      [twice]: { refunded_amount: 1300, status: 'succeeded' },
      [wrongly]: { refunded_amount: 1300, status: 'refunded' },
      [reversed]: { refunded_amount: 1000, status: 'refunded' },
    });
    expect(await itemOf(twice)).toEqual({
      refunded_amount: 800,
      refund_ids_amount: 800,
      status: 'succeeded',
    });
    expect(await itemOf(wrongly)).toEqual({
      refunded_amount: 800,
      refund_ids_amount: 800,
      status: 'succeeded',
    });
    expect(await itemOf(reversed)).toEqual({
      refunded_amount: 1000,
      refund_ids_amount: 400,
      status: 'refunded',
    });

    // The next refund (2.00, sent without its total) adds to what the sale's refunds came to.
    await send(refund(`${wrongly}-R3`, wrongly, '-2.00', null, 10));
    expect(await itemOf(wrongly)).toMatchObject({ refunded_amount: 1000, status: 'refunded' });
  });
});
