// A refund or dispute delivered at the same moment as the payment it concerns is applied, whichever
// transaction looks first. The interleaving that lost it: the refund looks for its billing item
// before the payment's transaction commits, and the payment looks for waiting events before the
// refund's commits. Here the refund is held just before its commit (a trigger waits on a lock the
// test holds) while the payment is delivered. PostgreSQL only: the two need two connections.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  eventId,
  outcomeOf,
  type PayPalStandIn,
  paypalConfigOf,
  postPayPal,
  postStripe,
  STRIPE_SECRET,
  startPayPalStandIn,
  stripeEvent,
  stripeInvoice,
} from '../../../test/payment-webhooks.ts';
import { usePostgres } from '../../../test/test-db.ts';

const SUBSCRIPTIONS = '/admin/business-subscriptions/api/v1/business-subscriptions/registry';

/** A charge refunded whole, as API versions from 2025-03-31 send it (no invoice). */
const refundedCharge = (paymentIntent: string) => ({
  id: `ch_${eventId('race')}`,
  object: 'charge',
  amount: 2000,
  amount_refunded: 2000,
  refunded: true,
  currency: 'usd',
  payment_intent: paymentIntent,
});
const invoicePayment = (invoice: string, paymentIntent: string) => ({
  id: `inpay_${eventId()}`,
  object: 'invoice_payment',
  invoice,
  payment: { type: 'payment_intent', payment_intent: paymentIntent },
});
/** The lock the held delivery waits on (a session's single-key advisory lock). */
const GATE = 4242;

describe.runIf(usePostgres())('a refund or dispute delivered with its payment', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET, ...paypalConfigOf(standIn) });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  // A delivery whose event id starts with 'held_' waits, as it settles unmatched, for the gate.
  await sql`
    create function hold_unmatched() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${sql.lit(GATE)});
      return new;
    end $$`.execute(t.db);
  await sql`
    create trigger hold_unmatched before update on webhook_events for each row
      when (new.outcome = 'unmatched' and new.event_id like 'held\\_%')
      execute function hold_unmatched()`.execute(t.db);

  /** Advisory locks of this database waited for: the gate's, or any other. */
  const lockWaits = async (which: 'gate' | 'other') => {
    const gate = sql<boolean>`(objsubid = 1 and objid = ${GATE})`;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks
       where locktype = 'advisory' and not granted
         and database = (select oid from pg_database where datname = current_database())
         and ${which === 'gate' ? gate : sql`not ${gate}`}`.execute(t.db);
    return rows[0]!.n;
  };

  /**
   * Delivers `early` (held as it settles unmatched, its item not found), then `payment` while it is
   * held; opens the gate once `payment` has finished or waits for a lock.
   */
  async function race(
    early: () => Promise<{ statusCode: number }>,
    payment: () => Promise<{ statusCode: number }>,
  ) {
    let open = () => {};
    let closed = () => {};
    const gateClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const gate = t.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${GATE})`.execute(trx);
      closed();
      await new Promise<void>((resolve) => {
        open = resolve;
      });
    });
    await gateClosed;
    const earlyAnswer = early();
    await expect.poll(() => lockWaits('gate'), { timeout: 20_000 }).toBe(1);
    let paymentDone = false;
    const paymentAnswer = payment().finally(() => {
      paymentDone = true;
    });
    await expect
      .poll(async () => paymentDone || (await lockWaits('other')) > 0, { timeout: 20_000 })
      .toBe(true);
    open();
    await gate;
    expect((await earlyAnswer).statusCode).toBe(200);
    expect((await paymentAnswer).statusCode).toBe(200);
  }

  const statusShown = async (registry: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${SUBSCRIPTIONS}/${registry}/history`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().history as { status: string }[]).map((item) => item.status);
  };

  it('a Stripe refund (named by its payment intent) and the invoice_payment.paid that names it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('race')}`;
    const intent = `pi_${eventId('race')}`;
    const paid = stripeEvent(
      'invoice.paid',
      stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }),
      base,
    );
    expect((await postStripe(t, paid)).statusCode).toBe(200);
    const refund = stripeEvent('charge.refunded', refundedCharge(intent), base + 10, eventId('held'));
    const link = stripeEvent('invoice_payment.paid', invoicePayment(invoice, intent), base + 1);
    await race(
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
    expect((await postStripe(t, link)).statusCode).toBe(200);
    expect(await outcomeOf(t, link)).toBe('unmatched');
    const refund = stripeEvent('charge.refunded', refundedCharge(intent), base + 10, eventId('held'));
    const paid = stripeEvent(
      'invoice.paid',
      stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }),
      base,
    );
    await race(
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
      eventId('held'),
    );
    const paid = stripeEvent(
      'invoice.paid',
      { ...stripeInvoice(`in_${eventId('race')}`, { registry, tier: 'basic', amount: 2000 }), charge },
      base,
    );
    await race(
      () => postStripe(t, disputed),
      () => postStripe(t, paid),
    );
    expect(await outcomeOf(t, disputed)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });

  it('a PayPal dispute and the sale it disputes', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const sale = `SALE-${eventId('race')}`;
    const event = (id: string, type: string, resource: object, at: string) => ({
      id,
      event_version: '1.0',
      create_time: at,
      event_type: type,
      resource,
    });
    const disputed = event(
      eventId('held'),
      'CUSTOMER.DISPUTE.CREATED',
      {
        dispute_id: `PP-D-${sale}`,
        status: 'OPEN',
        disputed_transactions: [{ seller_transaction_id: sale }],
      },
      '2026-11-02T12:00:10Z',
    );
    const completed = event(
      eventId('WH'),
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
    await race(
      () => postPayPal(t, standIn, disputed),
      () => postPayPal(t, standIn, completed),
    );
    expect(await outcomeOf(t, disputed)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });
});
