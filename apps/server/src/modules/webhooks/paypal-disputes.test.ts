// PayPal disputes (CUSTOMER.DISPUTE.*) through POST /webhooks/paypal: placed on the billing item of
// the sale they take back, read as open, won or lost, in order, and kept until that sale arrives.
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import {
  billingStatuses,
  changeHistory,
  eventId,
  eventRow,
  outcomeOf,
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  restoreFromTrash,
  sendPayPal,
  sendToTrash,
  startPayPalStandIn,
} from '../../../test/payment-webhooks.ts';

/** `seconds` after a fixed time, as PayPal writes times. */
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 2, 12, 0, seconds)).toISOString();

/** PayPal's dispute of `sale` as its events carry it. */
const dispute = (sale: string, status: string, outcomeCode?: string) => ({
  dispute_id: `PP-D-${sale}`,
  create_time: '2026-11-02T11:00:00.000Z',
  update_time: '2026-11-02T11:30:00.000Z',
  disputed_transactions: [{ seller_transaction_id: sale, seller_protection_eligible: true }],
  reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  status,
  dispute_amount: { currency_code: 'USD', value: '15.00' },
  dispute_life_cycle_stage: 'CHARGEBACK',
  dispute_channel: 'INTERNAL',
  ...(outcomeCode ? { dispute_outcome: { outcome_code: outcomeCode } } : {}),
});

