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

/** The first of registry number, email and phone that a business in the directory now has. */
export async function takenField(
  trx: Transaction<Database>,
  item: TrashedRow,
): Promise<RestoreConflictField | null> {
  const row = await sql<{ field: RestoreConflictField }>`
    select field from (
      select 1 as n, 'business_registry_number' as field
       where exists (select 1 from businesses where business_registry_number = ${item.business_registry_number})
      union all
      select 2, 'business_email'
       where exists (select 1 from businesses where lower(business_email) = lower(${item.business_email}))
      union all
      select 3, 'business_phone'
       where exists (select 1 from businesses where business_phone = ${item.business_phone})
    ) taken order by n limit 1`.execute(trx);
  return row.rows[0]?.field ?? null;
}

/** Puts the business and its rows back; the INSERT row of its change log says 'restored'. */
export async function restoreTrashed(trx: Transaction<Database>, businessId: number): Promise<boolean> {
  await sql`select set_config('app.business_restore', 'true', true)`.execute(trx);
  const result = await sql<{ ok: boolean }>`select business_trash_restore(${businessId}) as ok`.execute(trx);
  await sql`select set_config('app.business_restore', '', true)`.execute(trx);
  return result.rows[0]?.ok === true;
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
