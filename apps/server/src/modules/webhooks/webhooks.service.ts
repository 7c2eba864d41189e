// Applying a verified payment event (DESIGN §3 "Webhooks"): exactly once and in order.
//
// One transaction per delivery. Its first write is the event's row in webhook_events (the gate:
// a second delivery of the same event id finds it and writes nothing). A subscription or an
// invoice is then read under a row lock and written only when the event is newer than the last
// one applied to it (`last_event_at`), or of the same time and not losing the tie (isStale), so
// a late, older event never rolls back a newer one. Every write names the provider ('Stripe',
// 'PayPal') as who changed it, in the business's change history and on the subscription
// (`updated_by`). A failure rolls the whole delivery back, gate included, so the provider's
// retry applies it later. Events kept unmatched while their business was in the trash are
// applied by the same code when it is restored (applyHeldEvents), and so are invoices that came
// before their subscription, once it arrives, and refunds and disputes that came before their
// payment. A dispute keeps its own time (`dispute_event_at`) beside the payment's. Refunds add up
// on their item (`refunded_amount`): a running total no larger than the one kept, or a PayPal
// refund already counted (its id), changes nothing, however it comes again; no payment event
// undoes them. A delivery that stores, finds or links a billing item first locks the payment ids
// it names (payment-locks.ts), so a refund and its invoice arriving together never both miss each
// other. A delivery that finds nothing for what it names waits for a restore from the trash under
// way that brings it back, and looks again (a restore starting meanwhile waits for the delivery,
// and applies its event).
import { MSG } from '@portal/contract/messages';
import { billingItemStatus, type ProviderDetails } from '@portal/contract/subscriptions';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Actor, actorOf, writeTransaction } from '../../db/audit.ts';
import { isDatabaseUnavailable, isTransactionConflict } from '../../db/errors.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import type { WebhookCounters, WebhookProvider } from '../../http/metrics.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import { lockPayment, lockSubscription } from './payment-locks.ts';
import { readPayPalEvent } from './paypal-events.ts';
import {
  type Change,
  type DisputeChange,
  type InvoiceChange,
  MAX_CENTS,
  type PaidItemRef,
  type PaymentLinkChange,
  type ProviderEvent,
  type RefundChange,
  type SubscriptionChange,
  type Tier,
} from './provider-event.ts';
import { readStripeEvent } from './stripe-events.ts';
import * as repo from './webhooks.repository.ts';

type Trx = Transaction<Database>;

/** Who changed it, as the history and the subscription card say. */
export const PROVIDER_ACTOR: Record<WebhookProvider, string> = { stripe: 'Stripe', paypal: 'PayPal' };

export type Result =
  | { outcome: 'applied' | 'stale' | 'ignored' }
  | { outcome: 'duplicate' }
  | { outcome: 'unmatched'; reason: string };

export async function applyEvent(
  db: Kysely<Database>,
  request: FastifyRequest,
  event: ProviderEvent,
  counters: WebhookCounters,
): Promise<Result> {
  const actor = { ...actorOf(request), changedBy: PROVIDER_ACTOR[event.provider], staff: null };
  if (event.dropped.length > 0) {
    // Names only: the values may be personal data.
    request.log.warn(
      { provider: event.provider, event_id: event.id, fields: event.dropped },
      'payment event: values the portal cannot keep were left out',
    );
  }
  const result = await writeTransaction(db, actor, async (trx) => {
    const id = await repo.claimEvent(trx, event);
    if (id === null) return { outcome: 'duplicate' } as const;
    if (event.change) {
      await lockSubscription(trx, event.provider, event.change);
      await lockPayment(trx, event.provider, event.change);
    }
    const context = { log: request.log, counters, followWaiting: true, lockPayments: true };
    return applyClaimed(trx, id, event, context, true);
  });
  count(counters, event.provider, result);
  return result;
}

interface ApplyContext {
  log: FastifyBaseLogger;
  counters?: WebhookCounters;
  /** After a subscription is applied, apply the events kept unmatched that were waiting for it. */
  followWaiting: boolean;
  /**
   * A payment applied again (an invoice, an `invoice_payment.paid`) locks the ids it names first,
   * as its delivery would have: a delivery looking for them may be under way. Not in a restore
   * from the trash, which holds the business's rows (a delivery holding such a lock may be waiting
   * for them). A refund or dispute applied again names no new id, and takes none.
   */
  lockPayments: boolean;
}

