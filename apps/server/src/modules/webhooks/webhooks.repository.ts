// SQL of the payment webhooks: the events table that lets each event in once, the
// provider's subscriptions and invoices under a row lock, the business's change history.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Subscriptions } from '../../db/generated/tables.ts';
import type { Database } from '../../db/types.ts';
import type { WebhookProvider } from '../../http/metrics.ts';
import type { DisputeOutcome, PaymentIds, ProviderEvent, Tier } from './provider-event.ts';

type Trx = Transaction<Database>;
export type StoredSubscription = Selectable<Subscriptions>;
export type EventOutcome = 'applied' | 'stale' | 'ignored' | 'unmatched';

/**
 * JSON text PostgreSQL's jsonb accepts: it refuses the escape \u0000 (a NUL) inside a string, so
 * that one escape is dropped (an escaped backslash before 'u0000' is left alone).
 */
function jsonbText(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1');
}

/**
 * The gate: the event's row, or nothing when (provider, event id) is already there. Concurrent
 * deliveries of one event wait on the first one's row and then find it (ON CONFLICT DO NOTHING).
 */
export async function claimEvent(trx: Trx, event: ProviderEvent): Promise<number | null> {
  const row = await trx
    .insertInto('webhook_events')
    .values({
      provider: event.provider,
      event_id: event.id,
      event_type: event.type.slice(0, 255),
      event_created: event.created,
      outcome: 'applied',
      payload: jsonbText(event.payload),
    })
    .onConflict((oc) => oc.constraint('webhook_events_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export function settleEvent(
  trx: Trx,
  id: number,
  outcome: EventOutcome,
  extra: { reason?: string | null; registry?: string | null; objectId?: string | null } = {},
) {
  return trx
    .updateTable('webhook_events')
    .set({
      outcome,
      reason: extra.reason ?? null,
      business_registry_number: extra.registry ?? null,
      provider_object_id: extra.objectId ?? null,
    })
    .where('id', '=', id)
    .execute();
}

export interface BusinessRow {
  id: number;
  business_registry_number: string;
}

export function findBusinessByRegistry(trx: Trx, registry: string): Promise<BusinessRow | undefined> {
  return trx
    .selectFrom('businesses')
    .select(['id', 'business_registry_number'])
    .where('business_registry_number', '=', registry)
    .executeTakeFirst();
}

export function findBusinessById(trx: Trx, id: number): Promise<BusinessRow | undefined> {
  return trx
    .selectFrom('businesses')
    .select(['id', 'business_registry_number'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The provider's subscription, locked until the transaction ends (`lock`), or undefined. */
export function findSubscription(
  trx: Trx,
  provider: WebhookProvider,
  providerSubscriptionId: string,
  lock: boolean,
): Promise<StoredSubscription | undefined> {
  const query = trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('subscription_provider', '=', provider)
    .where('provider_subscription_id', '=', providerSubscriptionId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export interface SubscriptionValues {
  subscription_tier: Tier;
  subscription_status: string;
  subscription_renews: boolean;
  billing_email: string | null;
  provider_details: Record<string, unknown>;
  last_event_at: Date;
  updated_by: string;
}

/** A new subscription row, or undefined when another delivery created it first. */
export function insertSubscription(
  trx: Trx,
  values: SubscriptionValues & {
    business_id: number;
    provider: WebhookProvider;
    provider_subscription_id: string;
    created_at: Date;
  },
): Promise<StoredSubscription | undefined> {
  const { provider, provider_details, ...rest } = values;
  return trx
    .insertInto('subscriptions')
    .values({
      ...rest,
      subscription_provider: provider,
      provider_details: JSON.stringify(provider_details),
    })
    .onConflict((oc) =>
      oc
        .columns(['subscription_provider', 'provider_subscription_id'])
        .where('provider_subscription_id', 'is not', null)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

export function updateSubscription(
  trx: Trx,
  id: number,
  values: SubscriptionValues & { business_id: number },
) {
  const { provider_details, ...rest } = values;
  return trx
    .updateTable('subscriptions')
    .set({ ...rest, provider_details: JSON.stringify(provider_details), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The subscription's billing items now belong to `businessId` (the subscription moved). */
export function moveBillingItems(trx: Trx, subscriptionId: number, businessId: number) {
  return trx
    .updateTable('billing_history')
    .set({ business_id: businessId })
    .where('subscription_id', '=', subscriptionId)
    .execute();
}

/** How many active or past-due subscriptions the business has besides `exceptId`. */
export async function liveSubscriptionCount(trx: Trx, businessId: number, exceptId: number) {
  const row = await trx
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('id', '!=', exceptId)
    .where('subscription_status', 'in', ['active', 'past_due'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface BillingItemValues {
  business_id: number;
  subscription_id: number | null;
  provider: WebhookProvider;
  provider_invoice_id: string;
  amount: number;
  currency: string;
  transaction_date: Date;
  tier: Tier;
  status: 'succeeded' | 'failed';
  last_event_at: Date;
  /** The payment that paid it; an update leaves a stored id when the event names none. */
  provider_charge_id?: string | null;
  provider_payment_intent_id?: string | null;
}

export function findBillingItem(trx: Trx, provider: WebhookProvider, invoiceId: string) {
  return trx
    .selectFrom('billing_history')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_invoice_id', '=', invoiceId)
    .forUpdate()
    .executeTakeFirst();
}

export type StoredBillingItem = NonNullable<Awaited<ReturnType<typeof findBillingItem>>>;

/** The item paid by the charge (else the payment intent), locked until the transaction ends. */
export async function findBillingItemByPayment(trx: Trx, provider: WebhookProvider, payment: PaymentIds) {
  for (const [column, id] of [
    ['provider_charge_id', payment.chargeId],
    ['provider_payment_intent_id', payment.paymentIntentId],
  ] as const) {
    if (!id) continue;
    const item = await trx
      .selectFrom('billing_history')
      .selectAll()
      .where('provider', '=', provider)
      .where(column, '=', id)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (item) return item;
  }
  return undefined;
}

/** The payment that paid an item, where the event names it (a known id is not cleared). */
export function setPaymentIds(trx: Trx, id: number, payment: PaymentIds) {
  return trx
    .updateTable('billing_history')
    .set((eb) => ({
      provider_charge_id: eb.fn.coalesce(eb.val(payment.chargeId), eb.ref('provider_charge_id')),
      provider_payment_intent_id: eb.fn.coalesce(
        eb.val(payment.paymentIntentId),
        eb.ref('provider_payment_intent_id'),
      ),
    }))
    .where('id', '=', id)
    .execute();
}

/** Where the item's dispute stands, as of the provider's time `eventAt`. */
export function setDispute(trx: Trx, id: number, outcome: DisputeOutcome, eventAt: Date) {
  return trx
    .updateTable('billing_history')
    .set({ dispute_status: outcome, dispute_event_at: eventAt })
    .where('id', '=', id)
    .execute();
}

/** The new item's id, or undefined when another delivery for this invoice wrote it first. */
export async function insertBillingItem(trx: Trx, values: BillingItemValues): Promise<number | undefined> {
  const row = await trx
    .insertInto('billing_history')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['provider', 'provider_invoice_id'])
        .where('provider_invoice_id', 'is not', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function updateBillingItem(trx: Trx, id: number, values: BillingItemValues) {
  const {
    provider: _provider,
    provider_invoice_id: _invoice,
    provider_charge_id: charge,
    provider_payment_intent_id: intent,
    ...rest
  } = values;
  return trx
    .updateTable('billing_history')
    .set({
      ...rest,
      ...(charge ? { provider_charge_id: charge } : {}),
      ...(intent ? { provider_payment_intent_id: intent } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Money returned on a billing item: all returned so far, the sum of the refunds counted by id and
 * the one counted now (its id, when new), and when the whole payment came back, the time of the
 * event that says so.
 */
export function setRefunded(
  trx: Trx,
  id: number,
  refund: { refunded: number; idsAmount: number; refundId: string | null; whole: Date | null },
) {
  return trx
    .updateTable('billing_history')
    .set((eb) => ({
      refunded_amount: refund.refunded,
      refund_ids_amount: refund.idsAmount,
      ...(refund.refundId === null
        ? {}
        : {
            provider_refund_ids: sql<
              string[]
            >`array_append(${eb.ref('provider_refund_ids')}, ${refund.refundId}::text)`,
          }),
      ...(refund.whole ? { status: 'refunded', last_event_at: refund.whole } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

export interface HistoryRow {
  operation: 'INSERT' | 'UPDATE';
  column: string;
  oldValue: string | null;
  newValue: string | null;
}

/** Rows of the business's change history, by the provider (written like the trigger's rows). */
export async function logBusinessChanges(
  trx: Trx,
  business: BusinessRow,
  changedBy: string,
  rows: HistoryRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('business_change_logs')
    .values(
      rows.map((row) => ({
        business_id: business.id,
        business_registry_number: business.business_registry_number,
        operation_type: row.operation,
        changed_column: row.column,
        old_value: row.oldValue,
        new_value: row.newValue,
        changed_by: changedBy,
        ip_address: sql<string | null>`app_setting('app.ip_address')`,
        user_agent: sql<string | null>`app_setting('app.user_agent')`,
      })),
    )
    .execute();
}

/**
 * The unmatched events that may be `business`'s, oldest first by the provider's time, then by
 * arrival: those naming its registry number, those naming none (registry_missing) whose
 * payload mentions one of its subscriptions, or one those events name, and the refunds and
 * disputes of its billing items. The payload match is text only; the caller reads each event to
 * be sure.
 */
export async function heldEvents(trx: Trx, business: BusinessRow) {
  const { rows } = await sql<{ id: number; provider: string; payload: unknown }>`
    with named as (
      select id, provider, provider_object_id, payload, event_created, received_at
        from webhook_events
       where outcome = 'unmatched' and reason = 'business_not_found'
         and business_registry_number = ${business.business_registry_number}
    ), own (provider, object_id) as (
      select subscription_provider, provider_subscription_id from subscriptions
       where business_id = ${business.id} and provider_subscription_id is not null
      union
      select provider, provider_object_id from named where provider_object_id is not null
    )
    select id, provider, payload, event_created, received_at from named
    union all
    select e.id, e.provider, e.payload, e.event_created, e.received_at
      from webhook_events e
     where e.outcome = 'unmatched' and e.reason = 'registry_missing'
       and exists (select 1 from own
                    where own.provider = e.provider
                      and strpos(e.payload::text, to_json(own.object_id)::text) > 0)
    union all
    select p.id, p.provider, p.payload, p.event_created, p.received_at
      from webhook_events p
     where p.outcome = 'unmatched' and p.reason in ('invoice_not_found', 'charge_not_found')
       and exists (select 1 from billing_history h
                    where h.business_id = ${business.id} and h.provider = p.provider
                      and (h.provider_invoice_id = p.provider_object_id
                           or h.provider_charge_id = p.provider_object_id
                           or strpos(p.payload::text, to_json(h.provider_payment_intent_id)::text) > 0
                           or strpos(p.payload::text, to_json(h.provider_invoice_id)::text) > 0))
     order by event_created, received_at, id`.execute(trx);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Events kept unmatched that a subscription just applied can now place, oldest first: those
 * naming no business whose payload names the subscription (an invoice before its subscription),
 * and those of the business whose plan could not be told without a stored subscription.
 */
export async function waitingEvents(
  trx: Trx,
  provider: WebhookProvider,
  providerSubscriptionId: string,
  registry: string,
) {
  const { rows } = await sql<{ id: number; provider: string; payload: unknown }>`
    select id, provider, payload from webhook_events
     where outcome = 'unmatched' and provider = ${provider}
       and ((reason = 'registry_missing'
             and strpos(payload::text, to_json(${providerSubscriptionId}::text)::text) > 0)
         or (reason = 'tier_unknown' and business_registry_number = ${registry}))
     order by event_created, received_at, id`.execute(trx);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Events kept unmatched because the payment they name was not there yet (refunds, disputes,
 * `invoice_payment.paid`): those whose payload names one of `ids` (the item's invoice or sale,
 * charge or payment intent). Text only, oldest first; the caller reads each to be sure.
 */
export async function waitingForPayment(trx: Trx, provider: WebhookProvider, ids: (string | null)[]) {
  const named = ids.filter((id): id is string => !!id);
  if (named.length === 0) return [];
  const mentions = named.map((id) => sql<boolean>`strpos(payload::text, to_json(${id}::text)::text) > 0`);
  const { rows } = await sql<{ id: number; provider: string; payload: unknown }>`
    select id, provider, payload from webhook_events
     where outcome = 'unmatched' and reason in ('invoice_not_found', 'charge_not_found')
       and provider = ${provider} and (${sql.join(mentions, sql` or `)})
     order by event_created, received_at, id`.execute(trx);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** What an event names that a business in the trash may hold: the business, a subscription, a payment. */
export interface TrashedNames {
  registry?: string | null;
  subscriptionId?: string | null;
  invoiceId?: string | null;
  chargeId?: string | null;
  paymentIntentId?: string | null;
}

/**
 * Share-locks the trash copies holding what `names` names. A restore of one of them holds it until it
 * commits, so this waits for it; a copy restored meanwhile is skipped, and the next statement sees
 * the rows the restore brought back. A restore starting meanwhile waits for this transaction instead.
 */
export async function awaitRestoresOf(trx: Trx, provider: WebhookProvider, names: TrashedNames) {
  const holds = (table: string, providerColumn: string, column: string, id: string | null | undefined) =>
    id
      ? [
          sql<boolean>`dependents -> ${table} @> ${jsonbText([{ [providerColumn]: provider, [column]: id }])}::jsonb`,
        ]
      : [];
  const conditions = [
    ...(names.registry ? [sql<boolean>`business_registry_number = ${names.registry}`] : []),
    ...holds('subscriptions', 'subscription_provider', 'provider_subscription_id', names.subscriptionId),
    ...holds('billing_history', 'provider', 'provider_invoice_id', names.invoiceId),
    ...holds('billing_history', 'provider', 'provider_charge_id', names.chargeId),
    ...holds('billing_history', 'provider', 'provider_payment_intent_id', names.paymentIntentId),
  ];
  if (conditions.length === 0) return;
  await sql`select business_id from business_trash where ${sql.join(conditions, sql` or `)}
             order by business_id for share`.execute(trx);
}

/** Whether the event is still kept unmatched (another event may have applied it meanwhile). */
export async function isUnmatched(trx: Trx, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom('webhook_events')
    .select('outcome')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.outcome === 'unmatched';
}

/** The business a billing item belongs to, or undefined. */
export async function billingItemOwner(trx: Trx, provider: WebhookProvider, invoiceId: string) {
  const row = await trx
    .selectFrom('billing_history')
    .select('business_id')
    .where('provider', '=', provider)
    .where('provider_invoice_id', '=', invoiceId)
    .executeTakeFirst();
  return row?.business_id;
}

const UNMATCHED_COLUMNS = [
  'id',
  'provider',
  'event_id',
  'event_type',
  'event_created',
  'received_at',
  'reason',
  'business_registry_number',
  'provider_object_id',
  'resolved_at',
  'resolved_by',
] as const;

/** The master's list: events that named no business, newest first; resolved ones only if asked. */
export async function unmatchedEvents(
  db: Kysely<Database>,
  query: { limit: number; offset: number; includeResolved: boolean },
) {
  const listed = db
    .selectFrom('webhook_events')
    .where('outcome', '=', 'unmatched')
    .$if(!query.includeResolved, (q) => q.where('resolved_at', 'is', null));
  const events = await listed
    .select(UNMATCHED_COLUMNS)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const counted = await listed.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { events: events.map(unmatchedRow), total_count: Number(counted.total) };
}

const unmatchedRow = <T extends { id: number | string }>(row: T) => ({ ...row, id: Number(row.id) });

/** One unmatched event, locked until the transaction ends, or undefined. */
export async function findUnmatchedEvent(trx: Trx, id: number) {
  const row = await trx
    .selectFrom('webhook_events')
    .select(UNMATCHED_COLUMNS)
    .where('id', '=', id)
    .where('outcome', '=', 'unmatched')
    .forUpdate()
    .executeTakeFirst();
  return row && unmatchedRow(row);
}

/** Marks the event resolved by `by` now, or (null) open again. */
export async function setResolved(trx: Trx, id: number, by: string | null) {
  const row = await trx
    .updateTable('webhook_events')
    .set({ resolved_at: by === null ? null : sql<Date>`now()`, resolved_by: by })
    .where('id', '=', id)
    .returning(UNMATCHED_COLUMNS)
    .executeTakeFirstOrThrow();
  return unmatchedRow(row);
}
