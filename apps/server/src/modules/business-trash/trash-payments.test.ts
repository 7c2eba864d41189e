// A business restored from the trash gets the payment events that arrived while it was there
// (docs/business-trash.md "Payments while in the trash"), and a subscription another business
// received meanwhile does not block the restore.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createBusiness, staffApp } from '../../../test/helpers.ts';
import {
  changeHistory,
  eventId,
  eventRow,
  paypalConfigOf,
  paypalEvent,
  restoreFromTrash,
  STRIPE_SECRET,
  sendPayPal,
  sendStripe,
  sendToTrash,
  startPayPalStandIn,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../../test/payment-webhooks.ts';

describe('payments of a business in the trash', async () => {
  const standIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const { t, master } = await staffApp({ stripeWebhookSecret: STRIPE_SECRET, ...paypalConfigOf(standIn) });
  const base = Math.floor(Date.now() / 1000) - 1000;

  const remove = (registry: string) => sendToTrash(t, master, registry);
  const restore = (registry: string) => restoreFromTrash(t, master, registry);
  const send = (event: { id: string }) => sendStripe(t, event);
  const created = (id: string, registry: string, at: number) =>
    stripeEvent('customer.subscription.created', stripeSubscription(id, { registry, tier: 'premium' }), at);
  /** What happened to the event, and why it is unmatched. */
  const stored = async (event: { id: string }) => {
    const { outcome, reason } = await eventRow(t, event);
    return { outcome, reason };
  };
  const subscription = (id: string) =>
    t.db
      .selectFrom('subscriptions')
      .innerJoin('businesses', 'businesses.id', 'subscriptions.business_id')
      .select(['business_registry_number', 'subscription_status', 'subscription_renews', 'subscriptions.id'])
      .where('provider_subscription_id', '=', id)
      .executeTakeFirstOrThrow();
  const invoices = (registry: string) =>
    t.db
      .selectFrom('billing_history')
      .innerJoin('businesses', 'businesses.id', 'billing_history.business_id')
      .select(['provider_invoice_id', 'subscription_id', 'status'])
      .where('business_registry_number', '=', registry)
      .orderBy('provider_invoice_id')
      .execute();
  const history = (registry: string, column: string) => changeHistory(t, registry, column);

  it('applies on restore, in order, the events that arrived while the business was in the trash', async () => {
    const registry = (await createBusiness(t)).business_registry_number;
    await send(created('sub_trash_1', registry, base));
    await remove(registry);

    const canceled = stripeEvent(
      'customer.subscription.deleted',
      stripeSubscription('sub_trash_1', {
        registry,
        tier: 'premium',
        status: 'canceled',
        canceledAt: base + 20,
      }),
      base + 20,
    );
    const paid = stripeEvent(
      'invoice.paid',
      stripeInvoice('in_trash_1', { subscription: 'sub_trash_1', registry, tier: 'premium', amount: 4999 }),
      base + 30,
    );
    // No registry number: found through the subscription, once it is back.
    const paidToo = stripeEvent(
      'invoice.paid',
      stripeInvoice('in_trash_2', { subscription: 'sub_trash_1', amount: 1000 }),
      base + 31,
    );
    const older = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_trash_1', { registry, tier: 'basic' }),
      base - 10,
    );
    // Sent in another order than the provider's: they are applied by its times.
    for (const event of [paid, canceled, paidToo, older]) await send(event);
    expect(await stored(canceled)).toEqual({ outcome: 'unmatched', reason: 'business_not_found' });
    expect(await stored(paidToo)).toEqual({ outcome: 'unmatched', reason: 'registry_missing' });
    // A kept event that can no longer be read stays as it is and does not stop the restore.
    const broken = { id: eventId() };
    await t.db
      .insertInto('webhook_events')
      .values({
        provider: 'stripe',
        event_id: broken.id,
        event_type: 'customer.subscription.updated',
        event_created: new Date((base + 40) * 1000),
        outcome: 'unmatched',
        reason: 'business_not_found',
        business_registry_number: registry,
        payload: JSON.stringify({ id: broken.id, type: 'customer.subscription.updated' }),
      })
      .execute();

    // One the database refuses now is undone alone (a savepoint), and stays unmatched too.
    const refused = stripeEvent(
      'invoice.paid',
      stripeInvoice('in_trash_refused', { subscription: 'sub_trash_1', registry }),
      base + 35,
    );
    await send(refused);
    await sql`alter table billing_history add constraint refuse_one
              check (provider_invoice_id <> 'in_trash_refused')`.execute(t.db);
    try {
      expect((await restore(registry)).statusCode).toBe(200);
    } finally {
      await sql`alter table billing_history drop constraint refuse_one`.execute(t.db);
    }

    const sub = await subscription('sub_trash_1');
    expect(sub).toMatchObject({ subscription_status: 'canceled', subscription_renews: false });
    expect(await invoices(registry)).toEqual([
      { provider_invoice_id: 'in_trash_1', subscription_id: sub.id, status: 'succeeded' },
      { provider_invoice_id: 'in_trash_2', subscription_id: sub.id, status: 'succeeded' },
    ]);
    for (const event of [canceled, paid, paidToo])
      expect(await stored(event)).toEqual({ outcome: 'applied', reason: null });
    expect(await stored(older)).toEqual({ outcome: 'stale', reason: null });
    for (const event of [broken, refused])
      expect(await stored(event)).toEqual({ outcome: 'unmatched', reason: 'business_not_found' });
    expect(await history(registry, 'subscription_status')).toEqual([
      { old_value: null, new_value: 'active', changed_by: 'Stripe' },
      { old_value: 'active', new_value: 'canceled', changed_by: 'Stripe' },
    ]);
    expect((await history(registry, 'billing_item')).map((row) => row.changed_by)).toEqual([
      'Stripe',
      'Stripe',
    ]);
  });

  it('restores without a subscription that a corrected event gave to another business meanwhile', async () => {
    const a = (await createBusiness(t)).business_registry_number;
    const b = (await createBusiness(t)).business_registry_number;
    await send(created('sub_trash_moved', a, base));
    const invoice = stripeInvoice('in_trash_moved', { subscription: 'sub_trash_moved', registry: a });
    await send(stripeEvent('invoice.paid', invoice, base + 1));
    const second = stripeInvoice('in_trash_moved_2', { subscription: 'sub_trash_moved', registry: a });
    await send(stripeEvent('invoice.paid', second, base + 2));
    await remove(a);
    const late = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_trash_moved', { registry: a, tier: 'premium', status: 'past_due' }),
      base + 10,
    );
    await send(late);
    await send(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription('sub_trash_moved', { registry: b, tier: 'standard' }),
        base + 20,
      ),
    );
    // B now has that invoice too, newer: its row is kept, the copy in the trash left out.
    await send(
      stripeEvent(
        'invoice.paid',
        stripeInvoice('in_trash_moved', { subscription: 'sub_trash_moved', registry: b, amount: 1234 }),
        base + 25,
      ),
    );

    const res = await restore(a);
    expect(res.statusCode).toBe(200);
    expect(res.json().business.business_registry_number).toBe(a);
    const sub = await subscription('sub_trash_moved');
    expect(sub).toMatchObject({ business_registry_number: b, subscription_status: 'active' });
    expect(await invoices(a)).toEqual([]);
    expect(await invoices(b)).toEqual([
      { provider_invoice_id: 'in_trash_moved', subscription_id: sub.id, status: 'succeeded' },
      { provider_invoice_id: 'in_trash_moved_2', subscription_id: sub.id, status: 'succeeded' },
    ]);
    const amounts = await t.db
      .selectFrom('billing_history')
      .select('amount')
      .where('provider_invoice_id', '=', 'in_trash_moved')
      .execute();
    expect(amounts).toEqual([{ amount: 1234 }]);
    // The event that named A while it was away is older than B's: it moves nothing back.
    expect(await stored(late)).toEqual({ outcome: 'stale', reason: null });
    const moved = { old_value: a, new_value: b, changed_by: 'Stripe' };
    expect(await history(a, 'subscription_business')).toEqual([moved]);
    expect(await history(b, 'subscription_business')).toEqual([moved]);
  });

  it('takes a subscription back when its state in the trash is newer than the one given away', async () => {
    const a = (await createBusiness(t)).business_registry_number;
    const b = (await createBusiness(t)).business_registry_number;
    await send(created('sub_trash_back', a, base));
    await send(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription('sub_trash_back', { registry: a, tier: 'premium', status: 'past_due' }),
        base + 50,
      ),
    );
    const dup = (registry: string) =>
      stripeInvoice('in_trash_dup', { subscription: 'sub_trash_back', registry, amount: 700 });
    await send(stripeEvent('invoice.paid', dup(a), base + 52));
    await remove(a);
    await send(stripeEvent('invoice.payment_failed', dup(b), base + 32));
    // A retry of an event from before A's metadata was corrected still names B.
    await send(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription('sub_trash_back', { registry: b, tier: 'basic' }),
        base + 30,
      ),
    );
    await send(
      stripeEvent(
        'invoice.paid',
        stripeInvoice('in_trash_back', { subscription: 'sub_trash_back', registry: b }),
        base + 31,
      ),
    );

    expect((await restore(a)).statusCode).toBe(200);
    const sub = await subscription('sub_trash_back');
    expect(sub).toMatchObject({ business_registry_number: a, subscription_status: 'past_due' });
    expect(await invoices(a)).toEqual([
      { provider_invoice_id: 'in_trash_back', subscription_id: sub.id, status: 'succeeded' },
      { provider_invoice_id: 'in_trash_dup', subscription_id: sub.id, status: 'succeeded' },
    ]);
    expect(await invoices(b)).toEqual([]);
    const moved = { old_value: b, new_value: a, changed_by: 'Stripe' };
    expect(await history(a, 'subscription_business')).toEqual([moved]);
    expect(await history(b, 'subscription_business')).toEqual([moved]);
  });

  it('applies the PayPal events kept meanwhile, a sale found through its subscription', async () => {
    const registry = (await createBusiness(t)).business_registry_number;
    const paypal = (type: string, resource: object, at: number) =>
      paypalEvent(type, resource, new Date(at * 1000).toISOString());
    const sub = (status: string) => ({ id: 'I-TRASH1', status, custom_id: `${registry}:basic` });
    const send = (event: object) => sendPayPal(t, standIn, event);
    await send(paypal('BILLING.SUBSCRIPTION.ACTIVATED', sub('ACTIVE'), base));
    await remove(registry);
    const cancelled = paypal('BILLING.SUBSCRIPTION.CANCELLED', sub('CANCELLED'), base + 10);
    const sale = paypal(
      'PAYMENT.SALE.COMPLETED',
      {
        id: 'SALE-TRASH-1',
        amount: { total: '15.00', currency: 'USD' },
        create_time: new Date((base + 5) * 1000).toISOString(),
        billing_agreement_id: 'I-TRASH1',
      },
      base + 5,
    );
    await send(cancelled);
    await send(sale);
    expect(await stored(sale)).toEqual({ outcome: 'unmatched', reason: 'registry_missing' });

    expect((await restore(registry)).statusCode).toBe(200);
    const restored = await subscription('I-TRASH1');
    expect(restored).toMatchObject({ subscription_status: 'canceled' });
    expect(await invoices(registry)).toEqual([
      { provider_invoice_id: 'SALE-TRASH-1', subscription_id: restored.id, status: 'succeeded' },
    ]);
    expect(await stored(cancelled)).toEqual({ outcome: 'applied', reason: null });
    expect(await stored(sale)).toEqual({ outcome: 'applied', reason: null });
    expect(await history(registry, 'subscription_status')).toEqual([
      { old_value: null, new_value: 'active', changed_by: 'PayPal' },
      { old_value: 'active', new_value: 'canceled', changed_by: 'PayPal' },
    ]);
  });
});