/**
 * Applies an event whose row in webhook_events is `id`, and writes on that row what happened.
 * `delivered`: its own delivery, not an event applied again.
 */
async function applyClaimed(
  trx: Trx,
  id: number,
  event: ProviderEvent,
  context: ApplyContext,
  delivered = false,
): Promise<Result> {
  const change = event.change;
  if (!change) {
    await repo.settleEvent(trx, id, 'ignored');
    return { outcome: 'ignored' };
  }
  let applied = await applyChange(trx, event, change, context.log);
  if (applied.outcome === 'unmatched' && delivered) {
    // A restore from the trash under way may be bringing back what it names, not yet committed:
    // wait for it and look again. Unmatched, the delivery holds no row, only its payment locks and
    // its own event row, which a restore never waits for (it takes no payment lock).
    await repo.awaitRestoresOf(trx, event.provider, trashedNamesOf(change));
    applied = await applyChange(trx, event, change, context.log);
  }
  await repo.settleEvent(trx, id, applied.outcome, {
    reason: applied.outcome === 'unmatched' ? applied.reason : null,
    registry: applied.registry,
    objectId: objectIdOf(change),
  });
  if (applied.outcome === 'applied') await applyWaiting(trx, event, change, applied.registry, context);
  return applied.outcome === 'unmatched'
    ? { outcome: 'unmatched', reason: applied.reason }
    : { outcome: applied.outcome };
}

function applyChange(trx: Trx, event: ProviderEvent, change: Change, log: FastifyBaseLogger) {
  switch (change.kind) {
    case 'subscription':
      return applySubscription(trx, event, change, log);
    case 'invoice':
      return applyInvoice(trx, event, change);
    case 'refund':
      return applyRefund(trx, event, change);
    case 'dispute':
      return applyDispute(trx, event, change);
    case 'payment':
      return applyPaymentLink(trx, event, change);
  }
}

/** What a business in the trash may hold of the things the change names. */
function trashedNamesOf(change: Change): repo.TrashedNames {
  switch (change.kind) {
    case 'subscription':
    case 'invoice':
      return { registry: change.registry, subscriptionId: change.providerSubscriptionId };
    case 'payment':
      return { invoiceId: change.invoiceId };
    case 'refund':
    case 'dispute':
      return { invoiceId: change.invoiceId, ...change.payment };
  }
}

/** The provider's id the event's row keeps: what a later event finds it by. */
function objectIdOf(change: Change): string | null {
  if (change.kind === 'subscription') return change.providerSubscriptionId;
  if (change.kind === 'dispute')
    return change.payment.chargeId ?? change.payment.paymentIntentId ?? change.invoiceId;
  if (change.kind === 'refund')
    return change.invoiceId ?? change.payment.chargeId ?? change.payment.paymentIntentId;
  return change.invoiceId;
}

/**
 * Events that waited for this one: an invoice or plan for a subscription (only for a delivery:
 * a restore applies those itself), and refunds and disputes for a payment. Those of a payment are
 * followed also while re-applying, so that a refund or dispute that waited for an invoice that
 * itself waited for its subscription is applied with it.
 */
async function applyWaiting(
  trx: Trx,
  event: ProviderEvent,
  change: Change,
  registry: string,
  context: ApplyContext,
) {
  if (change.kind === 'refund' || change.kind === 'dispute') return;
  if (change.kind === 'subscription' && !context.followWaiting) return;
  const business = await repo.findBusinessByRegistry(trx, registry);
  if (!business) return;
  const { provider } = event;
  if (change.kind === 'subscription') {
    const waiting = await repo.waitingEvents(trx, provider, change.providerSubscriptionId, registry);
    await reapply(trx, waiting, business, context);
    return;
  }
  const item = await repo.findBillingItem(trx, provider, change.invoiceId);
  const waiting = await repo.waitingForPayment(trx, provider, [
    change.invoiceId,
    item?.provider_charge_id ?? null,
    item?.provider_payment_intent_id ?? null,
  ]);
  await reapply(trx, waiting, business, context);
}

