// SQL of the location-coordinate family.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

const COLUMNS = [
  'business_locations.location_id',
  'businesses.business_registry_number',
  'business_locations.location_latitude',
  'business_locations.location_longitude',
  'business_locations.location_address_1',
  'business_locations.location_address_2',
  'business_locations.location_city',
  'business_locations.location_country',
  'business_locations.location_zip',
  'business_locations.location_scenery_type',
  'business_locations.location_count',
  'business_locations.location_main',
  'business_locations.location_visibility',
  'business_locations.created_at',
  'business_locations.updated_at',
] as const;

export function findLocation(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('business_locations')
    .innerJoin('businesses', 'businesses.id', 'business_locations.business_id')
    .select(COLUMNS)
    .where('business_locations.location_id', '=', id)
    .executeTakeFirst();
}

/** Number of rows changed (0 when the location does not exist). */
export async function setCoordinates(
  trx: Transaction<Database>,
  id: number,
  latitude: number,
  longitude: number,
) {
  const result = await trx
    .updateTable('business_locations')
    .set({ location_latitude: latitude, location_longitude: longitude, updated_at: new Date() })
    .where('location_id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
