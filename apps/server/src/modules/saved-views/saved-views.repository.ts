// The only code that touches saved_views (migration 043). Every read and write names its owner,
// so a view of another owner is never found.
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A staff account: an admin by id, or the master (one account, no admin id). */
export interface Owner {
  kind: 'admin' | 'master';
  adminId: number | null;
}

const COLUMNS = ['id', 'name', 'position', 'query', 'created_at', 'updated_at'] as const;

/** Distinct from the sign-in locks' keys (login-attempts.repository.ts). */
const SAVED_VIEWS_LOCK = 724_110_024;

/** owner_admin_id is null for the master; the indexes read coalesce(owner_admin_id, 0). */
const ownedBy = (owner: Owner) =>
  sql<SqlBool>`owner_kind = ${owner.kind} and coalesce(owner_admin_id, 0) = ${owner.adminId ?? 0}`;

export const listViews = (db: Db, owner: Owner) =>
  db
    .selectFrom('saved_views')
    .select(COLUMNS)
    .where(ownedBy(owner))
    .orderBy('position')
    .orderBy('id')
    .execute();

export type SavedViewRow = Awaited<ReturnType<typeof listViews>>[number];

/**
 * Holds the owner's lock until the transaction ends: creates and reorders of one owner queue one
 * behind the other, so a count read under it stays true until the insert. An admin's row is locked
 * too, before any view: deleting the admin locks it before their views (in another order than a
 * reorder's), so a reorder waits for the deletion or goes first, never a deadlock.
 */
export async function lockOwner(trx: Transaction<Database>, owner: Owner): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SAVED_VIEWS_LOCK}, hashtext(${`${owner.kind}:${owner.adminId ?? 0}`}))`.execute(
    trx,
  );
  if (owner.adminId !== null) {
    await trx
      .selectFrom('admins')
      .select('admin_id')
      .where('admin_id', '=', owner.adminId)
      .forKeyShare()
      .execute();
  }
}

export async function countAndNextPosition(trx: Db, owner: Owner): Promise<{ count: number; next: number }> {
  const row = await trx
    .selectFrom('saved_views')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'),
    ])
    .where(ownedBy(owner))
    .executeTakeFirstOrThrow();
  return row;
}

export const insertView = (
  trx: Db,
  owner: Owner,
  values: { name: string; position: number; query: object },
) =>
  trx
    .insertInto('saved_views')
    .values({
      owner_kind: owner.kind,
      owner_admin_id: owner.adminId,
      name: values.name,
      position: values.position,
      query: JSON.stringify(values.query),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();

export const updateView = (db: Db, owner: Owner, id: number, patch: { name?: string; query?: object }) =>
  db
    .updateTable('saved_views')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.query !== undefined ? { query: JSON.stringify(patch.query) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where(ownedBy(owner))
    .returning(COLUMNS)
    .executeTakeFirst();

export async function deleteView(db: Db, owner: Owner, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where(ownedBy(owner))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Positions 0, 1, 2… in the order of `ids` (ordinality counts from 1); all are the owner's. */
export async function setPositions(trx: Db, owner: Owner, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`update saved_views as v set position = o.position - 1, updated_at = now()
      from unnest(${sql.val(ids)}::int[]) with ordinality as o(id, position)
     where v.id = o.id and ${ownedBy(owner)}`.execute(trx);
}