/**
 * The events kept unmatched while `business` was away (in the trash), applied now that it is
 * back: those naming its registry number, and those naming none whose subscription is one of its
 * own. In the provider's order, by the rules of a delivery, in the caller's transaction.
 */
export async function applyHeldEvents(
  trx: Trx,
  business: repo.BusinessRow,
  log: FastifyBaseLogger,
  counters: WebhookCounters,
): Promise<void> {
  await reapply(trx, await repo.heldEvents(trx, business), business, {
    log,
    counters,
    followWaiting: false,
    lockPayments: false,
  });
}

/**
 * Applies events kept unmatched that concern `business`, in the order given; each row then says
 * what happened. One that cannot be read or written stays unmatched and is logged (a savepoint
 * undoes its half-written rows), so an old event never stops the write that found it.
 */
async function reapply(
  trx: Trx,
  rows: { id: number; provider: string; payload: unknown }[],
  business: repo.BusinessRow,
  context: ApplyContext,
): Promise<void> {
  const { log, counters } = context;
  for (const row of rows) {
    // An event the list names twice, or that one applied before it took its turn.
    if (!(await repo.isUnmatched(trx, row.id))) continue;
    const provider = row.provider as WebhookProvider;
    const event = provider === 'stripe' ? readStripeEvent(row.payload) : readPayPalEvent(row.payload);
    const change = event?.change;
    if (!event || !change) {
      log.warn({ provider, webhook_event: row.id }, 'payment event kept unmatched: it cannot be read');
      continue;
    }
    if (!(await concerns(trx, business, provider, change))) continue;
    if (context.lockPayments && (change.kind === 'invoice' || change.kind === 'payment'))
      await lockPayment(trx, provider, change);
    await sql`savepoint held_event`.execute(trx);
    try {
      const result = await applyClaimed(trx, row.id, event, { ...context, followWaiting: false });
      await sql`release savepoint held_event`.execute(trx);
      if (counters && result.outcome !== 'unmatched') count(counters, provider, result);
    } catch (error) {
      // Lost to a concurrent transaction, or the database went: the whole delivery (or restore)
      // fails and is tried again, rather than leave this event unmatched with nothing to retry it.
      if (isTransactionConflict(error) || isDatabaseUnavailable(error)) throw error;
      await sql`rollback to savepoint held_event`.execute(trx);
      log.warn(
        { provider, webhook_event: row.id, err: error },
        'payment event kept unmatched: it cannot be applied',
      );
    }
  }
}

/** The change names the business, or names none and its subscription is the business's. */
async function concerns(
  trx: Trx,
  business: repo.BusinessRow,
  provider: WebhookProvider,
  change: Change,
): Promise<boolean> {
  if (change.kind === 'payment')
    return (await repo.billingItemOwner(trx, provider, change.invoiceId)) === business.id;
  if (change.kind === 'refund' || change.kind === 'dispute')
    return (await findPaidItem(trx, provider, change))?.business_id === business.id;
  if (change.registry !== null) return change.registry === business.business_registry_number;
  if (change.providerSubscriptionId === null) return false;
  const stored = await repo.findSubscription(trx, provider, change.providerSubscriptionId, false);
  return stored?.business_id === business.id;
}

function count(counters: WebhookCounters, provider: WebhookProvider, result: Result) {
  if (result.outcome === 'applied') counters.applied(provider);
  else if (result.outcome === 'unmatched') counters.unmatched(provider);
  else counters.skipped(provider, result.outcome);
}

type Applied =
  | { outcome: 'applied' | 'stale'; registry: string }
  | { outcome: 'unmatched'; reason: string; registry: string | null };

/** The business the event names, else the one its stored subscription belongs to. */
async function businessFor(trx: Trx, registry: string | null, stored: { business_id: number } | undefined) {
  if (registry) return repo.findBusinessByRegistry(trx, registry);
  return stored ? repo.findBusinessById(trx, stored.business_id) : undefined;
}

/** Statuses a subscription does not come back from. */
const FINAL_STATUSES = new Set(['canceled', 'ended']);

/**
 * Whether an event is older than the state stored at `lastEventAt`. Stripe's times are whole
 * seconds, so ties are common and arrival order says nothing: a tie is lost when `losesTie`.
 */
