// Tries at a stored code (email change, email verification). A try is counted before the code is
// compared, in one UPDATE that succeeds only while tries remain: however many requests arrive at
// once, a code is compared at most `maxAttempts` times.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export type CodeTable = 'email_change_requests' | 'email_verification_codes';

/** Counts one try and returns the code's hash to compare; undefined when used, expired or out of tries. */
export async function claimCodeTry(
  db: Kysely<Database>,
  table: CodeTable,
  id: number,
  maxAttempts: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable(table as 'email_change_requests') // both tables have these columns
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('code_hash')
    .executeTakeFirst();
  return row?.code_hash;
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
