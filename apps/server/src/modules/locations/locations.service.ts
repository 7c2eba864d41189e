// Location coordinates (SPEC §7): read a location, move its pin.
import { LOCATION_MESSAGES } from '@portal/contract/locations';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './locations.repository.ts';

export async function getLocation(db: Kysely<Database>, id: number) {
  const location = await repo.findLocation(db, id);
  if (!location) throw notFound(LOCATION_MESSAGES.notFound);
  return location;
}

export async function updateCoordinates(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  coordinates: { location_latitude: number; location_longitude: number },
) {
  const registry = await writeTransaction(db, actor, async (trx) => {
    const registry = await repo.setCoordinates(
      trx,
      id,
      coordinates.location_latitude,
      coordinates.location_longitude,
    );
    if (registry !== undefined)
      await recordStaffAction(
        trx,
        actor,
        'location_coordinates',
        { kind: 'business', registry },
        { location_id: id, ...coordinates },
      );
    return registry;
  });
  if (registry === undefined) throw notFound(LOCATION_MESSAGES.notFound);
  return getLocation(db, id);
}
