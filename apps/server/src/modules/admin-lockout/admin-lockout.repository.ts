// The only code of this family that touches SQL: admins (read), login_attempts (the failed sign-ins
// that make up a lock, written by src/auth). A release is logged in staff_actions (staff-audit/record.ts).
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const findAdmin = (db: Db, adminId: number) =>
  db
    .selectFrom('admins')
    .select(['admin_id', 'admin_email'])
    .where('admin_id', '=', adminId)
    .executeTakeFirst();

/**
 * Admins whose sign-in identifier (the lower-cased email, as src/auth records it) has at least
 * `minFailures` failed sign-ins in the last `withinSeconds`: the only ones that can be locked.
 */
export const adminsWithRecentFailures = (db: Db, withinSeconds: number, minFailures: number) =>
  db
    .selectFrom('admins')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('login_attempts')
          .select('identifier')
          .where('succeeded', '=', false)
          .where('attempted_at', '>', sql<Date>`now() - (${withinSeconds}::int * interval '1 second')`)
          .groupBy('identifier')
          .having((inner) => inner.fn.countAll(), '>=', minFailures)
          .as('failing'),
      (join) => join.on(sql<boolean>`failing.identifier = lower(admins.admin_email)`),
    )
    .select(['admins.admin_id', 'admins.admin_email', 'failing.identifier'])
    .orderBy('admins.admin_id')
    .execute();

/** Forgets the identifier's failed sign-ins, so none of them counts towards a lock any more. */
export async function clearFailures(trx: Db, identifier: string) {
  const rows = await trx
    .deleteFrom('login_attempts')
    .where('identifier', '=', identifier)
    .where('succeeded', '=', false)
    .returning('ip_address')
    .execute();
  return { count: rows.length, ipAddresses: [...new Set(rows.map((row) => row.ip_address))].sort() };
}
