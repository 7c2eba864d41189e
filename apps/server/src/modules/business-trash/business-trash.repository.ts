// The master's trash (migration 060): what is in it, the checks before a restore, the restore
// itself (business_trash_restore puts every row back with its id) and the purges.
import type { RestoreConflictField } from '@portal/contract/business-trash';
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { escapeLike } from '../business-data/business-data.repository.ts';

const LISTED = [
  'business_id',
  'business_registry_number',
  'business_name',
  'business_email',
  'business_phone',
  'deleted_at',
  'deleted_by',
] as const;

export interface TrashedRow {
  business_id: number;
  business_registry_number: string;
  business_name: string;
  business_email: string;
  business_phone: string;
  deleted_at: Date;
  deleted_by: string;
}

/** Every word of `search` in the name, email, phone or registry number (accents and case aside). */
const matches = (search: string | undefined) =>
  sql<SqlBool>`${sql.join(
    (search ?? '')
      .split(/\s+/)
      .filter((word) => word !== '')
      .map(
        (word) => sql`f_search_text(business_name || ' ' || business_email || ' ' || business_phone || ' ' ||
          business_registry_number) like '%' || f_search_text(${escapeLike(word)}) || '%' escape '\\'`,
      )
      .concat([sql`true`]),
    sql` and `,
  )}`;

