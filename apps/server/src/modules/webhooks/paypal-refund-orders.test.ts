// PayPal refunds of one sale arriving in every order, each with or without its
// `total_refunded_amount`: the sale's refunded amount is the larger of the largest total seen and
// the sum of the refunds seen, never a refund counted twice, never more than the sale.
import { afterAll, describe, expect, it } from 'vitest';
import { createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  changeHistory,
  eventId,
  outcomeOf,
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  sendPayPal,
  startPayPalStandIn,
} from '../../../test/payment-webhooks.ts';

/** Refunds of a 10.00 USD sale, in the order PayPal made them: own amount and total up to it, in cents. */
const REFUNDS = [
  { amount: 500, total: 500 },
  { amount: 300, total: 800 },
  { amount: 200, total: 1000 },
];
const SALE_CENTS = 1000;

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, at) =>
    permutations([...items.slice(0, at), ...items.slice(at + 1)]).map((rest) => [item, ...rest]),
  );
}

/** Every order of the first two and of all three refunds, with each mix of totals sent or not. */
const CASES = [2, 3].flatMap((count) =>
  permutations([...Array(count).keys()]).flatMap((order) =>
    [...Array(2 ** count).keys()].map((mask) => {
      const withTotal = order.map((index) => (mask & (1 << index)) !== 0);
      const label = order
        .map((index, step) => `R${index + 1}${withTotal[step] ? ' (total)' : ''}`)
        .join(', ');
      return { order, withTotal, label };
    }),
  ),
);

const dollars = (cents: number) => (cents / 100).toFixed(2);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('PayPal refunds of one sale in any order', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp(paypalConfigOf(standIn));
  const { business_registry_number: registry } = await createBusiness(t);

  const itemOf = (saleId: string) =>
    t.db
      .selectFrom('billing_history')
      .select(['refunded_amount', 'status'])
      .where('provider_invoice_id', '=', saleId)
      .executeTakeFirstOrThrow();
  const refundEvent = (saleId: string, index: number, withTotal: boolean, at: number) =>
    paypalEvent(
      'PAYMENT.SALE.REFUNDED',
      {
        id: `${saleId}-R${index + 1}`,
        sale_id: saleId,
        state: 'completed',
        amount: { total: `-${dollars(REFUNDS[index]!.amount)}`, currency: 'USD' },
        ...(withTotal
          ? { total_refunded_amount: { value: dollars(REFUNDS[index]!.total), currency: 'USD' } }
          : {}),
      },
      minutesAgo(at),
    );

  it.each(CASES)('$label', async ({ order, withTotal }) => {
    const saleId = `SALE-${eventId('ORDER')}`;
    await sendPayPal(
      t,
      standIn,
      paypalEvent(
        'PAYMENT.SALE.COMPLETED',
        {
          id: saleId,
          state: 'completed',
          amount: { total: dollars(SALE_CENTS), currency: 'USD' },
          custom: `${registry}:standard`,
          create_time: '2026-11-02T10:00:00Z',
        },
        minutesAgo(30),
      ),
    );
    const delivered: number[] = [];
    let largestTotal = 0;
    for (const [step, index] of order.entries()) {
      await sendPayPal(t, standIn, refundEvent(saleId, index, withTotal[step]!, 20 - step));
      delivered.push(index);
      if (withTotal[step]) largestTotal = Math.max(largestTotal, REFUNDS[index]!.total);
      const seen = delivered.reduce((sum, at) => sum + REFUNDS[at]!.amount, 0);
      const expected = Math.min(Math.max(largestTotal, seen), SALE_CENTS);
      const item = await itemOf(saleId);
      expect(item).toEqual({
        refunded_amount: expected,
        status: expected === SALE_CENTS ? 'refunded' : 'succeeded',
      });
      // Never more than PayPal had refunded up to the latest refund seen.
      expect(item.refunded_amount).toBeLessThanOrEqual(REFUNDS[Math.max(...delivered)]!.total);
    }

    const all = REFUNDS[order.length - 1]!.total;
    const again = await sendPayPal(t, standIn, refundEvent(saleId, order[0]!, !withTotal[0], 5));
    expect(await outcomeOf(t, again)).toBe('stale');
    expect(await itemOf(saleId)).toMatchObject({ refunded_amount: all });
    const rows = (await changeHistory(t, registry, 'billing_item', 'UPDATE'))
      .map((row) => row.new_value)
      .filter((value) => value?.startsWith(`${saleId}:`));
    expect(rows.at(-1)).toBe(
      all === SALE_CENTS
        ? `${saleId}: 10.00 USD, refunded`
        : `${saleId}: 10.00 USD, succeeded (8.00 USD refunded)`,
    );
  });
});
