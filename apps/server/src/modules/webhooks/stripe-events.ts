// A verified Stripe event as the portal reads it (docs/payments.md "Stripe"). Works with the
// field layouts of Stripe's API versions before and after 2025-03 (periods on the subscription or
// on its items; an invoice's subscription at the top or under `parent`).
import {
  currencyOf,
  first,
  fromUnix,
  type InvoiceChange,
  type Json,
  num,
  obj,
  type ProviderEvent,
  registryOf,
  type SubscriptionChange,
  type SubscriptionStatus,
  text,
  tierOf,
} from './provider-event.ts';

export const STRIPE_SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
export const STRIPE_INVOICE_EVENTS = [
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
] as const;

/** Stripe's statuses onto SPEC §3's; trialing is active (with trial_end in the details). */
const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'ended',
  paused: 'incomplete',
};

/** The event, or null when it has no id, type or time (then it is not a Stripe event). */
export function readStripeEvent(payload: unknown): ProviderEvent | null {
  const event = obj(payload);
  const id = text(event.id);
  const type = text(event.type);
  const created = num(event.created);
  if (!id || !type || created === null) return null;
  const object = obj(obj(event.data).object);
  let change: ProviderEvent['change'] = null;
  if ((STRIPE_SUBSCRIPTION_EVENTS as readonly string[]).includes(type)) change = subscriptionChange(object);
  else if ((STRIPE_INVOICE_EVENTS as readonly string[]).includes(type))
    change = invoiceChange(object, type === 'invoice.payment_failed' ? 'failed' : 'succeeded');
  return { provider: 'stripe', id, type, created: new Date(created * 1000), change, payload };
}

function subscriptionChange(sub: Json): SubscriptionChange | null {
  const id = text(sub.id);
  const status = STATUS[text(sub.status) ?? ''];
  if (!id || !status) return null;
  const item = first(obj(sub.items).data);
  const price = obj(item.price);
  const plan = obj(sub.plan);
  const metadata = obj(sub.metadata);
  const unitAmount = num(price.unit_amount) ?? num(plan.amount);
  const quantity = num(item.quantity) ?? num(sub.quantity) ?? 1;
  const cancelAtPeriodEnd = sub.cancel_at_period_end === true;
  const customer = obj(sub.customer); // an id unless the endpoint expands it
  const email = text(metadata.billing_email) ?? text(customer.email);
  return {
    kind: 'subscription',
    providerSubscriptionId: id,
    registry: registryOf(metadata.business_registry_number),
    tier: tierOf(metadata.tier) ?? tierOf(price.lookup_key) ?? tierOf(plan.nickname),
    status,
    renews: !cancelAtPeriodEnd && (status === 'active' || status === 'past_due'),
    billingEmail: email,
    details: {
      subscription_id: id,
      ...(text(sub.customer) ? { customer_id: text(sub.customer)! } : {}),
      ...(unitAmount !== null ? { current_amount: Math.round(unitAmount * quantity) } : {}),
      currency: currencyOf(sub.currency) ?? currencyOf(price.currency) ?? 'usd',
      ...(text(obj(price.recurring).interval) || text(plan.interval)
        ? { billing_interval: (text(obj(price.recurring).interval) ?? text(plan.interval))! }
        : {}),
      current_period_start: fromUnix(sub.current_period_start ?? item.current_period_start),
      current_period_end: fromUnix(sub.current_period_end ?? item.current_period_end),
      trial_end: fromUnix(sub.trial_end),
      canceled_at: fromUnix(sub.canceled_at),
      cancel_at_period_end: cancelAtPeriodEnd,
      ...(email ? { payer_email: email } : {}),
    },
    createdAt: fromUnix(sub.created) ? new Date(fromUnix(sub.created)!) : null,
  };
}

function invoiceChange(invoice: Json, status: 'succeeded' | 'failed'): InvoiceChange | null {
  const id = text(invoice.id);
  if (!id) return null;
  const parent = obj(obj(invoice.parent).subscription_details);
  const legacy = obj(invoice.subscription_details);
  const subscription =
    text(invoice.subscription) ?? text(obj(invoice.subscription).id) ?? text(parent.subscription);
  const metadata = { ...obj(invoice.metadata), ...obj(legacy.metadata), ...obj(parent.metadata) };
  const line = first(obj(invoice.lines).data);
  const amount = num(status === 'succeeded' ? invoice.amount_paid : invoice.amount_due) ?? num(invoice.total);
  if (amount === null || amount < 0) return null;
  const paidAt = num(obj(invoice.status_transitions).paid_at);
  const created = num(invoice.created);
  const when = status === 'succeeded' && paidAt !== null ? paidAt : created;
  const currency = currencyOf(invoice.currency);
  if (when === null || !currency) return null;
  return {
    kind: 'invoice',
    invoiceId: id,
    providerSubscriptionId: subscription,
    registry: registryOf(metadata.business_registry_number),
    tier: tierOf(metadata.tier) ?? tierOf(obj(line.price).lookup_key),
    amount: Math.round(amount),
    currency,
    transactionDate: new Date(when * 1000),
    status,
  };
}
