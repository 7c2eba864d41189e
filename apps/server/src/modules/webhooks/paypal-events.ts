// A verified PayPal event as the portal reads it (docs/payments.md "PayPal"). The business and
// the plan travel in the subscription's `custom_id` (and a sale's `custom`): 'REG000123' or
// 'REG000123:premium'.
import {
  currencyOf,
  type InvoiceChange,
  isoOrNull,
  type Json,
  obj,
  type ProviderEvent,
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
export function readCustomId(value: unknown): { registry: string | null; tier: Tier | null } {
  const [registry, tier] = (text(value) ?? '').split(/[:|]/, 2);
  return { registry: registryOf(registry), tier: tierOf(tier) };
}

/** '29.99' -> 2999 (PayPal sends amounts as decimal text), or null. */
export function centsOf(value: unknown): number | null {
  const raw = text(value);
  if (!raw || !/^\d{1,10}(\.\d{1,2})?$/.test(raw)) return null;
  return Math.round(Number(raw) * 100);
}

/** The event, or null when it has no id, type or time. */
export function readPayPalEvent(payload: unknown): ProviderEvent | null {
  const event = obj(payload);
  const id = text(event.id);
  const type = text(event.event_type);
  const created = isoOrNull(event.create_time);
  if (!id || !type || !created) return null;
  const resource = obj(event.resource);
  let change: ProviderEvent['change'] = null;
  if ((PAYPAL_SUBSCRIPTION_EVENTS as readonly string[]).includes(type))
    change = subscriptionChange(resource, type);
  else if ((PAYPAL_SALE_EVENTS as readonly string[]).includes(type)) change = saleChange(resource);
  return { provider: 'paypal', id, type, created: new Date(created), change, payload };
}

function subscriptionChange(sub: Json, type: string): SubscriptionChange | null {
  const id = text(sub.id);
  const status = STATUS[text(sub.status)?.toUpperCase() ?? ''] ?? STATUS_OF_EVENT[type];
  if (!id || !status) return null;
  const { registry, tier } = readCustomId(sub.custom_id);
  const billing = obj(sub.billing_info);
  const lastPayment = obj(billing.last_payment);
  const amount = obj(lastPayment.amount);
  const cents = centsOf(amount.value);
  const email = text(obj(sub.subscriber).email_address);
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
      current_period_start: isoOrNull(lastPayment.time) ?? isoOrNull(sub.start_time),
      current_period_end: isoOrNull(billing.next_billing_time),
      canceled_at: status === 'canceled' ? isoOrNull(sub.status_update_time) : null,
      cancel_at_period_end: false,
      ...(email ? { payer_email: email } : {}),
    },
    createdAt: isoOrNull(sub.create_time) ? new Date(isoOrNull(sub.create_time)!) : null,
  };
}

function saleChange(sale: Json): InvoiceChange | null {
  const id = text(sale.id);
  const amount = obj(sale.amount);
  const cents = centsOf(amount.total);
  const currency = currencyOf(amount.currency);
  const when = isoOrNull(sale.create_time);
  if (!id || cents === null || !currency || !when) return null;
  const { registry, tier } = readCustomId(sale.custom ?? sale.custom_id);
  return {
    kind: 'invoice',
    invoiceId: id,
    providerSubscriptionId: text(sale.billing_agreement_id),
    registry,
    tier,
    amount: cents,
    currency,
    transactionDate: new Date(when),
    status: 'succeeded',
  };
}
