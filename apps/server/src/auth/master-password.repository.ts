// The master's own password once changed from the portal (migration 051; auth/master-password.ts).
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Any constant of its own; the login attempts use 724_110_002/3. */
const MASTER_PASSWORD_LOCK = 724_110_030;

export function findMasterPassword(db: Db) {
  return db.selectFrom('master_password').select(['password_hash', 'replaces_hash']).executeTakeFirst();
}

/** Serialises changes of the master password until the transaction ends. */
export async function lockMasterPassword(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${MASTER_PASSWORD_LOCK})`.execute(trx);
}

/** Stores the new hash; `replacesHash` is kept from the first change (the configured password's). */
export async function saveMasterPassword(db: Db, passwordHash: string, replacesHash: string): Promise<void> {
  await db
    .insertInto('master_password')
    .values({ password_hash: passwordHash, replaces_hash: replacesHash })
    .onConflict((oc) => oc.column('id').doUpdateSet({ password_hash: passwordHash, changed_at: new Date() }))
    .execute();
}

export async function deleteMasterPassword(db: Db): Promise<void> {
  await db.deleteFrom('master_password').execute();
}
