// POST /webhooks/paypal, verified through PayPal's verify-webhook-signature call. The
// real API is not reachable from tests: a local stand-in (test/payment-webhooks.ts) answers the
// OAuth token and verification calls.
import { MSG } from '@portal/contract/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import {
  billingHistoryOf,
  changeHistory,
  eventRow,
  outcomeOf,
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  postPayPal,
  startPayPalStandIn,
  subscriptionOf,
  webhookTableCounts,
} from '../../../test/payment-webhooks.ts';

function paypalSubscription(id: string, customId: string | null, status: string, extra: object = {}) {
  return {
    id,
    plan_id: 'P-PLAN',
    status,
    ...(customId ? { custom_id: customId } : {}),
    start_time: '2026-11-01T10:00:00Z',
    create_time: '2026-11-01T09:59:00Z',
    status_update_time: '2026-11-20T12:00:00Z',
    subscriber: { email_address: 'dueno@correo.test' },
    billing_info: {
      next_billing_time: '2026-12-01T10:00:00Z',
      last_payment: { amount: { currency_code: 'USD', value: '15.00' }, time: '2026-11-01T10:00:00Z' },
    },
    ...extra,
  };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('PayPal webhook', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp({ ...paypalConfigOf(standIn), metricsEnabled: true });
  const admin = (await createAdmin(t)).headers;
  const master = await masterHeaders(t);
  const subscriptionShown = (registry: string) => subscriptionOf(t, admin, registry);
  const billingOf = (registry: string) => billingHistoryOf(t, admin, registry);

  it('applies an activation with paypal_details, checked with PayPal, and names PayPal', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const event = paypalEvent(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      paypalSubscription('I-ACT1', `${registry}:standard`, 'ACTIVE'),
      minutesAgo(10),
    );
    const res = await postPayPal(t, standIn, event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, received: true });
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_provider: 'paypal',
      subscription_tier: 'standard',
      subscription_status: 'active',
      subscription_renews: true,
      billing_email: 'dueno@correo.test',
      updated_by: 'PayPal',
      paypal_details: {
        subscription_id: 'I-ACT1',
        plan_id: 'P-PLAN',
        plan_amount: 1500,
        currency: 'usd',
        current_period_start: '2026-11-01T10:00:00.000Z',
        current_period_end: '2026-12-01T10:00:00.000Z',
        payer_email: 'dueno@correo.test',
      },
    });
    expect(await changeHistory(t, registry, 'subscription_status')).toContainEqual(
      expect.objectContaining({ new_value: 'active', changed_by: 'PayPal' }),
    );
    // What went to PayPal: a token by client credentials, then the check with our webhook id and
    // the event as it was received.
    const verify = standIn.calls.filter((call) => call.path === '/v1/notifications/verify-webhook-signature');
    expect(verify.length).toBeGreaterThan(0);
    const sent = JSON.parse(verify.at(-1)!.body);
    expect(sent).toMatchObject({
      webhook_id: standIn.webhookId,
      auth_algo: 'SHA256withRSA',
      webhook_event: event,
    });
  });

  it('asks for one OAuth token and reuses it', async () => {
    const tokenCalls = standIn.calls.filter((call) => call.path === '/v1/oauth2/token');
    expect(tokenCalls).toHaveLength(1);
  });

  it('suspends, cancels and expires in order; an older event arriving late changes nothing', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const custom = `${registry}:premium`;
    await postPayPal(
      t,
      standIn,
      paypalEvent(
        'BILLING.SUBSCRIPTION.ACTIVATED',
        paypalSubscription('I-ORD', custom, 'ACTIVE'),
        minutesAgo(30),
      ),
    );
    const cancelled = paypalEvent(
      'BILLING.SUBSCRIPTION.CANCELLED',
      paypalSubscription('I-ORD', custom, 'CANCELLED'),
      minutesAgo(10),
    );
    const suspended = paypalEvent(
      'BILLING.SUBSCRIPTION.SUSPENDED',
      paypalSubscription('I-ORD', custom, 'SUSPENDED'),
      minutesAgo(20),
    );
    expect((await postPayPal(t, standIn, cancelled)).statusCode).toBe(200);
    expect((await postPayPal(t, standIn, suspended)).statusCode).toBe(200);
    expect(await subscriptionShown(registry)).toMatchObject({
      subscription_status: 'canceled',
      subscription_renews: false,
      paypal_details: { canceled_at: '2026-11-20T12:00:00.000Z' },
    });
    const expired = paypalEvent(
      'BILLING.SUBSCRIPTION.EXPIRED',
      paypalSubscription('I-ORD', custom, 'EXPIRED'),
      minutesAgo(1),
    );
    await postPayPal(t, standIn, expired);
    expect((await subscriptionShown(registry)).subscription_status).toBe('ended');
  });

  it('writes one billing item for a completed sale, however often and however many at once', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await postPayPal(
      t,
      standIn,
      paypalEvent(
        'BILLING.SUBSCRIPTION.ACTIVATED',
        paypalSubscription('I-SALE', `${registry}:basic`, 'ACTIVE'),
        minutesAgo(5),
      ),
    );
    const before = await webhookTableCounts(t);
    const sale = paypalEvent(
      'PAYMENT.SALE.COMPLETED',
      {
        id: '8PS12345',
        state: 'completed',
        amount: { total: '9.99', currency: 'USD' },
        billing_agreement_id: 'I-SALE',
        create_time: '2026-11-02T10:00:00Z',
      },
      minutesAgo(4),
    );
    const answers = await Promise.all(Array.from({ length: 40 }, () => postPayPal(t, standIn, sale)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(40).fill(200));
    expect(await webhookTableCounts(t)).toEqual({
      ...before,
      webhook_events: before.webhook_events! + 1,
      billing_history: before.billing_history! + 1,
      business_change_logs: before.business_change_logs! + 1,
    });
    expect(await billingOf(registry)).toMatchObject({
      total_count: 1,
      history: [
        {
          amount: 999,
          currency: 'usd',
          provider: 'paypal',
          tier: 'basic',
          status: 'succeeded',
          transaction_date: '2026-11-02T10:00:00.000Z',
        },
      ],
    });
  });

  it('refuses a signature PayPal does not confirm, or missing transmission headers, and writes nothing', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const event = paypalEvent(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      paypalSubscription('I-FORGED', registry, 'ACTIVE'),
      minutesAgo(1),
    );
    const before = await webhookTableCounts(t);
    expectError(await postPayPal(t, standIn, event, { forged: true }), 400, MSG.webhookSignatureInvalid);
    expectError(
      await postPayPal(t, standIn, event, { headers: { 'paypal-transmission-sig': '' } }),
      400,
      MSG.webhookSignatureInvalid,
    );
    expect(await webhookTableCounts(t)).toEqual(before);
  });

  it('answers a body that is not JSON, or not an event, with 400', async () => {
    const before = await webhookTableCounts(t);
    expectError(await postPayPal(t, standIn, '{"id": '), 400, MSG.invalidRequestData);
    expectError(await postPayPal(t, standIn, { id: 'WH-1' }), 400, MSG.invalidRequestData);
    expect(await webhookTableCounts(t)).toEqual(before);
  });

  it('answers 200 to a type it does not use, and keeps an unknown registry as unmatched', async () => {
    const ignored = paypalEvent('CHECKOUT.ORDER.APPROVED', { id: '5O190127TN364715T' }, minutesAgo(1));
    expect((await postPayPal(t, standIn, ignored)).statusCode).toBe(200);
    const nobody = paypalEvent(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      paypalSubscription('I-NOBODY', 'REG888888:basic', 'ACTIVE'),
      minutesAgo(1),
    );
    expect((await postPayPal(t, standIn, nobody)).statusCode).toBe(200);
    expect(await eventRow(t, ignored)).toMatchObject({ outcome: 'ignored', reason: null });
    expect(await eventRow(t, nobody)).toMatchObject({ outcome: 'unmatched', reason: 'business_not_found' });
    const list = (
      await t.app.inject({ method: 'GET', url: '/master/webhooks/api/v1/unmatched-events', headers: master })
    ).json();
    expect(list.events[0]).toMatchObject({
      provider: 'paypal',
      event_id: nobody.id,
      business_registry_number: 'REG888888',
    });
  });

  it('answers 503 with Retry-After while PayPal cannot be asked, and writes nothing', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const event = paypalEvent(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      paypalSubscription('I-DOWN', registry, 'ACTIVE'),
      minutesAgo(1),
    );
    const before = await webhookTableCounts(t);
    standIn.mode = 'down';
    try {
      const res = await postPayPal(t, standIn, event);
      expectError(res, 503, MSG.webhookProviderUnavailable);
      expect(res.headers['retry-after']).toBe('60');
    } finally {
      standIn.mode = 'up';
    }
    expect(await webhookTableCounts(t)).toEqual(before);
  });

  it('answers 200 to a subscriber email over 255 characters, and stores the subscription without it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const event = paypalEvent(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      paypalSubscription('I-LONGMAIL', `${registry}:basic`, 'ACTIVE', {
        subscriber: { email_address: `${'a'.repeat(290)}@correo.test` },
      }),
      minutesAgo(3),
    );
    expect((await postPayPal(t, standIn, event)).statusCode).toBe(200);
    expect(await outcomeOf(t, event)).toBe('applied');
    const stored = await subscriptionShown(registry);
    expect(stored).toMatchObject({ subscription_status: 'active', billing_email: null });
    expect(stored.paypal_details.payer_email).toBeUndefined();
  });

  it('keeps a cancellation when an update of the same time arrives after it', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const custom = `${registry}:basic`;
    const at = minutesAgo(3);
    const cancelled = paypalEvent(
      'BILLING.SUBSCRIPTION.CANCELLED',
      paypalSubscription('I-TIE', custom, 'CANCELLED'),
      at,
    );
    const updated = paypalEvent(
      'BILLING.SUBSCRIPTION.UPDATED',
      paypalSubscription('I-TIE', custom, 'ACTIVE'),
      at,
    );
    expect((await postPayPal(t, standIn, cancelled)).statusCode).toBe(200);
    expect((await postPayPal(t, standIn, updated)).statusCode).toBe(200);
    expect((await subscriptionShown(registry)).subscription_status).toBe('canceled');
    expect(await outcomeOf(t, updated)).toBe('stale');
  });

  it('answers 200 to a sale whose amount no billing item can hold, and keeps it as ignored', async () => {
    const sale = paypalEvent(
      'PAYMENT.SALE.COMPLETED',
      {
        id: '8PSHUGE',
        state: 'completed',
        amount: { total: '9999999999.99', currency: 'USD' },
        billing_agreement_id: 'I-SALE',
        create_time: '2026-11-02T10:00:00Z',
      },
      minutesAgo(2),
    );
    expect((await postPayPal(t, standIn, sale)).statusCode).toBe(200);
    expect(await outcomeOf(t, sale)).toBe('ignored');
  });

  it('a refund or a reversal makes the sale refunded; a failed payment is a failed billing item', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    await postPayPal(
      t,
      standIn,
      paypalEvent(
        'BILLING.SUBSCRIPTION.ACTIVATED',
        paypalSubscription('I-REFUND', `${registry}:standard`, 'ACTIVE'),
        minutesAgo(10),
      ),
    );
    const sale = (id: string, at: number) =>
      paypalEvent(
        'PAYMENT.SALE.COMPLETED',
        {
          id,
          state: 'completed',
          amount: { total: '15.00', currency: 'USD' },
          billing_agreement_id: 'I-REFUND',
          create_time: '2026-11-02T10:00:00Z',
        },
        minutesAgo(at),
      );
    for (const event of [sale('SALE-R1', 9), sale('SALE-R2', 8)]) await postPayPal(t, standIn, event);
    const refunded = paypalEvent(
      'PAYMENT.SALE.REFUNDED',
      { id: 'REFUND-1', sale_id: 'SALE-R1', state: 'completed', amount: { total: '15.00', currency: 'USD' } },
      minutesAgo(5),
    );
    const reversed = paypalEvent(
      'PAYMENT.SALE.REVERSED',
      { id: 'SALE-R2', state: 'reversed', amount: { total: '15.00', currency: 'USD' } },
      minutesAgo(4),
    );
    const failed = paypalEvent(
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      paypalSubscription('I-REFUND', `${registry}:standard`, 'ACTIVE', {
        billing_info: {
          last_failed_payment: {
            amount: { currency_code: 'USD', value: '15.00' },
            time: '2026-12-01T10:05:00Z',
            reason_code: 'PAYMENT_DENIED',
          },
        },
      }),
      minutesAgo(3),
    );
    for (const event of [refunded, reversed, failed]) {
      expect((await postPayPal(t, standIn, event)).statusCode).toBe(200);
      expect(await outcomeOf(t, event)).toBe('applied');
    }
    expect((await billingOf(registry)).history).toMatchObject([
      { amount: 1500, status: 'failed', tier: 'standard', transaction_date: '2026-12-01T10:05:00.000Z' },
      { amount: 1500, status: 'refunded' },
      { amount: 1500, status: 'refunded' },
    ]);
  });

  it('counts PayPal events by provider in /metrics', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (name: string) =>
      Number(new RegExp(`^${name}\\{provider="paypal"\\} (\\d+)`, 'm').exec(text)?.[1]);
    expect(value('webhook_events_rejected_total')).toBe(2);
    expect(value('webhook_events_unmatched_total')).toBe(1);
    expect(value('webhook_events_applied_total')).toBeGreaterThan(4);
  });
});

