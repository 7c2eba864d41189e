// SQL of a bulk update's fields (issue #31): category, description and year of one business.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface BulkFieldsValues {
  business_category?: string | null;
  business_description?: string | null;
  business_year?: number | null;
}

/** The business's row after the update, or undefined when there is no such business. */
export function updateBulkFields(
  trx: Transaction<Database>,
  registry: string,
  values: BulkFieldsValues,
): Promise<{ id: number; business_name: string } | undefined> {
  return trx
    .updateTable('businesses')
    .set(values)
    .where('business_registry_number', '=', registry)
    .returning(['id', 'business_name'])
    .executeTakeFirst();
}
