// The fields a bulk update sets on one business (category, description, year), in its own
// transaction: the change-log trigger writes one row per field whose value changed (none for an
// unchanged one), and a staff-audit row names who did it. The single-business edit (PATCH
// …/registry/{registry}) covers these fields and more; this is its subset for many businesses.
import type { BusinessBulkFields } from '@portal/contract/business-bulk';
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './business-bulk-fields.repository.ts';

/** Sets the given fields (null clears one) on one business; 404 when there is none. */
export async function updateBusinessBulkFields(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  fields: BusinessBulkFields,
): Promise<void> {
  const values: repo.BulkFieldsValues = {};
  if (fields.business_category !== undefined) values.business_category = fields.business_category;
  if (fields.business_description !== undefined)
    values.business_description = fields.business_description === '' ? null : fields.business_description;
  if (fields.business_year !== undefined) values.business_year = fields.business_year;
  const updated = await writeTransaction(db, actor, async (trx) => {
    const row = await repo.updateBulkFields(trx, registry, values);
    if (row) await recordStaffAction(trx, actor, 'business_update', { kind: 'business', registry }, values);
    return row;
  });
  if (!updated) throw notFound(MSG.businessNotFound);
}
