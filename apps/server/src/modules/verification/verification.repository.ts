// Verification flags of a business, and the counts behind the verification stats.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

const COLUMNS = [
  'business_registry_number',
  'business_name',
  'business_email',
  'business_phone',
  'verified_email',
  'verified_phone',
  'version',
] as const;

export interface VerificationRecord {
  business_registry_number: string;
  business_name: string;
  business_email: string;
  business_phone: string;
  verified_email: boolean;
  verified_phone: boolean;
  version: string;
}

export type LockedVerification = VerificationRecord & {
  version_changed_by: string | null;
  version_changed_at: Date | null;
};

const business = (db: Kysely<Database>, registry: string) =>
  db.selectFrom('businesses').where('business_registry_number', '=', registry);

/** The row under a lock until the transaction ends, with who changed it last (If-Match). */
export function lockVerification(
  trx: Transaction<Database>,
  registry: string,
): Promise<LockedVerification | undefined> {
  return business(trx, registry)
    .select([...COLUMNS, 'version_changed_by', 'version_changed_at'])
    .forUpdate()
    .executeTakeFirst();
}

export function findVerification(
  db: Kysely<Database>,
  registry: string,
): Promise<VerificationRecord | undefined> {
  return business(db, registry).select(COLUMNS).executeTakeFirst();
}

export function updateVerification(
  trx: Transaction<Database>,
  registry: string,
  flags: { verified_email?: boolean; verified_phone?: boolean },
): Promise<VerificationRecord | undefined> {
  return trx
    .updateTable('businesses')
    .set(flags)
    .where('business_registry_number', '=', registry)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export interface VerificationCounts {
  total_businesses: number;
  fully_verified_count: number;
  partially_verified_count: number;
  unverified_count: number;
  email_verified_count: number;
  phone_verified_count: number;
}

export async function verificationCounts(db: Kysely<Database>): Promise<VerificationCounts> {
  const result = await sql<VerificationCounts>`
    select count(*)::int as total_businesses,
           count(*) filter (where verified_email and verified_phone)::int as fully_verified_count,
           count(*) filter (where verified_email <> verified_phone)::int as partially_verified_count,
           count(*) filter (where not verified_email and not verified_phone)::int as unverified_count,
           count(*) filter (where verified_email)::int as email_verified_count,
           count(*) filter (where verified_phone)::int as phone_verified_count
      from businesses`.execute(db);
  return result.rows[0]!;
}
