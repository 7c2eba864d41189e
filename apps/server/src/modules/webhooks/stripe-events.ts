// A verified Stripe event as the portal reads it (docs/payments.md "Stripe"). Works with the
// field layouts of Stripe's API versions before and after 2025-03 (periods on the subscription or
// on its items; an invoice's subscription at the top or under `parent`).
import {
  checked,
  countOf,
  currencyOf,
  type DisputeChange,
  type DisputeOutcome,
  emailOf,
  first,
  fromUnix,
  type InvoiceChange,
  idOf,
  type Json,
  MAX_CENTS,
  num,
  obj,
  type PaymentIds,
  type PaymentLinkChange,
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

/** Every one carries the dispute as it now is; funds_withdrawn/reinstated are states like the others. */
export const STRIPE_DISPUTE_EVENTS = [
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
] as const;

/** API versions from 2025-03-31 name an invoice's payment here, not on the invoice. */
export const STRIPE_INVOICE_PAYMENT_EVENTS = ['invoice_payment.paid'] as const;

/**
 * Stripe's dispute statuses onto the portal's outcome. An inquiry (warning_*) takes no money yet,
 * but the payment is questioned all the same; one closed without a chargeback (warning_closed)
 * leaves the money where it was, as a dispute won does. A dispute prevented (Visa RDR) was
 * settled by refunding the cardholder: the money is gone, as when it is lost. A status this code
 * does not know keeps the payment disputed, for someone to look at.
 */
const DISPUTE_OUTCOME: Record<string, DisputeOutcome> = {
  warning_needs_response: 'open',
  warning_under_review: 'open',
  needs_response: 'open',
  under_review: 'open',
  appeal_needs_response: 'open',
  appeal_under_review: 'open',
  won: 'won',
  warning_closed: 'won',
  lost: 'lost',
  prevented: 'lost',
  charge_refunded: 'lost',
};

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

/** Stripe's zero-decimal currencies (docs.stripe.com/currencies): an amount is whole units. */
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
/** Stripe's three-decimal currencies: an amount is thousandths (Stripe asks for a last digit of 0). */
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/**
 * Stripe's amount (the currency's smallest unit) as the portal keeps every amount: hundredths of
 * the currency, shown divided by 100 (SPEC §9). ¥3,000 is 3000 at Stripe and 300000 here.
 */
export function stripeCents(amount: number, currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return Math.round(amount * 100);
  if (THREE_DECIMAL.has(currency)) return Math.round(amount / 10);
  return Math.round(amount);
}

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
  else if ((STRIPE_DISPUTE_EVENTS as readonly string[]).includes(type))
    change = disputeChange(object, type === 'charge.dispute.created');
  else if ((STRIPE_INVOICE_PAYMENT_EVENTS as readonly string[]).includes(type)) change = paymentLink(object);
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
  const currency = currencyOf(sub.currency) ?? currencyOf(price.currency) ?? 'usd';
  const periodEnd = unixDate(sub.current_period_end ?? item.current_period_end);
  const cancelAt = unixDate(sub.cancel_at);
  // A cancellation scheduled with `cancel_at` (how newer API versions end a subscription with its
  // period) leaves cancel_at_period_end false; one after this period still renews until then.
  const cancelAtPeriodEnd =
    sub.cancel_at_period_end === true || (cancelAt !== null && (!periodEnd || cancelAt <= periodEnd));
  // The price's recurrence, or the legacy `plan`'s: the interval and its count read together.
  const recurring = text(obj(price.recurring).interval) ? obj(price.recurring) : plan;
  const interval = text(recurring.interval);
  const intervalCount = countOf(recurring.interval_count);
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
      ...(unitAmount !== null ? { current_amount: stripeCents(unitAmount * quantity, currency) } : {}),
      currency,
      ...(interval ? { billing_interval: interval } : {}),
      ...(interval && intervalCount ? { interval_count: intervalCount } : {}),
      current_period_start: fromUnix(sub.current_period_start ?? item.current_period_start),
      current_period_end: periodEnd?.toISOString() ?? null,
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
  const stripeAmount =
    num(status === 'succeeded' ? invoice.amount_paid : invoice.amount_due) ?? num(invoice.total);
  const currency = currencyOf(invoice.currency);
  if (stripeAmount === null || stripeAmount < 0 || !currency) return null;
  const amount = stripeCents(stripeAmount, currency);
  if (amount > MAX_CENTS) {
    dropped.push('amount');
    return null;
  }
  const paidAt = unixDate(obj(invoice.status_transitions).paid_at);
  const when = status === 'succeeded' && paidAt ? paidAt : unixDate(invoice.created);
  if (!when) return null;
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
    tier: tierOf(obj(line.price).lookup_key),
    metadataTier: tierOf(metadata.tier),
    amount,
    currency,
    transactionDate: when,
    status,
    ...(status === 'succeeded' ? { payment: invoicePayment(invoice) } : {}),
  };
}

