// A verified PayPal event as the portal reads it (docs/payments.md "PayPal"). The business and
// the plan travel in the subscription's `custom_id` (and a sale's `custom`): 'REG000123' or
// 'REG000123:premium'.
import type { ProviderDetails } from '@portal/contract/subscriptions';
import { disputeChange, PAYPAL_DISPUTE_EVENTS } from './paypal-disputes.ts';
import {
  checked,
  countOf,
  currencyOf,
  emailOf,
  type InvoiceChange,
  idOf,
  isoOrNull,
  type Json,
  MAX_CENTS,
  NO_PAYMENT,
  obj,
  type ProviderEvent,
  type RefundChange,
  registryOf,
  type SubscriptionChange,
  type SubscriptionStatus,
  type Tier,
  text,
  tierOf,
} from './provider-event.ts';

export const PAYPAL_SUBSCRIPTION_EVENTS = [
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
] as const;
export const PAYPAL_SALE_EVENTS = ['PAYMENT.SALE.COMPLETED'] as const;
export const PAYPAL_REFUND_EVENTS = ['PAYMENT.SALE.REFUNDED', 'PAYMENT.SALE.REVERSED'] as const;
export const PAYPAL_FAILED_PAYMENT = 'BILLING.SUBSCRIPTION.PAYMENT.FAILED';

const STATUS: Record<string, SubscriptionStatus> = {
  ACTIVE: 'active',
  APPROVAL_PENDING: 'incomplete',
  APPROVED: 'incomplete',
  SUSPENDED: 'past_due',
  CANCELLED: 'canceled',
  EXPIRED: 'ended',
};
/** When the resource carries no status, the event's own word. */
const STATUS_OF_EVENT: Record<string, SubscriptionStatus> = {
  'BILLING.SUBSCRIPTION.ACTIVATED': 'active',
  'BILLING.SUBSCRIPTION.CANCELLED': 'canceled',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'past_due',
  'BILLING.SUBSCRIPTION.EXPIRED': 'ended',
};

/** 'REG000123:premium' -> the registry and the tier; 'REG000123' -> the registry alone. */
export function readCustomId(
  value: unknown,
  dropped: string[] = [],
  field = 'custom_id',
): { registry: string | null; tier: Tier | null } {
  const [registry, tier] = (text(value) ?? '').split(/[:|]/, 2);
  return { registry: checked(dropped, field, registry, registryOf), tier: tierOf(tier) };
}

/** '29.99' -> 2999 (PayPal sends amounts as decimal text), or null; at most MAX_CENTS. */
export function centsOf(value: unknown): number | null {
  const raw = text(value);
  if (!raw || !/^\d{1,10}(\.\d{1,2})?$/.test(raw)) return null;
  const cents = Math.round(Number(raw) * 100);
  return cents <= MAX_CENTS ? cents : null;
}

/** The event, or null when it has no id, type or time. */
export function readPayPalEvent(payload: unknown): ProviderEvent | null {
  const event = obj(payload);
  const id = idOf(event.id);
  const type = text(event.event_type);
  const created = isoOrNull(event.create_time);
  if (!id || !type || !created) return null;
  const resource = obj(event.resource);
  const dropped: string[] = [];
  let change: ProviderEvent['change'] = null;
  if ((PAYPAL_SUBSCRIPTION_EVENTS as readonly string[]).includes(type))
    change = subscriptionChange(resource, type, dropped);
  else if ((PAYPAL_SALE_EVENTS as readonly string[]).includes(type)) change = saleChange(resource, dropped);
  else if (type === 'PAYMENT.SALE.REFUNDED') change = refundChange(resource, resource.sale_id, null);
  else if (type === 'PAYMENT.SALE.REVERSED')
    change = refundChange(resource, resource.sale_id ?? resource.id, true);
  else if (type === PAYPAL_FAILED_PAYMENT) change = failedPaymentChange(resource, dropped);
  else if ((PAYPAL_DISPUTE_EVENTS as readonly string[]).includes(type))
    change = disputeChange(resource, type);
  return { provider: 'paypal', id, type, created: new Date(created), change, payload, dropped };
}