function isStale(lastEventAt: Date | null, created: Date, losesTie: boolean): boolean {
  if (!lastEventAt) return false;
  return created.getTime() === lastEventAt.getTime() ? losesTie : created < lastEventAt;
}

const unmatched = (registry: string | null): Applied => ({
  outcome: 'unmatched',
  reason: registry ? 'business_not_found' : 'registry_missing',
  registry,
});

async function applySubscription(
  trx: Trx,
  event: ProviderEvent,
  change: SubscriptionChange,
  log: FastifyBaseLogger,
): Promise<Applied> {
  const { provider } = event;
  // Before the subscription's row is locked: an event kept unmatched holds no row (applyClaimed).
  if (change.registry && !(await repo.findBusinessByRegistry(trx, change.registry))) {
    return unmatched(change.registry);
  }
  let stored = await repo.findSubscription(trx, provider, change.providerSubscriptionId, true);
  const business = await businessFor(trx, change.registry, stored);
  if (!business) return unmatched(change.registry);
  const registry = business.business_registry_number;
  const actor = PROVIDER_ACTOR[provider];
  const tier = change.tier ?? (stored?.subscription_tier as Tier | undefined);
  if (!tier) return { outcome: 'unmatched', reason: 'tier_unknown', registry };
  const values: repo.SubscriptionValues = {
    subscription_tier: tier,
    subscription_status: change.status,
    subscription_renews: change.renews,
    billing_email: change.billingEmail ?? stored?.billing_email ?? null,
    provider_details: withKnownInterval(change.details, stored?.provider_details),
    last_event_at: event.created,
    updated_by: actor,
  };
  if (!stored) {
    const created = await repo.insertSubscription(trx, {
      ...values,
      business_id: business.id,
      provider,
      provider_subscription_id: change.providerSubscriptionId,
      created_at: change.createdAt ?? event.created,
    });
    if (created) {
      await repo.logBusinessChanges(trx, business, actor, [
        { operation: 'INSERT', column: 'subscription_provider', oldValue: null, newValue: actor },
        ...subscriptionHistory(null, values, 'INSERT'),
      ]);
      return { outcome: 'applied', registry };
    }
    // Another event for this subscription created it in the meantime: take its row, locked.
    stored = await repo.findSubscription(trx, provider, change.providerSubscriptionId, true);
    if (!stored) throw new Error('subscription row vanished under its lock');
  }
  // Same time: a first state is the older one, and a live state does not undo a final one.
  const losesTie =
    change.first || (FINAL_STATUSES.has(stored.subscription_status) && !FINAL_STATUSES.has(change.status));
  if (isStale(stored.last_event_at, event.created, losesTie)) return { outcome: 'stale', registry };
  await repo.updateSubscription(trx, stored.id, { ...values, business_id: business.id });
  if (stored.business_id === business.id) {
    await repo.logBusinessChanges(trx, business, actor, subscriptionHistory(stored, values, 'UPDATE'));
  } else {
    await moveSubscription(trx, stored, business, values, log);
  }
  return { outcome: 'applied', registry };
}

/**
 * The details as the event tells them; when it does not say how often the plan is billed (a PayPal
 * event carries its plan's frequency only now and then), what is stored of the same plan stays.
 */
function withKnownInterval(details: ProviderDetails, stored: unknown): Record<string, unknown> {
  const before = (stored ?? {}) as ProviderDetails;
  if (details.billing_interval || !before.billing_interval || before.plan_id !== details.plan_id) {
    return { ...details };
  }
  return {
    ...details,
    billing_interval: before.billing_interval,
    ...(before.interval_count ? { interval_count: before.interval_count } : {}),
  };
}

/**
 * The provider now names another business (its metadata or custom_id was corrected): the
 * subscription and its billing items go there. A business may hold several subscriptions (the
 * card shows the newest live one), so one that already has a live one keeps it; the log says so, since
 * the business then pays twice.
 */
