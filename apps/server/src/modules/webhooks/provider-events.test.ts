// Reading the providers' JSON: values the database cannot keep are left out and named, never
// refused (docs/payments.md "Values the portal cannot keep").
import { describe, expect, it } from 'vitest';
import { stripeEvent, stripeInvoice, stripeSubscription } from '../../../test/payment-webhooks.ts';
import { readPayPalEvent } from './paypal-events.ts';
import type { DisputeChange, InvoiceChange, RefundChange, SubscriptionChange } from './provider-event.ts';
import { readStripeEvent } from './stripe-events.ts';

const long = (n: number) => 'x'.repeat(n);

describe('readStripeEvent', () => {
  const subscriptionEvent = (fields: object, type = 'customer.subscription.updated') => {
    const sub = stripeSubscription('sub_read', { registry: 'REG000123', tier: 'basic' });
    return readStripeEvent(stripeEvent(type, { ...sub, ...fields }))!;
  };

  it('leaves out an overlong or malformed billing email, naming the field', () => {
    const event = subscriptionEvent({
      metadata: { business_registry_number: 'REG000123', billing_email: `${long(300)}@correo.test` },
    });
    const change = event.change as SubscriptionChange;
    expect(change.billingEmail).toBeNull();
    expect(change.details.payer_email).toBeUndefined();
    expect(event.dropped).toEqual(['metadata.billing_email']);
    const malformed = subscriptionEvent({
      customer: { id: 'cus_1', email: 'cliente@correo.test' },
      metadata: { business_registry_number: 'REG000123', billing_email: 'no es un correo' },
    });
    expect((malformed.change as SubscriptionChange).billingEmail).toBe('cliente@correo.test');
    expect(malformed.dropped).toEqual(['metadata.billing_email']);
  });

  it('leaves out an overlong registry number and ignores an overlong subscription id', () => {
    const event = subscriptionEvent({ metadata: { business_registry_number: `REG${long(60)}` } });
    expect((event.change as SubscriptionChange).registry).toBeNull();
    expect(event.dropped).toEqual(['metadata.business_registry_number']);
    const overlong = subscriptionEvent({ id: `sub_${long(260)}` });
    expect(overlong.change).toBeNull();
    expect(overlong.dropped).toEqual(['id']);
  });

  it('marks customer.subscription.created as the first state', () => {
    expect((subscriptionEvent({}, 'customer.subscription.created').change as SubscriptionChange).first).toBe(
      true,
    );
    expect((subscriptionEvent({}).change as SubscriptionChange).first).toBe(false);
  });

  it('leaves out times no database keeps, and is no event when its own time is one', () => {
    const event = subscriptionEvent({ trial_end: 1e300, canceled_at: -1e15 });
    const change = event.change as SubscriptionChange;
    expect(change.details).toMatchObject({ trial_end: null, canceled_at: null });
    expect(readStripeEvent(stripeEvent('invoice.paid', stripeInvoice('in_1'), 1e14))).toBeNull();
    expect(
      readStripeEvent({ ...stripeEvent('invoice.paid', stripeInvoice('in_1')), id: long(256) }),
    ).toBeNull();
  });

  it('reads a refunded charge with its invoice (before 2025-03-31) or with its payment only (after)', () => {
    const refund = (charge: object) =>
      readStripeEvent(
        stripeEvent('charge.refunded', {
          id: 'ch_1',
          amount: 2000,
          amount_refunded: 500,
          currency: 'usd',
          ...charge,
        }),
      )!.change as RefundChange;
    expect(refund({ invoice: 'in_1', payment_intent: 'pi_1' })).toEqual({
      kind: 'refund',
      invoiceId: 'in_1',
      payment: { chargeId: 'ch_1', paymentIntentId: 'pi_1' },
      amount: null,
      total: 500,
      refundId: null,
      currency: 'usd',
      whole: false,
    });
    expect(refund({ payment_intent: { id: 'pi_2', object: 'payment_intent' } })).toMatchObject({
      invoiceId: null,
      payment: { chargeId: 'ch_1', paymentIntentId: 'pi_2' },
    });
  });

  it('ignores an invoice whose amount no billing item can hold', () => {
    const fits = readStripeEvent(
      stripeEvent('invoice.paid', stripeInvoice('in_1', { amount: 2_147_483_647 })),
    )!;
    expect((fits.change as InvoiceChange).amount).toBe(2_147_483_647);
    const huge = readStripeEvent(
      stripeEvent('invoice.paid', stripeInvoice('in_1', { amount: 2_147_483_648 })),
    )!;
    expect(huge.change).toBeNull();
    expect(huge.dropped).toEqual(['amount']);
  });
});

describe('readPayPalEvent', () => {
  const event = (resource: object, type = 'BILLING.SUBSCRIPTION.ACTIVATED') =>
    readPayPalEvent({ id: 'WH-1', event_type: type, create_time: '2026-11-01T10:00:00Z', resource })!;

  it('leaves out an overlong or malformed subscriber email and an overlong custom_id', () => {
    const read = event({
      id: 'I-1',
      status: 'ACTIVE',
      custom_id: `REG${long(60)}:basic`,
      subscriber: { email_address: `${long(300)}@correo.test` },
    });
    const change = read.change as SubscriptionChange;
    expect(change).toMatchObject({ billingEmail: null, registry: null, tier: 'basic', first: false });
    expect(read.dropped).toEqual(['custom_id', 'subscriber.email_address']);
    const malformed = event({ id: 'I-1', status: 'ACTIVE', subscriber: { email_address: 'dueno@' } });
    expect((malformed.change as SubscriptionChange).billingEmail).toBeNull();
  });

  it('ignores a sale whose amount no billing item can hold', () => {
    const sale = (total: string) =>
      event(
        { id: 'S-1', amount: { total, currency: 'USD' }, create_time: '2026-11-01T10:00:00Z' },
        'PAYMENT.SALE.COMPLETED',
      );
    expect((sale('21474836.47').change as InvoiceChange).amount).toBe(2_147_483_647);
    expect(sale('21474836.48').change).toBeNull();
    expect(sale('21474836.48').dropped).toEqual(['amount.total']);
  });

  it("reads a dispute's first named sale, and whether it is resolved from its status, else the event", () => {
    const dispute = (resource: object, type = 'CUSTOMER.DISPUTE.UPDATED') =>
      event(resource, type).change as DisputeChange;
    const sales = {
      disputed_transactions: [{ buyer_transaction_id: 'B-1' }, { seller_transaction_id: 'S-2' }],
    };
    expect(dispute({ ...sales, status: 'OPEN' }, 'CUSTOMER.DISPUTE.CREATED')).toEqual({
      kind: 'dispute',
      invoiceId: 'S-2',
      payment: { chargeId: null, paymentIntentId: null },
      outcome: 'open',
      first: true,
    });
    const won = { dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' } };
    expect(dispute({ ...sales, ...won }, 'CUSTOMER.DISPUTE.RESOLVED').outcome).toBe('won');
    // An appeal: under review again, the earlier outcome still on it.
    expect(dispute({ ...sales, ...won, status: 'UNDER_REVIEW' }).outcome).toBe('open');
  });

  it('is no event when its own time is past year 9999', () => {
    expect(
      readPayPalEvent({ id: 'WH-1', event_type: 'X', create_time: '+010000-01-01T00:00:00Z', resource: {} }),
    ).toBeNull();
  });
});