function subscriptionChange(sub: Json, type: string, dropped: string[]): SubscriptionChange | null {
  const id = checked(dropped, 'id', sub.id, idOf);
  const status = STATUS[text(sub.status)?.toUpperCase() ?? ''] ?? STATUS_OF_EVENT[type];
  if (!id || !status) return null;
  const { registry, tier } = readCustomId(sub.custom_id, dropped);
  const billing = obj(sub.billing_info);
  const lastPayment = obj(billing.last_payment);
  const amount = obj(lastPayment.amount);
  const cents = checked(dropped, 'billing_info.last_payment.amount.value', amount.value, centsOf);
  const email = checked(dropped, 'subscriber.email_address', obj(sub.subscriber).email_address, emailOf);
  const frequency = frequencyOf(sub);
  return {
    kind: 'subscription',
    providerSubscriptionId: id,
    registry,
    tier,
    status,
    renews: status === 'active',
    billingEmail: email,
    details: {
      subscription_id: id,
      ...(text(sub.plan_id) ? { plan_id: text(sub.plan_id)! } : {}),
      ...(cents !== null ? { plan_amount: cents } : {}),
      currency: currencyOf(amount.currency_code) ?? 'usd',
      ...frequency,
      current_period_start: isoOrNull(lastPayment.time) ?? isoOrNull(sub.start_time),
      current_period_end: isoOrNull(billing.next_billing_time),
      canceled_at: status === 'canceled' ? isoOrNull(sub.status_update_time) : null,
      cancel_at_period_end: false,
      ...(email ? { payer_email: email } : {}),
    },
    createdAt: isoOrNull(sub.create_time) ? new Date(isoOrNull(sub.create_time)!) : null,
    first: false,
  };
}

const INTERVAL_UNITS = new Set(['day', 'week', 'month', 'year']);

/**
 * How often the subscription is billed, when the resource carries its plan's billing cycles (an
 * inline plan): the regular cycle's `frequency`. A subscription of a stored plan names only its
 * plan_id, and then nothing is said.
 */
function frequencyOf(sub: Json): Pick<ProviderDetails, 'billing_interval' | 'interval_count'> {
  const cycles = obj(sub.plan).billing_cycles;
  const list = Array.isArray(cycles) ? cycles.map(obj) : [];
  const cycle = list.find((entry) => text(entry.tenure_type)?.toUpperCase() === 'REGULAR') ?? list.at(-1);
  const frequency = obj(cycle?.frequency);
  const unit = text(frequency.interval_unit)?.toLowerCase();
  if (!unit || !INTERVAL_UNITS.has(unit)) return {};
  const count = countOf(frequency.interval_count);
  return { billing_interval: unit, ...(count ? { interval_count: count } : {}) };
}

function saleChange(sale: Json, dropped: string[]): InvoiceChange | null {
  const id = checked(dropped, 'id', sale.id, idOf);
  const amount = obj(sale.amount);
  const cents = checked(dropped, 'amount.total', amount.total, centsOf);
  const currency = currencyOf(amount.currency);
  const when = isoOrNull(sale.create_time);
  if (!id || cents === null || !currency || !when) return null;
  const { registry, tier } = readCustomId(sale.custom ?? sale.custom_id, dropped, 'custom');
  return {
    kind: 'invoice',
    invoiceId: id,
    providerSubscriptionId: idOf(sale.billing_agreement_id),
    registry,
    tier,
    amount: cents,
    currency,
    transactionDate: new Date(when),
    status: 'succeeded',
  };
}

/**
 * A refund (its `sale_id`) or a reversal (the sale it names, every cent back). PayPal writes the
 * money that left either way: "15.00" or, as its own samples do, "-15.00". A refund carries its
 * own amount (`amount.total`), counted once by its id, and sometimes `total_refunded_amount`: all
 * refunded of the sale up to and including it (as Stripe's amount_refunded is).
 */
function refundChange(resource: Json, saleId: unknown, whole: true | null): RefundChange | null {
  const invoiceId = idOf(saleId);
  const amount = obj(resource.amount);
  const positive = (value: unknown) => centsOf(text(value)?.replace(/^-/, ''));
  const totalAmount = obj(resource.total_refunded_amount);
  const total = positive(totalAmount.value);
  const own = positive(amount.total);
  const currency =
    currencyOf(totalAmount.currency ?? totalAmount.currency_code) ?? currencyOf(amount.currency);
  if (!invoiceId || (own === null && total === null) || !currency) return null;
  return {
    kind: 'refund',
    invoiceId,
    payment: NO_PAYMENT,
    amount: own,
    total,
    // An older reversal's `id` is its sale's.
    refundId: whole ? null : idOf(resource.id),
    currency,
    whole,
  };
}

/**
 * A subscription's payment that failed: PayPal sends no invoice for it, so the billing item is
 * named after the subscription and the failure's time (one item per failed try).
 */
function failedPaymentChange(sub: Json, dropped: string[]): InvoiceChange | null {
  const id = checked(dropped, 'id', sub.id, idOf);
  const failed = obj(obj(sub.billing_info).last_failed_payment);
  const amount = obj(failed.amount);
  const cents = checked(dropped, 'billing_info.last_failed_payment.amount.value', amount.value, centsOf);
  const currency = currencyOf(amount.currency_code);
  const when = isoOrNull(failed.time);
  if (!id || cents === null || !currency || !when) return null;
  const { registry, tier } = readCustomId(sub.custom_id, dropped);
  return {
    kind: 'invoice',
    invoiceId: `${id}:failed:${when}`.slice(0, 255),
    providerSubscriptionId: id,
    registry,
    tier,
    amount: cents,
    currency,
    transactionDate: new Date(when),
    status: 'failed',
  };
}