async function moveSubscription(
  trx: Trx,
  stored: repo.StoredSubscription,
  to: repo.BusinessRow,
  values: repo.SubscriptionValues,
  log: FastifyBaseLogger,
) {
  const from = await repo.findBusinessById(trx, stored.business_id);
  await repo.moveBillingItems(trx, stored.id, to.id);
  await logSubscriptionMoved(trx, values.updated_by, from, to, subscriptionHistory(null, values, 'INSERT'));
  const others = await repo.liveSubscriptionCount(trx, to.id, stored.id);
  if (others > 0) {
    log.warn(
      { subscription_id: stored.id, business_registry_number: to.business_registry_number, others },
      'payment subscription moved to a business that already has a live subscription',
    );
  }
}

/** 'subscription_business' in the history of both businesses; `more` rows for the one it moved to. */
export async function logSubscriptionMoved(
  trx: Trx,
  changedBy: string,
  from: repo.BusinessRow | undefined,
  to: repo.BusinessRow,
  more: repo.HistoryRow[] = [],
) {
  const moved: repo.HistoryRow = {
    operation: 'UPDATE',
    column: 'subscription_business',
    oldValue: from?.business_registry_number ?? null,
    newValue: to.business_registry_number,
  };
  if (from) await repo.logBusinessChanges(trx, from, changedBy, [moved]);
  await repo.logBusinessChanges(trx, to, changedBy, [moved, ...more]);
}

/** One history row per field a person sees on the card that changed. */
function subscriptionHistory(
  before: repo.StoredSubscription | null,
  after: repo.SubscriptionValues,
  operation: 'INSERT' | 'UPDATE',
): repo.HistoryRow[] {
  const fields: [string, unknown, unknown][] = [
    ['subscription_tier', before?.subscription_tier, after.subscription_tier],
    ['subscription_status', before?.subscription_status, after.subscription_status],
    ['subscription_renews', before?.subscription_renews, after.subscription_renews],
    ['billing_email', before?.billing_email, after.billing_email],
  ];
  return fields
    .filter(([, old, now]) => (old ?? null) !== (now ?? null))
    .map(([column, old, now]) => ({
      operation,
      column,
      oldValue: old === undefined || old === null ? null : String(old),
      newValue: now === undefined || now === null ? null : String(now),
    }));
}

async function applyInvoice(trx: Trx, event: ProviderEvent, change: InvoiceChange): Promise<Applied> {
  const { provider } = event;
  const subscription = change.providerSubscriptionId
    ? await repo.findSubscription(trx, provider, change.providerSubscriptionId, false)
    : undefined;
  const business = await businessFor(trx, change.registry, subscription);
  if (!business) return unmatched(change.registry);
  const registry = business.business_registry_number;
  // The price first, then the subscription (its plan as changed at the provider), then the metadata.
  const tier =
    change.tier ?? (subscription?.subscription_tier as Tier | undefined) ?? change.metadataTier ?? null;
  if (!tier) return { outcome: 'unmatched', reason: 'tier_unknown', registry };
  const values: repo.BillingItemValues = {
    business_id: business.id,
    subscription_id: subscription && subscription.business_id === business.id ? subscription.id : null,
    provider,
    provider_invoice_id: change.invoiceId,
    amount: change.amount,
    currency: change.currency,
    transaction_date: change.transactionDate,
    tier,
    status: change.status,
    last_event_at: event.created,
    provider_charge_id: change.payment?.chargeId ?? null,
    provider_payment_intent_id: change.payment?.paymentIntentId ?? null,
  };
  const actor = PROVIDER_ACTOR[provider];
  let stored = await repo.findBillingItem(trx, provider, change.invoiceId);
  if (!stored) {
    if (await repo.insertBillingItem(trx, values)) {
      await repo.logBusinessChanges(trx, business, actor, [
        { operation: 'INSERT', column: 'billing_item', oldValue: null, newValue: itemText(values) },
      ]);
      return { outcome: 'applied', registry };
    }
    stored = await repo.findBillingItem(trx, provider, change.invoiceId);
    if (!stored) throw new Error('billing item vanished under its lock');
  }
  // A payment event never undoes money returned, however new: a refunded item stays refunded, and
  // one refunded in part does not fail. Same time: a failure does not undo a payment.
  const undoesRefund =
    stored.status === 'refunded' || (stored.refunded_amount > 0 && change.status === 'failed');
  const losesTie = stored.status === 'succeeded' && change.status === 'failed';
  if (undoesRefund || isStale(stored.last_event_at, event.created, losesTie)) {
    return { outcome: 'stale', registry };
  }
  await repo.updateBillingItem(trx, stored.id, values);
  const before = itemText({ ...stored, provider_invoice_id: change.invoiceId });
  const after = itemText({
    ...values,
    dispute_status: stored.dispute_status,
    refunded_amount: stored.refunded_amount,
  });
  if (before !== after) {
    await repo.logBusinessChanges(trx, business, actor, [
      { operation: 'UPDATE', column: 'billing_item', oldValue: before, newValue: after },
    ]);
  }
  return { outcome: 'applied', registry };
}

