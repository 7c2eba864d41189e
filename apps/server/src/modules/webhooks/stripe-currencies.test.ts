// Stripe writes amounts in the currency's smallest unit: cents of a dollar, but whole yen (a
// zero-decimal currency) and thousandths of a Kuwaiti dinar (a three-decimal one). The portal keeps
// amounts as hundredths and shows them divided by 100 (SPEC §9), so a plan of ¥3,000 must read
// ¥3,000 on the card and in the billing history, not ¥30.
import { formatCents } from '@portal/contract/money';
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  billingHistoryOf,
  changeHistory,
  deliverStripe,
  eventId,
  STRIPE_SECRET,
  stripeInvoice,
  stripeRefundedCharge,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/payment-webhooks.ts';

describe('Stripe amounts in currencies without cents', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  /** A business paying `amount` (Stripe's units) in `currency`: its plan and one paid invoice. */
  async function paying(currency: string, amount: number) {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId(currency)}`;
    const invoice = `in_${eventId(currency)}`;
    const sub = stripeSubscription(subscription, { registry, tier: 'premium', amount });
    sub.currency = currency;
    sub.items.data[0]!.price.currency = currency;
    await deliverStripe(t, 'customer.subscription.created', sub, base);
    await deliverStripe(
      t,
      'invoice.paid',
      { ...stripeInvoice(invoice, { subscription, amount }), currency, charge: `ch_${invoice}` },
      base + 1,
    );
    return { registry, invoice };
  }

  /** As the card and the billing history show them (Intl's no-break space read as a space). */
  const shown = async (registry: string) => {
    const subscription = await subscriptionOf(t, admin, registry);
    const [item] = (await billingHistoryOf(t, admin, registry)).history as {
      amount: number;
      currency: string;
    }[];
    const text = (cents: number, currency: string) => formatCents(cents, currency).replace(/\s/g, ' ');
    return {
      plan: text(subscription.stripe_details.current_amount, subscription.stripe_details.currency),
      paid: text(item!.amount, item!.currency),
    };
  };

  it('shows a plan and an invoice in yen as whole yen', async () => {
    const { registry } = await paying('jpy', 3000);
    expect(await shown(registry)).toEqual({ plan: '¥3,000', paid: '¥3,000' });
  });

  it('shows a plan and an invoice in Kuwaiti dinars with their three decimals', async () => {
    const { registry } = await paying('kwd', 12_340);
    expect(await shown(registry)).toEqual({ plan: 'KWD 12.340', paid: 'KWD 12.340' });
  });

  it('keeps dollars as they are', async () => {
    const { registry } = await paying('usd', 2999);
    expect(await shown(registry)).toEqual({ plan: '$29.99', paid: '$29.99' });
  });

  it('refunds part of a payment in yen, and the history says how many yen came back', async () => {
    const { registry, invoice } = await paying('jpy', 3000);
    const charge = {
      ...stripeRefundedCharge(`ch_${invoice}`, { amount: 3000, refunded: 1000 }),
      currency: 'jpy',
    };
    await deliverStripe(t, 'charge.refunded', charge, base + 2);
    const [refund] = await changeHistory(t, registry, 'billing_item', 'UPDATE');
    expect(refund?.new_value).toBe(`${invoice}: 3000.00 JPY, succeeded (1000.00 JPY refunded)`);
    const whole = { ...stripeRefundedCharge(`ch_${invoice}`, { amount: 3000 }), currency: 'jpy' };
    await deliverStripe(t, 'charge.refunded', whole, base + 3);
    expect((await billingHistoryOf(t, admin, registry)).history).toMatchObject([{ status: 'refunded' }]);
  });
});
