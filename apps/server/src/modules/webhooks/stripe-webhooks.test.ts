// POST /webhooks/stripe: verified on the raw body, applied once and in order, seen in
// the subscription, its billing history and the business's change history.
import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import {
  billingHistoryOf,
  eventId,
  eventRow,
  outcomeOf,
  postStripe,
  restoreFromTrash,
  STRIPE_SECRET,
  SUBSCRIPTIONS_PATH,
  sendToTrash,
  stripeEvent,
  stripeInvoice,
  stripeRefundedCharge,
  stripeSignature,
  stripeSubscription,
  subscriptionOf,
  webhookTableCounts,
} from '../../../test/payment-webhooks.ts';

const UNMATCHED = '/master/webhooks/api/v1/unmatched-events';

describe('Stripe webhook', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET, metricsEnabled: true });
  const admin = (await createAdmin(t)).headers;
  const master = await masterHeaders(t);
  const now = () => Math.floor(Date.now() / 1000);

  const subscriptionShown = (registry: string) => subscriptionOf(t, admin, registry);
  const historyOf = async (registry: string) =>
    t.db
      .selectFrom('business_change_logs')
      .select(['operation_type', 'changed_column', 'old_value', 'new_value', 'changed_by'])
      .where('business_registry_number', '=', registry)
      .where('changed_by', '=', 'Stripe')
      .orderBy('log_id')
      .execute();

  it('applies a new subscription: tier, status, details in cents, who changed it and the history', async () => {
    const business = await createBusiness(t);
    const registry = business.business_registry_number;
    const sub = stripeSubscription('sub_new_1', { registry, tier: 'premium', amount: 4999 });
    const res = await postStripe(t, stripeEvent('customer.subscription.created', sub));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, received: true });

    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_provider: 'stripe',
      subscription_tier: 'premium',
      subscription_status: 'active',
      subscription_renews: true,
      updated_by: 'Stripe',
      stripe_details: {
        subscription_id: 'sub_new_1',
        current_amount: 4999,
        currency: 'usd',
        billing_interval: 'month',
        current_period_start: '2026-09-21T14:13:20.000Z',
        current_period_end: '2026-10-21T14:13:20.000Z',
        cancel_at_period_end: false,
      },
    });
    expect(await historyOf(registry)).toEqual([
      {
        operation_type: 'INSERT',
        changed_column: 'subscription_provider',
        old_value: null,
        new_value: 'Stripe',
        changed_by: 'Stripe',
      },
      {
        operation_type: 'INSERT',
        changed_column: 'subscription_tier',
        old_value: null,
        new_value: 'premium',
        changed_by: 'Stripe',
      },
      {
        operation_type: 'INSERT',
        changed_column: 'subscription_status',
        old_value: null,
        new_value: 'active',
        changed_by: 'Stripe',
      },
      {
        operation_type: 'INSERT',
        changed_column: 'subscription_renews',
        old_value: null,
        new_value: 'true',
        changed_by: 'Stripe',
      },
    ]);
  });

  it('takes the tier from the price lookup key, and a trial as active with its trial_end', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const trialEnd = 1_791_000_000;
    const sub = stripeSubscription('sub_trial', {
      registry,
      status: 'trialing',
      lookupKey: 'standard_monthly',
      trialEnd,
    });
    expect((await postStripe(t, stripeEvent('customer.subscription.created', sub))).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_tier: 'standard',
      subscription_status: 'active',
      stripe_details: { trial_end: new Date(trialEnd * 1000).toISOString() },
    });
  });

  it('applies a replayed event once', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const event = stripeEvent(
      'customer.subscription.created',
      stripeSubscription('sub_replay', { registry, tier: 'basic' }),
    );
    expect((await postStripe(t, event)).statusCode).toBe(200);
    const before = await webhookTableCounts(t);
    for (let i = 0; i < 3; i += 1) {
      const again = await postStripe(t, event);
      expect(again.statusCode).toBe(200);
      expect(again.json().received).toBe(true);
    }
    expect(await webhookTableCounts(t)).toEqual(before);
  });

  it('never lets an older event roll back a newer one (out of order)', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const base = now() - 100;
    await postStripe(
      t,
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription('sub_order', { registry, tier: 'basic' }),
        base,
      ),
    );
    const newer = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_order', { registry, tier: 'premium', status: 'past_due' }),
      base + 20,
    );
    const older = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_order', { registry, tier: 'standard', status: 'active' }),
      base + 10,
    );
    expect((await postStripe(t, newer)).statusCode).toBe(200);
    expect((await postStripe(t, older)).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_tier: 'premium',
      subscription_status: 'past_due',
    });
    expect([await outcomeOf(t, newer), await outcomeOf(t, older)]).toEqual(['applied', 'stale']);
    // The history says what changed, once: basic -> premium, active -> past_due.
    const updates = (await historyOf(registry)).filter((row) => row.operation_type === 'UPDATE');
    expect(updates.map((row) => [row.changed_column, row.old_value, row.new_value])).toEqual([
      ['subscription_tier', 'basic', 'premium'],
      ['subscription_status', 'active', 'past_due'],
    ]);
  });

  it('keeps one subscription row, at the newest event, when its events arrive all at once', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const base = now() - 200;
    const statuses = ['active', 'past_due', 'incomplete', 'canceled'] as const;
    const events = Array.from({ length: 20 }, (_, i) =>
      stripeEvent(
        i === 0 ? 'customer.subscription.created' : 'customer.subscription.updated',
        stripeSubscription('sub_burst', {
          registry,
          tier: 'basic',
          status: statuses[i % 4],
          amount: 1000 + i,
        }),
        base + i,
      ),
    );
    const answers = await Promise.all([...events].reverse().map((event) => postStripe(t, event)));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const rows = await t.db
      .selectFrom('subscriptions')
      .select(['subscription_status', 'provider_details'])
      .where('provider_subscription_id', '=', 'sub_burst')
      .execute();
    expect(rows).toHaveLength(1);
    // The newest event is the 20th: status statuses[19 % 4] = 'canceled', amount 1019.
    expect(rows[0]).toMatchObject({
      subscription_status: 'canceled',
      provider_details: { current_amount: 1019 },
    });
  });

  it('marks a deleted subscription canceled and not renewing', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await postStripe(
      t,
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription('sub_del', { registry, tier: 'basic' }),
        now() - 50,
      ),
    );
    const canceledAt = now() - 5;
    const deleted = stripeSubscription('sub_del', {
      registry,
      tier: 'basic',
      status: 'canceled',
      canceledAt,
    });
    expect((await postStripe(t, stripeEvent('customer.subscription.deleted', deleted))).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_status: 'canceled',
      subscription_renews: false,
      stripe_details: { canceled_at: new Date(canceledAt * 1000).toISOString() },
    });
  });

  it('writes one billing item for 40 parallel deliveries of one invoice event', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await postStripe(
      t,
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription('sub_par', { registry, tier: 'premium' }),
      ),
    );
    const before = await webhookTableCounts(t);
    const event = stripeEvent(
      'invoice.paid',
      stripeInvoice('in_parallel', { subscription: 'sub_par', amount: 2999 }),
    );
    const answers = await Promise.all(Array.from({ length: 40 }, () => postStripe(t, event)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(40).fill(200));
    expect(await webhookTableCounts(t)).toEqual({
      ...before,
      webhook_events: before.webhook_events! + 1,
      billing_history: before.billing_history! + 1,
      business_change_logs: before.business_change_logs! + 1,
    });
    const history = await billingHistoryOf(t, admin, registry);
    expect(history.total_count).toBe(1);
    expect(history.history[0]).toMatchObject({
      amount: 2999,
      currency: 'usd',
      provider: 'stripe',
      tier: 'premium',
      status: 'succeeded',
    });
  });

  it('keeps one billing item per invoice: a failed payment, then paid and payment_succeeded', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await postStripe(
      t,
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription('sub_inv', { registry, tier: 'standard' }),
        now() - 60,
      ),
    );
    const invoice = stripeInvoice('in_one', { subscription: 'sub_inv', amount: 1999 });
    await postStripe(t, stripeEvent('invoice.payment_failed', invoice, now() - 30));
    let history = await billingHistoryOf(t, admin, registry);
    expect(history.history.map((item: { status: string }) => item.status)).toEqual(['failed']);
    await postStripe(t, stripeEvent('invoice.paid', invoice, now() - 10));
    await postStripe(t, stripeEvent('invoice.payment_succeeded', invoice, now() - 10));
    // An older failure arriving late changes nothing.
    await postStripe(t, stripeEvent('invoice.payment_failed', invoice, now() - 20));
    history = await billingHistoryOf(t, admin, registry);
    expect(history.total_count).toBe(1);
    expect(history.history[0]).toMatchObject({ status: 'succeeded', amount: 1999, tier: 'standard' });
    const items = (await historyOf(registry)).filter((row) => row.changed_column === 'billing_item');
    expect(items.map((row) => [row.operation_type, row.new_value])).toEqual([
      ['INSERT', 'in_one: 19.99 USD, failed'],
      ['UPDATE', 'in_one: 19.99 USD, succeeded'],
    ]);
  });

  it('refuses a forged, stale or missing signature with 400 and writes nothing', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const event = stripeEvent(
      'customer.subscription.created',
      stripeSubscription('sub_forged', { registry, tier: 'basic' }),
    );
    const body = JSON.stringify(event);
    const before = await webhookTableCounts(t);
    for (const signature of [
      stripeSignature(body, 'whsec_someone_else'),
      stripeSignature(body, STRIPE_SECRET, now() - 301),
      stripeSignature(`${body} `),
      `t=${now()}`,
      'garbage',
      null,
    ]) {
      expectError(await postStripe(t, body, signature), 400, MSG.webhookSignatureInvalid);
    }
    expect(await webhookTableCounts(t)).toEqual(before);
  });

  it('answers a well-signed body that is not JSON, or not an event, with 400', async () => {
    const before = await webhookTableCounts(t);
    expectError(await postStripe(t, 'not json {'), 400, MSG.invalidRequestData);
    expectError(await postStripe(t, '[1,2,3]'), 400, MSG.invalidRequestData);
    expectError(await postStripe(t, { id: 'evt_x', type: 'invoice.paid' }), 400, MSG.invalidRequestData);
    expect(await webhookTableCounts(t)).toEqual(before);
  });

  it('answers 200 to an event type it does not use, and keeps it as ignored', async () => {
    const before = await webhookTableCounts(t);
    const event = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    const res = await postStripe(t, event);
    expect(res.statusCode).toBe(200);
    expect(res.json().received).toBe(true);
    expect(await webhookTableCounts(t)).toEqual({ ...before, webhook_events: before.webhook_events! + 1 });
    expect(await outcomeOf(t, event)).toBe('ignored');
  });

  it('keeps an event for an unknown registry as unmatched, listed for the master only', async () => {
    const before = await webhookTableCounts(t);
    const event = stripeEvent(
      'customer.subscription.created',
      stripeSubscription('sub_nobody', { registry: 'REG999999', tier: 'basic' }),
    );
    const missing = stripeEvent(
      'customer.subscription.created',
      stripeSubscription('sub_noreg', { tier: 'basic' }),
    );
    expect((await postStripe(t, event)).statusCode).toBe(200);
    expect((await postStripe(t, missing)).statusCode).toBe(200);
    expect(await webhookTableCounts(t)).toEqual({ ...before, webhook_events: before.webhook_events! + 2 });

    const list = await t.app.inject({ method: 'GET', url: `${UNMATCHED}?limit=5`, headers: master });
    expect(list.statusCode).toBe(200);
    expect(list.json().events.slice(0, 2)).toMatchObject([
      {
        provider: 'stripe',
        event_id: missing.id,
        reason: 'registry_missing',
        provider_object_id: 'sub_noreg',
        business_registry_number: null,
      },
      {
        provider: 'stripe',
        event_id: event.id,
        event_type: 'customer.subscription.created',
        reason: 'business_not_found',
        business_registry_number: 'REG999999',
      },
    ]);
    expect(list.json().total_count).toBeGreaterThanOrEqual(2);
    expect(
      (await t.app.inject({ method: 'GET', url: UNMATCHED.replace('/master/', '/admin/'), headers: admin }))
        .statusCode,
    ).toBe(404);
    expectError(await t.app.inject({ method: 'GET', url: UNMATCHED, headers: admin }), 403, MSG.onlyMaster);
  });

  it('an invoice for a subscription not yet known finds the business in its metadata', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = stripeInvoice(`in_${eventId('early')}`, {
      subscription: 'sub_later',
      registry,
      tier: 'basic',
      amount: 999,
    });
    expect((await postStripe(t, stripeEvent('invoice.paid', invoice))).statusCode).toBe(200);
    const history = await billingHistoryOf(t, admin, registry);
    expect(history.history).toMatchObject([{ amount: 999, tier: 'basic', status: 'succeeded' }]);
  });

  it('keeps updated/active when created/incomplete of the same second arrives after it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const second = now() - 40;
    const sub = (status: string) => stripeSubscription('sub_tie_late', { registry, tier: 'basic', status });
    const updated = stripeEvent('customer.subscription.updated', sub('active'), second);
    const created = stripeEvent('customer.subscription.created', sub('incomplete'), second);
    expect((await postStripe(t, updated)).statusCode).toBe(200);
    expect((await postStripe(t, created)).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({ subscription_status: 'active' });
    expect(await outcomeOf(t, created)).toBe('stale');
  });

  it('applies created/incomplete then updated/active of the same second in that order', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const second = now() - 40;
    const sub = (status: string) => stripeSubscription('sub_tie_order', { registry, tier: 'basic', status });
    const created = stripeEvent('customer.subscription.created', sub('incomplete'), second);
    const updated = stripeEvent('customer.subscription.updated', sub('active'), second);
    expect((await postStripe(t, created)).statusCode).toBe(200);
    expect((await subscriptionShown(registry)).subscription_status).toBe('incomplete');
    expect((await postStripe(t, updated)).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({ subscription_status: 'active' });
    expect([await outcomeOf(t, created), await outcomeOf(t, updated)]).toEqual(['applied', 'applied']);
  });

  it('keeps a cancellation when an update of the same second arrives after it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const second = now() - 40;
    const sub = (status: string) => stripeSubscription('sub_tie_del', { registry, tier: 'basic', status });
    await postStripe(t, stripeEvent('customer.subscription.created', sub('active'), second - 60));
    const deleted = stripeEvent('customer.subscription.deleted', sub('canceled'), second);
    const updated = stripeEvent('customer.subscription.updated', sub('active'), second);
    expect((await postStripe(t, deleted)).statusCode).toBe(200);
    expect((await postStripe(t, updated)).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_status: 'canceled',
      subscription_renews: false,
    });
    expect(await outcomeOf(t, updated)).toBe('stale');
  });

  it('keeps a paid invoice when a failure of the same second arrives after it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await postStripe(
      t,
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription('sub_tie_inv', { registry, tier: 'basic' }),
        now() - 60,
      ),
    );
    const invoice = stripeInvoice('in_tie', { subscription: 'sub_tie_inv', amount: 999 });
    const second = now() - 30;
    await postStripe(t, stripeEvent('invoice.paid', invoice, second));
    const failed = stripeEvent('invoice.payment_failed', invoice, second);
    expect((await postStripe(t, failed)).statusCode).toBe(200);
    const history = await billingHistoryOf(t, admin, registry);
    expect(history.history).toMatchObject([{ status: 'succeeded' }]);
    expect(await outcomeOf(t, failed)).toBe('stale');
  });

  it('moves a subscription to the business its corrected metadata names, with its invoices', async () => {
    const a = (await createBusiness(t)).business_registry_number;
    const b = (await createBusiness(t)).business_registry_number;
    const base = now() - 100;
    await postStripe(
      t,
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription('sub_move', { registry: a, tier: 'standard' }),
        base,
      ),
    );
    await postStripe(
      t,
      stripeEvent(
        'invoice.paid',
        stripeInvoice('in_move', { subscription: 'sub_move', amount: 1999 }),
        base + 1,
      ),
    );
    const updated = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_move', { registry: b, tier: 'standard' }),
      base + 10,
    );
    expect((await postStripe(t, updated)).statusCode).toBe(200);

    expect(await subscriptionShown(b)).toMatchObject({
      subscription_tier: 'standard',
      stripe_details: { subscription_id: 'sub_move' },
    });
    const onA = await t.app.inject({ method: 'GET', url: `${SUBSCRIPTIONS_PATH}/${a}`, headers: admin });
    expect(onA.statusCode).toBe(404);
    const billingOf = async (registry: string) => (await billingHistoryOf(t, admin, registry)).total_count;
    expect([await billingOf(a), await billingOf(b)]).toEqual([0, 1]);
    const moved = { changed_column: 'subscription_business', old_value: a, new_value: b };
    expect(await historyOf(a)).toContainEqual(expect.objectContaining(moved));
    expect(await historyOf(b)).toContainEqual(expect.objectContaining(moved));

    // An older event still naming A moves nothing back.
    const late = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_move', { registry: a, tier: 'standard' }),
      base + 5,
    );
    expect((await postStripe(t, late)).statusCode).toBe(200);
    expect(await outcomeOf(t, late)).toBe('stale');
    expect((await subscriptionShown(b)).stripe_details.subscription_id).toBe('sub_move');
  });

  it('moves a subscription to a business that has a live one of its own, keeping both', async () => {
    const a = (await createBusiness(t)).business_registry_number;
    const b = (await createBusiness(t)).business_registry_number;
    const base = now() - 100;
    const created = (id: string, registry: string) =>
      stripeEvent('customer.subscription.created', stripeSubscription(id, { registry, tier: 'basic' }), base);
    await postStripe(t, created('sub_own_b', b));
    await postStripe(t, created('sub_wrong_a', a));
    const updated = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription('sub_wrong_a', { registry: b, tier: 'basic' }),
      base + 10,
    );
    expect((await postStripe(t, updated)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('subscriptions')
      .innerJoin('businesses', 'businesses.id', 'subscriptions.business_id')
      .select(['provider_subscription_id', 'business_registry_number', 'subscription_status'])
      .where('provider_subscription_id', 'in', ['sub_own_b', 'sub_wrong_a'])
      .orderBy('provider_subscription_id')
      .execute();
    expect(rows).toEqual([
      { provider_subscription_id: 'sub_own_b', business_registry_number: b, subscription_status: 'active' },
      { provider_subscription_id: 'sub_wrong_a', business_registry_number: b, subscription_status: 'active' },
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `${SUBSCRIPTIONS_PATH}/${a}`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('applies invoices that came before their subscription once it arrives: no registry, or no tier', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const base = now() - 100;
    const anonymous = stripeEvent(
      'invoice.paid',
      stripeInvoice(`in_${eventId('first')}`, { subscription: 'sub_after', amount: 2999 }),
      base,
    );
    const noTier = stripeEvent(
      'invoice.paid',
      stripeInvoice(`in_${eventId('second')}`, { subscription: 'sub_after', registry, amount: 2999 }),
      base + 1,
    );
    for (const event of [anonymous, noTier]) expect((await postStripe(t, event)).statusCode).toBe(200);
    expect(await outcomeOf(t, anonymous)).toBe('unmatched');
    expect(await outcomeOf(t, noTier)).toBe('unmatched');

    const created = stripeEvent(
      'customer.subscription.created',
      stripeSubscription('sub_after', { registry, lookupKey: 'premium_monthly', amount: 2999 }),
      base + 2,
    );
    expect((await postStripe(t, created)).statusCode).toBe(200);
    const history = await billingHistoryOf(t, admin, registry);
    expect(history.history).toHaveLength(2);
    expect(history.history).toMatchObject([
      { amount: 2999, tier: 'premium', status: 'succeeded' },
      { amount: 2999, tier: 'premium', status: 'succeeded' },
    ]);
    expect(await outcomeOf(t, anonymous)).toBe('applied');
    expect(await outcomeOf(t, noTier)).toBe('applied');
    const items = await t.db
      .selectFrom('billing_history')
      .innerJoin('subscriptions', 'subscriptions.id', 'billing_history.subscription_id')
      .select('subscriptions.provider_subscription_id')
      .innerJoin('businesses', 'businesses.id', 'billing_history.business_id')
      .where('businesses.business_registry_number', '=', registry)
      .execute();
    expect(items).toEqual([
      { provider_subscription_id: 'sub_after' },
      { provider_subscription_id: 'sub_after' },
    ]);
  });

  it('a plan changed at Stripe takes the new price, even with the old tier in the metadata', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const base = now() - 100;
    const sub = (lookupKey: string, amount: number) =>
      stripeSubscription('sub_plan_change', { registry, tier: 'basic', lookupKey, amount });
    await postStripe(t, stripeEvent('customer.subscription.created', sub('basic_monthly', 999), base));
    await postStripe(t, stripeEvent('customer.subscription.updated', sub('premium_monthly', 4999), base + 5));
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_tier: 'premium',
      stripe_details: { current_amount: 4999 },
    });
  });

  it('the card shows the subscription being paid, not a newer attempt that expired', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const base = now() - 100;
    const paying = {
      ...stripeSubscription('sub_paying', { registry, tier: 'basic' }),
      created: base - 50_000,
    };
    const attempt = {
      ...stripeSubscription('sub_attempt', { registry, tier: 'premium', status: 'incomplete_expired' }),
      created: base - 10,
    };
    await postStripe(t, stripeEvent('customer.subscription.created', paying, base));
    await postStripe(t, stripeEvent('customer.subscription.created', attempt, base + 1));
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_tier: 'basic',
      subscription_status: 'active',
      stripe_details: { subscription_id: 'sub_paying' },
    });
    // Once the one being paid ends, the card shows the newest again.
    const ended = { ...paying, status: 'canceled' };
    await postStripe(t, stripeEvent('customer.subscription.deleted', ended, base + 2));
    expect(await subscriptionShown(registry)).toMatchObject({
      stripe_details: { subscription_id: 'sub_attempt' },
    });
  });

  it('a refund makes the paid invoice refunded; part of one stays paid and the history says how much', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const base = now() - 100;
    const whole = `in_${eventId('whole')}`;
    const part = `in_${eventId('part')}`;
    for (const [invoice, at] of [
      [whole, base],
      [part, base + 1],
    ] as const) {
      const paid = stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 });
      expect((await postStripe(t, stripeEvent('invoice.paid', paid, at))).statusCode).toBe(200);
    }
    const charge = (invoice: string, refunded: number) =>
      stripeRefundedCharge(`ch_${invoice}`, { invoice, refunded });
    const refundWhole = stripeEvent('charge.refunded', charge(whole, 2000), base + 10);
    const refundPart = stripeEvent('charge.refunded', charge(part, 500), base + 11);
    for (const event of [refundWhole, refundPart]) expect((await postStripe(t, event)).statusCode).toBe(200);
    expect(await outcomeOf(t, refundWhole)).toBe('applied');
    const items = await t.db
      .selectFrom('billing_history')
      .select(['provider_invoice_id', 'status'])
      .where('provider_invoice_id', 'in', [whole, part])
      .orderBy('provider_invoice_id')
      .execute();
    expect(new Map(items.map((item) => [item.provider_invoice_id, item.status]))).toEqual(
      new Map([
        [whole, 'refunded'],
        [part, 'succeeded'],
      ]),
    );
    const rows = (await historyOf(registry)).filter((row) => row.operation_type === 'UPDATE');
    expect(rows.map((row) => row.new_value)).toEqual([
      `${whole}: 20.00 USD, refunded`,
      `${part}: 20.00 USD, succeeded (5.00 USD refunded)`,
    ]);
    // The paid event delivered again after the refund (a retry) does not make it paid again.
    const late = stripeEvent(
      'invoice.paid',
      stripeInvoice(whole, { registry, tier: 'basic', amount: 2000 }),
      base,
    );
    expect((await postStripe(t, late)).statusCode).toBe(200);
    expect(await outcomeOf(t, late)).toBe('stale');
  });

  it('a refund that came before its payment, or while the business was in the trash, is applied once it can be', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const base = now() - 100;
    const refundOf = (invoice: string) => stripeRefundedCharge(`ch_${invoice}`, { invoice, amount: 1500 });
    const statusOf = async (invoice: string) =>
      (
        await t.db
          .selectFrom('billing_history')
          .select('status')
          .where('provider_invoice_id', '=', invoice)
          .executeTakeFirst()
      )?.status;
    const paid = (invoice: string, at: number) =>
      stripeEvent('invoice.paid', stripeInvoice(invoice, { registry, tier: 'basic', amount: 1500 }), at);

    // Before its payment: kept, then applied when the payment arrives.
    const early = `in_${eventId('early_refund')}`;
    const refund = stripeEvent('charge.refunded', refundOf(early), base + 5);
    await postStripe(t, refund);
    expect(await outcomeOf(t, refund)).toBe('unmatched');
    await postStripe(t, paid(early, base));
    expect(await statusOf(early)).toBe('refunded');
    expect(await outcomeOf(t, refund)).toBe('applied');

    // While the business is in the trash: kept, then applied by the restore.
    const trashed = `in_${eventId('trashed_refund')}`;
    await postStripe(t, paid(trashed, base + 10));
    await sendToTrash(t, master, registry);
    const late = stripeEvent('charge.refunded', refundOf(trashed), base + 20);
    await postStripe(t, late);
    expect(await outcomeOf(t, late)).toBe('unmatched');
    expect((await restoreFromTrash(t, master, registry)).statusCode).toBe(200);
    expect(await statusOf(trashed)).toBe('refunded');
    expect(await outcomeOf(t, late)).toBe('applied');
  });

  it('keeps a refund of a payment the portal does not have as unmatched, with its reason', async () => {
    const refund = stripeEvent(
      'charge.refunded',
      stripeRefundedCharge('ch_unknown', { amount: 1000, invoice: 'in_never_seen' }),
    );
    expect((await postStripe(t, refund)).statusCode).toBe(200);
    expect(await eventRow(t, refund)).toMatchObject({ outcome: 'unmatched', reason: 'invoice_not_found' });
  });

  it('answers 200 to a signed event whose billing_email is over 255 characters, and stores it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const sub = stripeSubscription('sub_long_email', { registry, tier: 'premium' });
    const long = `${'a'.repeat(290)}@correo.test`;
    const event = stripeEvent('customer.subscription.created', {
      ...sub,
      metadata: { ...sub.metadata, billing_email: long },
    });
    const res = await postStripe(t, event);
    expect(res.statusCode).toBe(200);
    expect(await outcomeOf(t, event)).toBe('applied');
    const stored = await subscriptionShown(registry);
    expect(stored).toMatchObject({ subscription_tier: 'premium', billing_email: null });
    expect(stored.stripe_details.payer_email).toBeUndefined();
  });

  it("takes the customer's email when metadata.billing_email is not an address", async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const sub = stripeSubscription('sub_bad_email', { registry, tier: 'basic' });
    const event = stripeEvent('customer.subscription.created', {
      ...sub,
      customer: { id: 'cus_bad', email: 'cliente@correo.test' },
      metadata: { ...sub.metadata, billing_email: 'no es un correo' },
    });
    expect((await postStripe(t, event)).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({ billing_email: 'cliente@correo.test' });
  });

  it('answers 200 to an invoice whose amount no billing item can hold, and keeps it as ignored', async () => {
    const invoice = stripeInvoice('in_huge', { subscription: 'sub_par', amount: 3_000_000_000 });
    const event = stripeEvent('invoice.paid', invoice);
    expect((await postStripe(t, event)).statusCode).toBe(200);
    expect(await outcomeOf(t, event)).toBe('ignored');
  });

  it('counts received, applied, rejected and unmatched events in /metrics', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (name: string) =>
      Number(new RegExp(`^${name}\\{provider="stripe"\\} (\\d+)`, 'm').exec(text)?.[1]);
    expect(value('webhook_events_received_total')).toBeGreaterThan(value('webhook_events_applied_total'));
    expect(value('webhook_events_applied_total')).toBeGreaterThan(0);
    expect(value('webhook_events_rejected_total')).toBe(6);
    // The unknown registry's event and its own, the two invoices that came before their
    // subscription, the refund of an unknown payment, and the two refunds kept until they could be applied.
    expect(value('webhook_events_unmatched_total')).toBe(7);
    expect(text).toMatch(/^webhook_events_skipped_total\{provider="stripe",reason="duplicate"\} \d+/m);
  });
});

describe('Stripe webhook without STRIPE_WEBHOOK_SECRET', async () => {
  const t = await createTestApp();

  it('answers 404, as for a route that is not there, and writes nothing', async () => {
    const before = await webhookTableCounts(t);
    const event = stripeEvent(
      'customer.subscription.created',
      stripeSubscription('sub_off', { registry: 'REG000001' }),
    );
    expectError(await postStripe(t, event), 404, MSG.resourceNotFound);
    expect(await webhookTableCounts(t)).toEqual(before);
  });
});
