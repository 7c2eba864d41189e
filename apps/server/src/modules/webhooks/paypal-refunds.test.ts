// PayPal refunds and reversals as PayPal's own samples write them: the refund's `amount.total` is
// the money that left, written negative ("-15.00"), and a reversal may name its sale in `sale_id`.
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import {
  billingHistoryOf,
  changeHistory,
  outcomeOf,
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  restoreFromTrash,
  sendPayPal,
  sendToTrash,
  startPayPalStandIn,
} from '../../../test/payment-webhooks.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('PayPal refunds written as negative amounts', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp(paypalConfigOf(standIn));
  const admin = (await createAdmin(t)).headers;
  const master = await masterHeaders(t);

  const sale = (id: string, registry: string, at: number) =>
    paypalEvent(
      'PAYMENT.SALE.COMPLETED',
      {
        id,
        state: 'completed',
        amount: { total: '15.00', currency: 'USD' },
        custom: `${registry}:standard`,
        create_time: '2026-11-02T10:00:00Z',
      },
      minutesAgo(at),
    );

  it('makes the sale refunded for a whole refund, and says how much for a part of one', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    for (const event of [sale('SALE-NEG-1', registry, 9), sale('SALE-NEG-2', registry, 8)]) {
      await sendPayPal(t, standIn, event);
    }
    const whole = paypalEvent(
      'PAYMENT.SALE.REFUNDED',
      {
        id: 'REFUND-NEG-1',
        sale_id: 'SALE-NEG-1',
        parent_payment: 'PAY-NEG-1',
        state: 'completed',
        amount: { total: '-15.00', currency: 'USD' },
      },
      minutesAgo(5),
    );
    const part = paypalEvent(
      'PAYMENT.SALE.REFUNDED',
      {
        id: 'REFUND-NEG-2',
        sale_id: 'SALE-NEG-2',
        state: 'completed',
        amount: { total: '-5.00', currency: 'USD' },
      },
      minutesAgo(4),
    );
    for (const event of [whole, part]) {
      await sendPayPal(t, standIn, event);
      expect(await outcomeOf(t, event)).toBe('applied');
    }
    const items = (await billingHistoryOf(t, admin, registry)).history as {
      amount: number;
      status: string;
    }[];
    expect(items.map((item) => item.status).sort()).toEqual(['refunded', 'succeeded']);
    expect(items.every((item) => item.amount === 1500)).toBe(true);
    expect((await changeHistory(t, registry, 'billing_item', 'UPDATE')).map((row) => row.new_value)).toEqual([
      'SALE-NEG-1: 15.00 USD, refunded',
      'SALE-NEG-2: 15.00 USD, succeeded (5.00 USD refunded)',
    ]);
  });

  it('makes the sale refunded when its partial refunds add up to all of it (total_refunded_amount)', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await sendPayPal(t, standIn, sale('SALE-PARTS-1', registry, 9));
    const refund = (id: string, value: string, total: string, at: number) =>
      paypalEvent(
        'PAYMENT.SALE.REFUNDED',
        {
          id,
          sale_id: 'SALE-PARTS-1',
          state: 'completed',
          amount: { total: value, currency: 'USD' },
          total_refunded_amount: { value: total, currency: 'USD' },
        },
        minutesAgo(at),
      );
    await sendPayPal(t, standIn, refund('REFUND-PART-1', '5.00', '5.00', 5));
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([{ status: 'succeeded' }]);
    await sendPayPal(t, standIn, refund('REFUND-PART-2', '10.00', '15.00', 4));
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([
      { amount: 1500, status: 'refunded' },
    ]);
    expect((await changeHistory(t, registry, 'billing_item', 'UPDATE')).map((row) => row.new_value)).toEqual([
      'SALE-PARTS-1: 15.00 USD, succeeded (5.00 USD refunded)',
      'SALE-PARTS-1: 15.00 USD, refunded',
    ]);
  });

  /** PAYMENT.SALE.REFUNDED of `refundId` without `total_refunded_amount`; a new event id each time. */
  const partRefund = (refundId: string, saleId: string, value: string, at: number) =>
    paypalEvent(
      'PAYMENT.SALE.REFUNDED',
      { id: refundId, sale_id: saleId, state: 'completed', amount: { total: value, currency: 'USD' } },
      minutesAgo(at),
    );
  const historyOf = async (registry: string) =>
    (await changeHistory(t, registry, 'billing_item', 'UPDATE')).map((row) => row.new_value);
  const statusOf = async (registry: string) =>
    ((await billingHistoryOf(t, admin, registry)).history as { status: string }[]).map((item) => item.status);

  it('adds up partial refunds that carry no total, until they make the sale refunded', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await sendPayPal(t, standIn, sale('SALE-ADD-1', registry, 9));
    for (const [id, value, at] of [
      ['REFUND-ADD-1', '-4.00', 6],
      ['REFUND-ADD-2', '5.00', 5],
    ] as const) {
      await sendPayPal(t, standIn, partRefund(id, 'SALE-ADD-1', value, at));
    }
    expect(await statusOf(registry)).toEqual(['succeeded']);
    await sendPayPal(t, standIn, partRefund('REFUND-ADD-3', 'SALE-ADD-1', '6.00', 4));
    expect(await statusOf(registry)).toEqual(['refunded']);
    expect(await changeHistory(t, registry, 'billing_item', 'UPDATE')).toMatchObject([
      {
        old_value: 'SALE-ADD-1: 15.00 USD, succeeded',
        new_value: 'SALE-ADD-1: 15.00 USD, succeeded (4.00 USD refunded)',
      },
      {
        old_value: 'SALE-ADD-1: 15.00 USD, succeeded (4.00 USD refunded)',
        new_value: 'SALE-ADD-1: 15.00 USD, succeeded (9.00 USD refunded)',
      },
      {
        old_value: 'SALE-ADD-1: 15.00 USD, succeeded (9.00 USD refunded)',
        new_value: 'SALE-ADD-1: 15.00 USD, refunded',
      },
    ]);
  });

  it('counts a refund delivered twice (under two event ids) once', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await sendPayPal(t, standIn, sale('SALE-TWICE-1', registry, 9));
    const first = await sendPayPal(t, standIn, partRefund('REFUND-TWICE-1', 'SALE-TWICE-1', '5.00', 6));
    const again = await sendPayPal(t, standIn, partRefund('REFUND-TWICE-1', 'SALE-TWICE-1', '5.00', 6));
    await sendPayPal(t, standIn, first);
    expect(await outcomeOf(t, again)).toBe('stale');
    await sendPayPal(t, standIn, partRefund('REFUND-TWICE-2', 'SALE-TWICE-1', '5.00', 5));
    expect(await statusOf(registry)).toEqual(['succeeded']);
    expect(await historyOf(registry)).toEqual([
      'SALE-TWICE-1: 15.00 USD, succeeded (5.00 USD refunded)',
      'SALE-TWICE-1: 15.00 USD, succeeded (10.00 USD refunded)',
    ]);
  });

  it('counts once a refund that waited twice for its sale, applied when the sale arrives', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const early = [
      await sendPayPal(t, standIn, partRefund('REFUND-EARLY-1', 'SALE-EARLY-1', '5.00', 6)),
      await sendPayPal(t, standIn, partRefund('REFUND-EARLY-1', 'SALE-EARLY-1', '5.00', 6)),
    ];
    await sendPayPal(t, standIn, sale('SALE-EARLY-1', registry, 9));
    expect(await Promise.all(early.map((event) => outcomeOf(t, event)))).toEqual(['applied', 'stale']);
    expect(await historyOf(registry)).toEqual(['SALE-EARLY-1: 15.00 USD, succeeded (5.00 USD refunded)']);
  });

  it('adds a refund kept while the business was in the trash to those applied before, each once', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await sendPayPal(t, standIn, sale('SALE-TRASH-1', registry, 9));
    const before = partRefund('REFUND-TRASH-1', 'SALE-TRASH-1', '5.00', 6);
    await sendPayPal(t, standIn, before);
    await sendToTrash(t, master, registry);
    const held = [
      await sendPayPal(t, standIn, partRefund('REFUND-TRASH-1', 'SALE-TRASH-1', '5.00', 6)),
      await sendPayPal(t, standIn, partRefund('REFUND-TRASH-2', 'SALE-TRASH-1', '10.00', 5)),
    ];
    expect(await outcomeOf(t, held[1]!)).toBe('unmatched');
    expect((await restoreFromTrash(t, master, registry)).statusCode).toBe(200);
    expect(await Promise.all(held.map((event) => outcomeOf(t, event)))).toEqual(['stale', 'applied']);
    expect(await statusOf(registry)).toEqual(['refunded']);
    expect(await changeHistory(t, registry, 'billing_item', 'UPDATE')).toMatchObject([
      { new_value: 'SALE-TRASH-1: 15.00 USD, succeeded (5.00 USD refunded)' },
      {
        old_value: 'SALE-TRASH-1: 15.00 USD, succeeded (5.00 USD refunded)',
        new_value: 'SALE-TRASH-1: 15.00 USD, refunded',
      },
    ]);
  });

  it('makes the sale a reversal names in sale_id refunded, with a negative amount', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await sendPayPal(t, standIn, sale('SALE-REV-1', registry, 9));
    const reversed = paypalEvent(
      'PAYMENT.SALE.REVERSED',
      {
        id: 'REV-REFUND-1',
        sale_id: 'SALE-REV-1',
        state: 'completed',
        amount: { total: '-15.00', currency: 'USD' },
        create_time: '2026-11-10T10:00:00Z',
      },
      minutesAgo(4),
    );
    await sendPayPal(t, standIn, reversed);
    expect(await outcomeOf(t, reversed)).toBe('applied');
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([
      { amount: 1500, status: 'refunded' },
    ]);
  });
});
