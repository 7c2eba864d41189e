// SQL of the location-coordinate family.
import { BusinessLocation } from '@portal/contract/responses';
import type { Kysely, Transaction } from 'kysely';
import { qualified, recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';

const COLUMNS = [
  ...qualified('business_locations', recordColumns('business_locations', BusinessLocation)),
  'businesses.business_registry_number',
] as const;

export function findLocation(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('business_locations')
    .innerJoin('businesses', 'businesses.id', 'business_locations.business_id')
    .select(COLUMNS)
    .where('business_locations.location_id', '=', id)
    .executeTakeFirst();
}

/** The registry number of the location's business, or undefined when the location does not exist. */
export async function setCoordinates(
  trx: Transaction<Database>,
  id: number,
  latitude: number,
  longitude: number,
) {
  const row = await trx
    .updateTable('business_locations')
    .from('businesses')
    .set({ location_latitude: latitude, location_longitude: longitude, updated_at: new Date() })
    .whereRef('businesses.id', '=', 'business_locations.business_id')
    .where('business_locations.location_id', '=', id)
    .returning('businesses.business_registry_number')
    .executeTakeFirst();
  return row?.business_registry_number;
}