/**
 * Money returned on a billing item (`refunded_amount`): all of it makes the item 'refunded'; part
 * of it stays 'succeeded', and the history says how much has come back so far. Refunds have their
 * own order, apart from the payment's: running totals and refund ids (refundedWith). A refund that
 * changes nothing (an older running total arriving late, a refund already counted) is stale. A
 * refund of an item the portal does not have is kept unmatched.
 */
async function applyRefund(trx: Trx, event: ProviderEvent, change: RefundChange): Promise<Applied> {
  const stored = await findPaidItem(trx, event.provider, change);
  const business = stored ? await repo.findBusinessById(trx, stored.business_id) : undefined;
  if (!stored || !business) return { outcome: 'unmatched', reason: 'invoice_not_found', registry: null };
  const registry = business.business_registry_number;
  if (stored.status === 'refunded') return { outcome: 'stale', registry };
  const { refunded, idsAmount, newId } = refundedWith(stored, change);
  const whole = change.whole ?? refunded >= stored.amount;
  if (!whole && !newId && refunded === stored.refunded_amount && idsAmount === stored.refund_ids_amount) {
    return { outcome: 'stale', registry };
  }
  const after = whole
    ? { ...stored, status: 'refunded', refunded_amount: stored.amount }
    : { ...stored, refunded_amount: refunded };
  await repo.setRefunded(trx, stored.id, {
    refunded: after.refunded_amount,
    idsAmount,
    refundId: newId ? change.refundId : null,
    whole: whole ? event.created : null,
  });
  const [oldValue, newValue] = [itemText(stored), itemText(after)];
  // A refund while the payment is disputed: the item still reads as its dispute.
  if (oldValue !== newValue) {
    await repo.logBusinessChanges(trx, business, PROVIDER_ACTOR[event.provider], [
      { operation: 'UPDATE', column: 'billing_item', oldValue, newValue },
    ]);
  }
  return { outcome: 'applied', registry };
}

/**
 * All returned of the item with this refund, whatever order its refunds arrive in: the largest of
 * what the item had (the largest running total seen, or the sum below), this refund's running
 * total, and the sum of the own amounts of the refunds counted by id (`refund_ids_amount`, this
 * one added when its id is new). A total covers every refund before it, so a refund that arrives
 * after a later total adds to the sum, not to the total. Never above MAX_CENTS.
 */
function refundedWith(stored: repo.StoredBillingItem, change: RefundChange) {
  const newId = change.refundId !== null && !stored.provider_refund_ids.includes(change.refundId);
  const own = change.amount;
  const adds = own !== null && (newId || change.refundId === null);
  const idsAmount = adds ? Math.min(stored.refund_ids_amount + own, MAX_CENTS) : stored.refund_ids_amount;
  const refunded = Math.max(stored.refunded_amount, change.total ?? 0, idsAmount);
  return { refunded, idsAmount, newId };
}

/**
 * The item a refund or dispute takes money back from, locked: the invoice's (or PayPal sale's) when
 * the event names it, else the one paid by its charge or payment intent.
 */
async function findPaidItem(trx: Trx, provider: WebhookProvider, ref: PaidItemRef) {
  const byInvoice = ref.invoiceId ? await repo.findBillingItem(trx, provider, ref.invoiceId) : undefined;
  return byInvoice ?? (await repo.findBillingItemByPayment(trx, provider, ref.payment));
}

/** A closed dispute: a later event may reopen it (an appeal), one of the same second may not. */
const CLOSED_DISPUTES = new Set(['won', 'lost']);

