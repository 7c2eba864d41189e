// Tries at a stored code (email change, email verification). A try is counted before the code is
// compared, in one UPDATE that succeeds only while tries remain: however many requests arrive at
// once, a code is compared at most `maxAttempts` times.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export type CodeTable = 'email_change_requests' | 'email_verification_codes';

/** Distinct from the other advisory locks' keys (login-attempts.repository.ts, saved views…). */
const RECIPIENT_LOCK = 724_110_040;

/** The column of each table that holds the address a code was mailed to. */
const ADDRESS_COLUMN = { email_change_requests: 'new_email', email_verification_codes: 'email' } as const;

/**
 * Seconds before `address` may be mailed another code of `table` (0: now), whatever its case and
 * whoever asks: the portal's resend countdown (SPEC §9), held by the server. Read under a lock on
 * the address that lasts until the transaction ends, so of parallel sends to one address the first
 * stores its code before the next looks.
 */
export async function resendWait(
  trx: Transaction<Database>,
  table: CodeTable,
  address: string,
  countdownSeconds: number,
): Promise<number> {
  await sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK}, hashtext(lower(${address})))`.execute(trx);
  const { rows } = await sql<{ wait: number | null }>`
    select ceil(extract(epoch from max(created_at) + make_interval(secs => ${countdownSeconds}) - now()))::int as wait
      from ${sql.table(table)}
     where lower(${sql.ref(ADDRESS_COLUMN[table])}) = lower(${address})
       and created_at > now() - make_interval(secs => ${countdownSeconds})`.execute(trx);
  return Math.max(0, rows[0]?.wait ?? 0);
}

/** Counts one try and returns the code's hash to compare; undefined when used, expired or out of tries. */
export async function claimCodeTry(
  db: Kysely<Database>,
  table: CodeTable,
  id: number,
  maxAttempts: number,
): Promise<string | undefined> {
  return (await claimCode(db, table, id, maxAttempts))?.codeHash;
}

/** claimCodeTry, with the tries the code has left after this one. */
export async function claimCode(
  db: Kysely<Database>,
  table: CodeTable,
  id: number,
  maxAttempts: number,
): Promise<{ codeHash: string; triesLeft: number } | undefined> {
  const row = await db
    .updateTable(table as 'email_change_requests') // both tables have these columns
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
  return row && { codeHash: row.code_hash, triesLeft: Math.max(0, maxAttempts - row.attempts) };
}

/** Marks the code used; false when a parallel request used it first. */
export async function consumeCode(
  trx: Transaction<Database>,
  table: CodeTable,
  id: number,
): Promise<boolean> {
  const result = await trx
    .updateTable(table as 'email_change_requests')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