describe('PayPal disputes', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp(paypalConfigOf(standIn));
  const admin = (await createAdmin(t)).headers;
  const master = await masterHeaders(t);

  const deliver = (type: string, resource: object, seconds: number) =>
    sendPayPal(t, standIn, paypalEvent(type, resource, at(seconds)));
  const completedSale = (registry: string, sale: string) =>
    deliver(
      'PAYMENT.SALE.COMPLETED',
      {
        id: sale,
        state: 'completed',
        amount: { total: '15.00', currency: 'USD' },
        custom: `${registry}:basic`,
        create_time: '2026-11-02T10:00:00Z',
      },
      0,
    );
  /** A business with one completed sale. */
  async function paidSale() {
    const { business_registry_number: registry } = await createBusiness(t);
    const sale = eventId('SALE');
    await completedSale(registry, sale);
    return { registry, sale };
  }
  const statusShown = (registry: string) => billingStatuses(t, admin, registry);

  it('marks the sale disputed, then lost, in the billing history and the change history', async () => {
    const { registry, sale } = await paidSale();
    const created = await deliver('CUSTOMER.DISPUTE.CREATED', dispute(sale, 'OPEN'), 10);
    expect(await outcomeOf(t, created)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
    await deliver('CUSTOMER.DISPUTE.UPDATED', dispute(sale, 'WAITING_FOR_SELLER_RESPONSE'), 20);
    await deliver('CUSTOMER.DISPUTE.UPDATED', dispute(sale, 'UNDER_REVIEW'), 30);
    expect(await statusShown(registry)).toEqual(['disputed']);
    await deliver('CUSTOMER.DISPUTE.RESOLVED', dispute(sale, 'RESOLVED', 'RESOLVED_BUYER_FAVOUR'), 40);
    expect(await statusShown(registry)).toEqual(['dispute_lost']);
    expect(await changeHistory(t, registry, 'billing_item', 'UPDATE')).toEqual([
      {
        old_value: `${sale}: 15.00 USD, succeeded`,
        new_value: `${sale}: 15.00 USD, disputed`,
        changed_by: 'PayPal',
      },
      {
        old_value: `${sale}: 15.00 USD, disputed`,
        new_value: `${sale}: 15.00 USD, dispute_lost`,
        changed_by: 'PayPal',
      },
    ]);
  });

  it("reads each resolution's outcome as won, lost, or still disputed", async () => {
    const outcomes: [string | undefined, string][] = [
      ['RESOLVED_SELLER_FAVOUR', 'dispute_won'],
      ['CANCELED_BY_BUYER', 'dispute_won'],
      ['RESOLVED_WITH_PAYOUT', 'dispute_won'],
      ['DENIED', 'dispute_won'],
      ['ACCEPTED', 'dispute_lost'],
      ['NONE', 'disputed'],
      ['SOMETHING_NEW', 'disputed'],
      [undefined, 'disputed'],
    ];
    for (const [code, shown] of outcomes) {
      const { registry, sale } = await paidSale();
      await deliver('CUSTOMER.DISPUTE.CREATED', dispute(sale, 'OPEN'), 10);
      await deliver('CUSTOMER.DISPUTE.RESOLVED', dispute(sale, 'RESOLVED', code), 20);
      expect([code, await statusShown(registry)]).toEqual([code, [shown]]);
    }
  });

  it('ends in the newest state whatever order the events arrive in; an appeal reopens a resolved one', async () => {
    const { registry, sale } = await paidSale();
    await deliver('CUSTOMER.DISPUTE.RESOLVED', dispute(sale, 'RESOLVED', 'RESOLVED_SELLER_FAVOUR'), 30);
    const older = await deliver('CUSTOMER.DISPUTE.UPDATED', dispute(sale, 'UNDER_REVIEW'), 20);
    const created = await deliver('CUSTOMER.DISPUTE.CREATED', dispute(sale, 'OPEN'), 10);
    expect([await outcomeOf(t, older), await outcomeOf(t, created)]).toEqual(['stale', 'stale']);
    // Of the same second: an open state does not reopen a resolved one.
    const tie = await deliver('CUSTOMER.DISPUTE.UPDATED', dispute(sale, 'UNDER_REVIEW'), 30);
    expect(await outcomeOf(t, tie)).toBe('stale');
    expect(await statusShown(registry)).toEqual(['dispute_won']);
    await deliver('CUSTOMER.DISPUTE.UPDATED', dispute(sale, 'UNDER_REVIEW'), 50);
    expect(await statusShown(registry)).toEqual(['disputed']);

    // Of the same second, created is the first state.
    const first = await paidSale();
    await deliver('CUSTOMER.DISPUTE.UPDATED', dispute(first.sale, 'WAITING_FOR_SELLER_RESPONSE'), 10);
    const sameSecond = await deliver('CUSTOMER.DISPUTE.CREATED', dispute(first.sale, 'OPEN'), 10);
    expect(await outcomeOf(t, sameSecond)).toBe('stale');
  });

  it('keeps a dispute that came before its sale, and applies it when the sale arrives', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const sale = eventId('SALE');
    const early = await deliver('CUSTOMER.DISPUTE.CREATED', dispute(sale, 'OPEN'), 10);
    expect(await eventRow(t, early)).toMatchObject({
      outcome: 'unmatched',
      reason: 'charge_not_found',
      provider_object_id: sale,
    });
    await completedSale(registry, sale);
    expect(await outcomeOf(t, early)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });

  it('a dispute that arrived while its business was in the trash is applied by the restore', async () => {
    const { registry, sale } = await paidSale();
    await sendToTrash(t, master, registry);
    const held = await deliver('CUSTOMER.DISPUTE.CREATED', dispute(sale, 'OPEN'), 10);
    expect(await outcomeOf(t, held)).toBe('unmatched');
    expect((await restoreFromTrash(t, master, registry)).statusCode).toBe(200);
    expect(await outcomeOf(t, held)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });

  it('ignores a dispute that names no sale', async () => {
    const nameless = await deliver(
      'CUSTOMER.DISPUTE.CREATED',
      {
        dispute_id: 'PP-D-NAMELESS',
        status: 'OPEN',
        disputed_transactions: [{ buyer_transaction_id: 'B-1' }],
      },
      10,
    );
    expect(await outcomeOf(t, nameless)).toBe('ignored');
  });
});