/**
 * A dispute (chargeback) of a billing item's payment, as it now is: open, won or lost. It has its
 * own order (`dispute_event_at`): an older dispute event is stale, and of the same time a first
 * state (created) or an open one after a closed one loses. One of a payment the portal does not
 * have (yet) is kept unmatched, and applied when that payment arrives.
 */
async function applyDispute(trx: Trx, event: ProviderEvent, change: DisputeChange): Promise<Applied> {
  const stored = await findPaidItem(trx, event.provider, change);
  const business = stored ? await repo.findBusinessById(trx, stored.business_id) : undefined;
  if (!stored || !business) return { outcome: 'unmatched', reason: 'charge_not_found', registry: null };
  const registry = business.business_registry_number;
  const losesTie =
    change.first ||
    (stored.dispute_status !== null &&
      CLOSED_DISPUTES.has(stored.dispute_status) &&
      change.outcome === 'open');
  if (isStale(stored.dispute_event_at, event.created, losesTie)) return { outcome: 'stale', registry };
  await repo.setDispute(trx, stored.id, change.outcome, event.created);
  const before = itemText(stored);
  const after = itemText({ ...stored, dispute_status: change.outcome });
  if (before !== after) {
    await repo.logBusinessChanges(trx, business, PROVIDER_ACTOR[event.provider], [
      { operation: 'UPDATE', column: 'billing_item', oldValue: before, newValue: after },
    ]);
  }
  return { outcome: 'applied', registry };
}

/**
 * Which charge or payment intent paid an invoice (named apart from it by Stripe's API from
 * 2025-03-31), so that a dispute of that payment finds the item. Nothing a person sees changes.
 */
async function applyPaymentLink(trx: Trx, event: ProviderEvent, change: PaymentLinkChange): Promise<Applied> {
  const stored = await repo.findBillingItem(trx, event.provider, change.invoiceId);
  const business = stored ? await repo.findBusinessById(trx, stored.business_id) : undefined;
  if (!stored || !business) return { outcome: 'unmatched', reason: 'invoice_not_found', registry: null };
  await repo.setPaymentIds(trx, stored.id, change.payment);
  return { outcome: 'applied', registry: business.business_registry_number };
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * 'in_123: 29.99 USD, succeeded' (or 'disputed', 'dispute_lost'…) — a billing item in the history;
 * with part of it returned, 'in_123: 29.99 USD, succeeded (5.00 USD refunded)'.
 */
function itemText(item: {
  provider_invoice_id: string | null;
  amount: number;
  currency: string;
  status: string;
  dispute_status?: string | null;
  refunded_amount?: number;
}) {
  const status = billingItemStatus(item.status, item.dispute_status);
  const text = `${item.provider_invoice_id}: ${money(item.amount, item.currency)}, ${status}`;
  const refunded = item.refunded_amount ?? 0;
  return refunded > 0 && item.status !== 'refunded'
    ? `${text} (${money(refunded, item.currency)} refunded)`
    : text;
}

export function unmatchedEvents(
  db: Kysely<Database>,
  query: { limit: number; offset: number; include_resolved?: boolean },
) {
  return repo.unmatchedEvents(db, { ...query, includeResolved: query.include_resolved ?? false });
}

/**
 * A master marks an unmatched event resolved (dealt with, out of the list of work left) or open
 * again; audited. Asking for the state it is already in changes nothing and records nothing. An
 * event applied meanwhile (or no event) is a 404. A resolved event is still applied if its
 * business or payment arrives later: resolving only takes it off the list.
 */
export async function setEventResolved(db: Kysely<Database>, actor: Actor, id: number, resolved: boolean) {
  return writeTransaction(db, actor, async (trx) => {
    const event = await repo.findUnmatchedEvent(trx, id);
    if (!event) throw notFound(MSG.paymentEventNotFound);
    if ((event.resolved_at !== null) === resolved) return { event };
    const updated = await repo.setResolved(trx, id, resolved ? actor.changedBy : null);
    await recordStaffAction(
      trx,
      actor,
      resolved ? 'payment_event_resolve' : 'payment_event_reopen',
      { kind: 'payment_event' },
      { provider: event.provider, event_id: event.event_id, event_type: event.event_type },
    );
    return { event: updated };
  });
}