/** An id, or the id of the object an expanded field holds. */
const ref = (value: unknown) => idOf(value) ?? idOf(obj(value).id);

/**
 * The payment that paid an invoice: its charge and payment intent (API versions before
 * 2025-03-31), or the paid entry of its `payments` (later versions, when the list is included).
 */
function invoicePayment(invoice: Json): PaymentIds {
  const entries = obj(invoice.payments).data;
  const list = Array.isArray(entries) ? entries.map(obj) : [];
  const paid = obj(list.find((entry) => entry.status === 'paid') ?? list[0]).payment;
  return {
    chargeId: ref(invoice.charge) ?? ref(obj(paid).charge),
    paymentIntentId: ref(invoice.payment_intent) ?? ref(obj(paid).payment_intent),
  };
}

/**
 * A refunded charge, placed on the billing item of the payment it returns: through the charge's
 * invoice (API versions before 2025-03-31), else through the charge or payment intent the item was
 * paid with (later versions name no invoice on a charge). A charge naming none of them is ignored.
 */
function refundChange(charge: Json): RefundChange | null {
  const invoiceId = ref(charge.invoice);
  const payment = { chargeId: idOf(charge.id), paymentIntentId: ref(charge.payment_intent) };
  const refunded = num(charge.amount_refunded);
  const currency = currencyOf(charge.currency);
  if (!invoiceId && !payment.chargeId && !payment.paymentIntentId) return null;
  if (refunded === null || refunded <= 0 || !currency) return null;
  const amount = num(charge.amount);
  return {
    kind: 'refund',
    invoiceId,
    payment,
    amount: null,
    total: Math.min(stripeCents(refunded, currency), MAX_CENTS),
    refundId: null,
    currency,
    whole: charge.refunded === true || (amount !== null && refunded >= amount),
  };
}

/**
 * A dispute (chargeback), placed on the billing item of the payment it takes back: through the
 * charge's invoice when the event carries the charge with it (as a refund is placed), else through
 * the charge or payment intent the item was paid with. A dispute that names no payment is ignored.
 */
function disputeChange(dispute: Json, isFirst: boolean): DisputeChange | null {
  const charge = obj(dispute.charge);
  const payment = { chargeId: ref(dispute.charge), paymentIntentId: ref(dispute.payment_intent) };
  const invoiceId = ref(charge.invoice);
  if (!invoiceId && !payment.chargeId && !payment.paymentIntentId) return null;
  return {
    kind: 'dispute',
    invoiceId,
    payment,
    outcome: DISPUTE_OUTCOME[text(dispute.status) ?? ''] ?? 'open',
    first: isFirst,
  };
}

/** `invoice_payment.paid`: which charge or payment intent paid an invoice (API versions from 2025-03-31). */
function paymentLink(invoicePaymentObject: Json): PaymentLinkChange | null {
  const invoiceId = ref(invoicePaymentObject.invoice);
  const payment = obj(invoicePaymentObject.payment);
  const ids = { chargeId: ref(payment.charge), paymentIntentId: ref(payment.payment_intent) };
  if (!invoiceId || (!ids.chargeId && !ids.paymentIntentId)) return null;
  return { kind: 'payment', invoiceId, payment: ids };
}