export async function listTrash(
  db: Kysely<Database>,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: TrashedRow[]; total: number }> {
  const where = matches(search);
  const [rows, total] = await Promise.all([
    db
      .selectFrom('business_trash')
      .select(LISTED)
      .where(where)
      .orderBy('deleted_at', 'desc')
      .orderBy('business_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('business_trash')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The newest trashed business with this registry number, locked until the transaction ends. */
export function lockTrashed(trx: Transaction<Database>, registry: string): Promise<TrashedRow | undefined> {
  return trx
    .selectFrom('business_trash')
    .select(LISTED)
    .where('business_registry_number', '=', registry)
    .orderBy('deleted_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/** A business in the directory that now has one of a trashed business's keys. */
export interface TakenKey {
  field: RestoreConflictField;
  business_registry_number: string;
  business_name: string;
}

/**
 * The first of registry number, email and phone that a business in the directory now has, and
 * that business (staff need to know which one to sort it out).
 */
export async function takenField(trx: Transaction<Database>, item: TrashedRow): Promise<TakenKey | null> {
  const row = await sql<TakenKey>`
    select field, business_registry_number, business_name from (
      select 1 as n, 'business_registry_number' as field, business_registry_number, business_name
        from businesses where business_registry_number = ${item.business_registry_number}
      union all
      select 2, 'business_email', business_registry_number, business_name
        from businesses where lower(business_email) = lower(${item.business_email})
      union all
      select 3, 'business_phone', business_registry_number, business_name
        from businesses where business_phone = ${item.business_phone}
    ) taken order by n limit 1`.execute(trx);
  return row.rows[0] ?? null;
}

/** Puts the business and its rows back; the INSERT row of its change log says 'restored'. */
export async function restoreTrashed(trx: Transaction<Database>, businessId: number): Promise<boolean> {
  await sql`select set_config('app.business_restore', 'true', true)`.execute(trx);
  const result = await sql<{ ok: boolean }>`select business_trash_restore(${businessId}) as ok`.execute(trx);
  await sql`select set_config('app.business_restore', '', true)`.execute(trx);
  return result.rows[0]?.ok === true;
}

export interface HeldElsewhere {
  /** The subscription's id in the trashed copy. */
  trashed_id: number;
  /** The row in the directory that has its provider id now, and that row's business. */
  live_id: number;
  provider: 'stripe' | 'paypal';
  business_id: number;
  business_registry_number: string;
  /** The copy saw a newer event than that row: the subscription comes back with the business. */
  trashed_newer: boolean;
}

/** Subscriptions of the trashed copy whose provider id another business has now (locked). */
export async function subscriptionsHeldElsewhere(
  trx: Transaction<Database>,
  businessId: number,
): Promise<HeldElsewhere[]> {
  const { rows } = await sql<HeldElsewhere>`
    select (s ->> 'id')::integer as trashed_id, live.id as live_id, live.subscription_provider as provider,
           b.id as business_id, b.business_registry_number,
           coalesce((s ->> 'last_event_at')::timestamptz > live.last_event_at, false) as trashed_newer
      from business_trash t
     cross join jsonb_array_elements(t.dependents -> 'subscriptions') s
      join subscriptions live on live.subscription_provider = s ->> 'subscription_provider'
                             and live.provider_subscription_id = s ->> 'provider_subscription_id'
      join businesses b on b.id = live.business_id
     where t.business_id = ${businessId}
       for update of live`.execute(trx);
  return rows;
}

/**
 * Before restoreTrashed, so the copy's payment rows fit the unique indexes: a subscription held
 * elsewhere with a state as new stays there (left out of the copy; its billing items in the copy
 * go with it); one whose copy is newer comes back (the row held elsewhere gives up its provider
 * id; takeBackSubscriptions ends it). Of a billing item in both, the newer one is kept.
 */
export async function makeRoomForPayments(
  trx: Transaction<Database>,
  businessId: number,
  held: HeldElsewhere[],
): Promise<void> {
  const back = held.filter((sub) => sub.trashed_newer).map((sub) => sub.live_id);
  if (back.length > 0)
    await trx
      .updateTable('subscriptions')
      .set({ provider_subscription_id: null })
      .where('id', 'in', back)
      .execute();
  const stay = JSON.stringify(
    Object.fromEntries(
      held
        .filter((sub) => !sub.trashed_newer)
        .map((sub) => [sub.trashed_id, { business_id: sub.business_id, subscription_id: sub.live_id }]),
    ),
  );
  await sql`
    delete from billing_history h
     using business_trash t, jsonb_array_elements(t.dependents -> 'billing_history') b
     where t.business_id = ${businessId}
       and h.provider = b ->> 'provider' and h.provider_invoice_id = b ->> 'provider_invoice_id'
       and h.last_event_at < (b ->> 'last_event_at')::timestamptz`.execute(trx);
  await sql`
    update business_trash set dependents = dependents || jsonb_build_object(
      'subscriptions', (select coalesce(jsonb_agg(s), '[]'::jsonb)
                          from jsonb_array_elements(dependents -> 'subscriptions') s
                         where not ${stay}::jsonb ? (s ->> 'id')),
      'billing_history', (select coalesce(jsonb_agg(b || coalesce(${stay}::jsonb -> (b ->> 'subscription_id'), '{}'::jsonb)), '[]'::jsonb)
                            from jsonb_array_elements(dependents -> 'billing_history') b
                           where not exists (select 1 from billing_history h
                                              where h.provider = b ->> 'provider'
                                                and h.provider_invoice_id = b ->> 'provider_invoice_id')))
     where business_id = ${businessId}`.execute(trx);
}

/** After restoreTrashed: a subscription that came back takes the billing items of the row that held it, which goes. */
export async function takeBackSubscriptions(
  trx: Transaction<Database>,
  businessId: number,
  held: HeldElsewhere[],
): Promise<void> {
  for (const sub of held.filter((row) => row.trashed_newer)) {
    await trx
      .updateTable('billing_history')
      .set({ business_id: businessId, subscription_id: sub.trashed_id })
      .where('subscription_id', '=', sub.live_id)
      .execute();
    await trx.deleteFrom('subscriptions').where('id', '=', sub.live_id).execute();
  }
}

/** Deletes the copy for good. */
export async function purgeTrashed(trx: Transaction<Database>, businessId: number): Promise<void> {
  await trx.deleteFrom('business_trash').where('business_id', '=', businessId).execute();
}

/** Deletes for good what was trashed before `before`; answers what went. */
export function purgeTrashedBefore(
  db: Kysely<Database>,
  before: Date,
): Promise<{ business_registry_number: string; business_name: string }[]> {
  return db
    .deleteFrom('business_trash')
    .where('deleted_at', '<', before)
    .returning(['business_registry_number', 'business_name'])
    .execute();
}
