// The staff edit of a business: its row under a lock, who else has a phone, the UPDATE.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { DIRECTORY_COLUMNS, type DirectoryRecord } from './business-data.repository.ts';

export type LockedBusiness = DirectoryRecord & {
  version_changed_by: string | null;
  version_changed_at: Date | null;
};

/** The business under a row lock until the transaction ends, with who changed it last. */
export function lockBusiness(
  trx: Transaction<Database>,
  registry: string,
): Promise<LockedBusiness | undefined> {
  return trx
    .selectFrom('businesses')
    .select([...DIRECTORY_COLUMNS, 'version_changed_by', 'version_changed_at'])
    .where('business_registry_number', '=', registry)
    .forUpdate()
    .executeTakeFirst();
}

/** True when a business other than `id` has this phone. */
export async function phoneTakenByOther(
  trx: Transaction<Database>,
  id: number,
  phone: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('businesses')
    .select('id')
    .where('business_phone', '=', phone)
    .where('id', '<>', id)
    .executeTakeFirst();
  return row !== undefined;
}

export interface BusinessChanges {
  business_name?: string;
  business_owner?: string;
  business_phone?: string;
  business_category?: string | null;
  business_description?: string | null;
  business_address?: string | null;
  business_year?: number | null;
  verified_phone?: false;
}

/** Writes the changed columns only; the change-log trigger writes one row per column that moved. */
export function updateBusinessRow(
  trx: Transaction<Database>,
  id: number,
  changes: BusinessChanges,
): Promise<DirectoryRecord> {
  return trx
    .updateTable('businesses')
    .set(changes)
    .where('id', '=', id)
    .returning(DIRECTORY_COLUMNS)
    .executeTakeFirstOrThrow();
}
