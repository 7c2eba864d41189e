// A verified Stripe event as the portal reads it (docs/payments.md "Stripe"). Works with the
// field layouts of Stripe's API versions before and after 2025-03 (periods on the subscription or
// on its items; an invoice's subscription at the top or under `parent`).
import {
  checked,
  currencyOf,
  emailOf,
  first,
  fromUnix,
  type InvoiceChange,
  idOf,
  type Json,
  MAX_CENTS,
  num,
  obj,
  type ProviderEvent,
  type RefundChange,
  registryOf,
  type SubscriptionChange,
  type SubscriptionStatus,
  text,
  tierOf,
  unixDate,
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

export const STRIPE_REFUND_EVENTS = ['charge.refunded'] as const;

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
  const id = idOf(event.id);
  const type = text(event.type);
  const created = unixDate(event.created);
  if (!id || !type || !created) return null;
  const object = obj(obj(event.data).object);
  const dropped: string[] = [];
  let change: ProviderEvent['change'] = null;
  if ((STRIPE_SUBSCRIPTION_EVENTS as readonly string[]).includes(type))
    change = subscriptionChange(object, type === 'customer.subscription.created', dropped);
  else if ((STRIPE_INVOICE_EVENTS as readonly string[]).includes(type))
    change = invoiceChange(object, type === 'invoice.payment_failed' ? 'failed' : 'succeeded', dropped);
  else if ((STRIPE_REFUND_EVENTS as readonly string[]).includes(type)) change = refundChange(object);
  return { provider: 'stripe', id, type, created, change, payload, dropped };
}

function subscriptionChange(sub: Json, isFirst: boolean, dropped: string[]): SubscriptionChange | null {
  const id = checked(dropped, 'id', sub.id, idOf);
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
  const email =
    checked(dropped, 'metadata.billing_email', metadata.billing_email, emailOf) ??
    checked(dropped, 'customer.email', customer.email, emailOf);
  return {
    kind: 'subscription',
    providerSubscriptionId: id,
    registry: checked(
      dropped,
      'metadata.business_registry_number',
      metadata.business_registry_number,
      registryOf,
    ),
    // The price first: a plan change in Stripe changes the price, and leaves the metadata as it was.
    tier: tierOf(price.lookup_key) ?? tierOf(plan.nickname) ?? tierOf(metadata.tier),
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
    createdAt: unixDate(sub.created),
    first: isFirst,
  };
}

function invoiceChange(
  invoice: Json,
  status: 'succeeded' | 'failed',
  dropped: string[],
): InvoiceChange | null {
  const id = checked(dropped, 'id', invoice.id, idOf);
  if (!id) return null;
  const parent = obj(obj(invoice.parent).subscription_details);
  const legacy = obj(invoice.subscription_details);
  const subscription =
    idOf(invoice.subscription) ?? idOf(obj(invoice.subscription).id) ?? idOf(parent.subscription);
  const metadata = { ...obj(invoice.metadata), ...obj(legacy.metadata), ...obj(parent.metadata) };
  const line = first(obj(invoice.lines).data);
  const amount = num(status === 'succeeded' ? invoice.amount_paid : invoice.amount_due) ?? num(invoice.total);
  if (amount === null || amount < 0) return null;
  if (Math.round(amount) > MAX_CENTS) {
    dropped.push('amount');
    return null;
  }
  const paidAt = unixDate(obj(invoice.status_transitions).paid_at);
  const when = status === 'succeeded' && paidAt ? paidAt : unixDate(invoice.created);
  const currency = currencyOf(invoice.currency);
  if (!when || !currency) return null;
  return {
    kind: 'invoice',
    invoiceId: id,
    providerSubscriptionId: subscription,
    registry: checked(
      dropped,
      'metadata.business_registry_number',
      metadata.business_registry_number,
      registryOf,
    ),
    tier: tierOf(obj(line.price).lookup_key) ?? tierOf(metadata.tier),
    amount: Math.round(amount),
    currency,
    transactionDate: when,
    status,
  };
}

/**
 * A refunded charge, matched to its invoice's billing item. Stripe's API before 2025-03-31 names
 * the invoice on the charge; a charge without one cannot be placed and is kept as ignored.
 */
function refundChange(charge: Json): RefundChange | null {
  const invoiceId = idOf(charge.invoice) ?? idOf(obj(charge.invoice).id);
  const refunded = num(charge.amount_refunded);
  const currency = currencyOf(charge.currency);
  if (!invoiceId || refunded === null || refunded <= 0 || !currency) return null;
  const amount = num(charge.amount);
  return {
    kind: 'refund',
    invoiceId,
    amount: Math.min(Math.round(refunded), MAX_CENTS),
    currency,
    whole: charge.refunded === true || (amount !== null && refunded >= amount),
  };
}
