// Stored (hashed) email verification codes.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export async function storeCode(
  trx: Transaction<Database>,
  values: { email: string; codeHash: string; requestedBy: string; expiresAt: Date },
): Promise<void> {
  await trx
    .insertInto('email_verification_codes')
    .values({
      email: values.email,
      code_hash: values.codeHash,
      requested_by: values.requestedBy,
      expires_at: values.expiresAt,
    })
    .execute();
}