describe('PayPal webhook under a flood of forged deliveries', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp(paypalConfigOf(standIn));

  it('stops asking PayPal about an address after 10 refusals in a minute: 429, nothing written', async () => {
    const forged = () =>
      postPayPal(
        t,
        standIn,
        paypalEvent(
          'BILLING.SUBSCRIPTION.ACTIVATED',
          paypalSubscription('I-FLOOD', 'REG1', 'ACTIVE'),
          minutesAgo(1),
        ),
        { forged: true },
      );
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) statuses.push((await forged()).statusCode);
    expect(statuses).toEqual(Array(10).fill(400));
    const verifications = () =>
      standIn.calls.filter((call) => call.path.includes('verify-webhook-signature')).length;
    const asked = verifications();
    const before = await webhookTableCounts(t);
    for (let n = 0; n < 20; n += 1) expect((await forged()).statusCode).toBe(429);
    expect(verifications()).toBe(asked);
    expect(await webhookTableCounts(t)).toEqual(before);
  });
});

describe('PayPal webhook without PAYPAL_WEBHOOK_ID', async () => {
  const t = await createTestApp();
  it('answers 404 and writes nothing', async () => {
    const before = await webhookTableCounts(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/paypal',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'WH-OFF', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED' }),
    });
    expectError(res, 404, MSG.resourceNotFound);
    expect(await webhookTableCounts(t)).toEqual(before);
  });
});
