// Email change requests (hashed codes) and the business email they change.
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface BusinessEmail {
  id: number;
  business_registry_number: string;
  business_email: string;
}

export function findBusinessEmail(
  db: Kysely<Database>,
  registry: string,
): Promise<BusinessEmail | undefined> {
  return db
    .selectFrom('businesses')
    .select(['id', 'business_registry_number', 'business_email'])
    .where('business_registry_number', '=', registry)
    .executeTakeFirst();
}

/** Another business (or this one) already using the address, case-insensitively. */
export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('businesses')
    .select('id')
    .where(sql<SqlBool>`lower(business_email) = lower(${email})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new request replaces any earlier pending one of the business. */
export async function replacePendingRequest(
  trx: Transaction<Database>,
  values: { businessId: number; newEmail: string; codeHash: string; requestedBy: string; expiresAt: Date },
): Promise<void> {
  await trx
    .updateTable('email_change_requests')
    .set({ consumed_at: new Date() })
    .where('business_id', '=', values.businessId)
    .where('consumed_at', 'is', null)
    .execute();
  await trx
    .insertInto('email_change_requests')
    .values({
      business_id: values.businessId,
      new_email: values.newEmail,
      code_hash: values.codeHash,
      requested_by: values.requestedBy,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** The business's latest unused request for this address (its code may be expired or out of tries). */
export function findPendingRequest(
  db: Kysely<Database>,
  businessId: number,
  newEmail: string,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('email_change_requests')
    .select('id')
    .where('business_id', '=', businessId)
    .where('consumed_at', 'is', null)
    .where(sql<SqlBool>`lower(new_email) = lower(${newEmail})`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Sets the email and returns the one it replaced, read under the row lock (a parallel change may
 * have gone first), and the business's version after the change.
 */
export async function setBusinessEmail(
  trx: Transaction<Database>,
  businessId: number,
  email: string,
): Promise<{ oldEmail: string; version: string }> {
  const { business_email: oldEmail } = await trx
    .selectFrom('businesses')
    .select('business_email')
    .where('id', '=', businessId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const { version } = await trx
    .updateTable('businesses')
    .set({ business_email: email, verified_email: true })
    .where('id', '=', businessId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return { oldEmail, version };
}
