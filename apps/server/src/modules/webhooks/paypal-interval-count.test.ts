// A PayPal subscription says how often it is billed only when its resource carries the plan's
// billing cycles (an inline plan): the regular cycle's `frequency` (`interval_unit` MONTH,
// `interval_count` 6 is every six months). Without it the portal says nothing of the interval,
// and a later event without it leaves what an earlier one said of the same plan.
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  type PayPalStandIn,
  paypalConfigOf,
  paypalEvent,
  sendPayPal,
  startPayPalStandIn,
  subscriptionOf,
} from '../../../test/payment-webhooks.ts';

function paypalSubscription(id: string, registry: string, extra: object = {}) {
  return {
    id,
    plan_id: 'P-SEMESTER',
    status: 'ACTIVE',
    custom_id: `${registry}:premium`,
    start_time: '2026-11-01T10:00:00Z',
    create_time: '2026-11-01T09:59:00Z',
    subscriber: { email_address: 'dueno@correo.test' },
    billing_info: {
      next_billing_time: '2027-05-01T10:00:00Z',
      last_payment: { amount: { currency_code: 'USD', value: '90.00' }, time: '2026-11-01T10:00:00Z' },
    },
    ...extra,
  };
}

const everySixMonths = {
  plan: {
    billing_cycles: [
      { tenure_type: 'TRIAL', sequence: 1, frequency: { interval_unit: 'WEEK', interval_count: 1 } },
      { tenure_type: 'REGULAR', sequence: 2, frequency: { interval_unit: 'MONTH', interval_count: 6 } },
    ],
  },
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('how often a PayPal plan is billed', async () => {
  const standIn: PayPalStandIn = await startPayPalStandIn();
  afterAll(() => standIn.close());
  const t = await createTestApp(paypalConfigOf(standIn));
  const admin = (await createAdmin(t)).headers;
  const detailsOf = async (registry: string) => (await subscriptionOf(t, admin, registry)).paypal_details;

  it("reads the regular billing cycle's frequency, and keeps it through an event without it", async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const resource = paypalSubscription('I-SEMESTER', registry, everySixMonths);
    await sendPayPal(t, standIn, paypalEvent('BILLING.SUBSCRIPTION.ACTIVATED', resource, minutesAgo(10)));
    expect(await detailsOf(registry)).toMatchObject({ billing_interval: 'month', interval_count: 6 });

    const updated = paypalSubscription('I-SEMESTER', registry, { status: 'SUSPENDED' });
    await sendPayPal(t, standIn, paypalEvent('BILLING.SUBSCRIPTION.SUSPENDED', updated, minutesAgo(5)));
    expect(await detailsOf(registry)).toMatchObject({ billing_interval: 'month', interval_count: 6 });
  });

  it('says nothing of the interval when the resource names only its plan', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const resource = paypalSubscription('I-PLAIN', registry);
    await sendPayPal(t, standIn, paypalEvent('BILLING.SUBSCRIPTION.ACTIVATED', resource, minutesAgo(10)));
    const details = await detailsOf(registry);
    expect(details).toMatchObject({ subscription_id: 'I-PLAIN', plan_amount: 9000 });
    expect(details).not.toHaveProperty('billing_interval');
    expect(details).not.toHaveProperty('interval_count');
  });

  it('a change to another plan does not keep the old plan’s interval', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const resource = paypalSubscription('I-REVISED', registry, everySixMonths);
    await sendPayPal(t, standIn, paypalEvent('BILLING.SUBSCRIPTION.ACTIVATED', resource, minutesAgo(10)));
    const revised = paypalSubscription('I-REVISED', registry, { plan_id: 'P-OTHER' });
    await sendPayPal(t, standIn, paypalEvent('BILLING.SUBSCRIPTION.UPDATED', revised, minutesAgo(5)));
    const details = await detailsOf(registry);
    expect(details.plan_id).toBe('P-OTHER');
    expect(details).not.toHaveProperty('interval_count');
  });
});
