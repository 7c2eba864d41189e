import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';

const BASE = '/business-subscriptions/api/v1/business-subscriptions';

describe('subscriptions family', async () => {
  const {
    t,
    admin,
    master,
    businesses: [stripe, paypal, none],
  } = await contentFamily(BASE, { businesses: 3 });
  const stripeRegistry = stripe.business_registry_number;
  const paypalRegistry = paypal.business_registry_number;
  const noneRegistry = none.business_registry_number;

  beforeAll(async () => {
    const [sub] = await t.db
      .insertInto('subscriptions')
      .values({
        business_id: stripe.id,
        subscription_provider: 'stripe',
        subscription_tier: 'premium',
        subscription_status: 'active',
        billing_email: 'pagos@negocio.test',
        provider_details: JSON.stringify({
          subscription_id: 'sub_123',
          current_amount: 2999,
          currency: 'usd',
          billing_interval: 'month',
          current_period_start: '2026-11-01T00:00:00Z',
          current_period_end: '2026-12-01T00:00:00Z',
          cancel_at_period_end: false,
        }),
      })
      .returning('id')
      .execute();
    await t.db
      .insertInto('subscriptions')
      .values([
        {
          business_id: paypal.id,
          subscription_provider: 'stripe',
          subscription_tier: 'basic',
          subscription_status: 'ended',
          created_at: '2025-01-01T00:00:00Z',
        },
        {
          business_id: paypal.id,
          subscription_provider: 'paypal',
          subscription_tier: 'standard',
          subscription_status: 'past_due',
          subscription_renews: false,
          provider_details: JSON.stringify({
            subscription_id: 'I-PAY',
            plan_amount: 1500,
            payer_email: 'dueno@correo.test',
          }),
          created_at: '2026-01-01T00:00:00Z',
        },
      ])
      .execute();
    const item = (amount: number, date: string, status: string) => ({
      business_id: stripe.id,
      subscription_id: sub.id,
      amount,
      transaction_date: date,
      provider: 'stripe',
      tier: 'premium',
      status,
    });
    await t.db
      .insertInto('billing_history')
      .values([
        item(2999, '2026-09-01T10:00:00Z', 'succeeded'),
        item(2999, '2026-11-01T10:00:00Z', 'succeeded'),
        item(2999, '2026-10-01T10:00:00Z', 'failed'),
      ])
      .execute();
  });

  it('answers the Stripe subscription with its details in cents, for admin and master', async () => {
    for (const [prefix, headers] of [
      ['/admin', admin],
      ['/master', master],
    ] as const) {
      const res = await getJson(t, `${prefix}${BASE}/registry/${stripeRegistry.toLowerCase()}`, headers);
      expect(res.statusCode).toBe(200);
      const { subscription } = res.json() as { subscription: Record<string, unknown> };
      expect(subscription).toMatchObject({
        business_registry_number: stripeRegistry,
        subscription_provider: 'stripe',
        subscription_tier: 'premium',
        subscription_status: 'active',
        subscription_renews: true,
        billing_email: 'pagos@negocio.test',
        stripe_details: {
          subscription_id: 'sub_123',
          current_amount: 2999,
          currency: 'usd',
          billing_interval: 'month',
        },
      });
      expect(subscription).not.toHaveProperty('paypal_details');
    }
    expect((await getJson(t, `/admin${BASE}/registry/${stripeRegistry}`)).statusCode).toBe(401);
  });

  it('answers the newest subscription, with paypal_details for PayPal', async () => {
    const res = await getJson(t, `/admin${BASE}/registry/${paypalRegistry}`, admin);
    expect(res.json().subscription).toMatchObject({
      subscription_provider: 'paypal',
      subscription_tier: 'standard',
      subscription_renews: false,
      paypal_details: { subscription_id: 'I-PAY', plan_amount: 1500, payer_email: 'dueno@correo.test' },
    });
    expect(res.json().subscription).not.toHaveProperty('stripe_details');
  });

  it("answers 404 with 'not found' when there is no subscription or no business", async () => {
    expectError(
      await getJson(t, `/admin${BASE}/registry/${noneRegistry}`, admin),
      404,
      'Subscription not found',
    );
    expectError(await getJson(t, `/admin${BASE}/registry/REG999999`, admin), 404, 'Business not found');
    expectError(await getJson(t, `/admin${BASE}/registry/%20`, admin), 400, 'Registry number is required');
  });

  it('lists billing history newest first, empty for a business without payments', async () => {
    const res = await getJson(t, `/master${BASE}/registry/${stripeRegistry}/history`, master);
    expect(res.statusCode).toBe(200);
    const { history, total_count } = res.json() as {
      history: { transaction_date: string; status: string; amount: number }[];
      total_count: number;
    };
    expect(total_count).toBe(3);
    expect(history.map((h) => [h.transaction_date.slice(0, 10), h.status, h.amount])).toEqual([
      ['2026-11-01', 'succeeded', 2999],
      ['2026-10-01', 'failed', 2999],
      ['2026-09-01', 'succeeded', 2999],
    ]);
    const empty = await getJson(t, `/admin${BASE}/registry/${noneRegistry}/history`, admin);
    expect(empty.json()).toEqual({ success: true, history: [], total_count: 0 });
    expect((await getJson(t, `/admin${BASE}/health`, admin)).json()).toMatchObject({
      service: 'business-subscriptions',
    });
  });
});
