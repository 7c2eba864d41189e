// Registration management for staff (SPEC §7): registrations, locations, and the business's
// subscription, employees and schedule. Unknown registry numbers answer 404 'Resource not found'.
import { PUERTO_RICO_DEFAULT_LOCATION } from '@portal/contract/limits';
import type { LocationCreateBody } from '@portal/contract/locations';
import { MSG } from '@portal/contract/messages';
import type { RegistrationListQuery } from '@portal/contract/registration';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { requireBusiness } from '../content-common/business-lookup.ts';
import * as employeesRepo from '../employees/employees.repository.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import { currentSubscription } from '../subscriptions/subscriptions.service.ts';
import * as repo from './registration.repository.ts';

type RegistrationRow = NonNullable<Awaited<ReturnType<typeof repo.findRegistration>>>;

/** SPEC §3 names the flags both ways. */
const present = (row: RegistrationRow) => ({
  ...row,
  email_verified: row.verified_email,
  phone_verified: row.verified_phone,
});

const business = (db: Kysely<Database>, registry: string) =>
  requireBusiness(db, registry, MSG.resourceNotFound);

export async function listRegistrations(db: Kysely<Database>, query: RegistrationListQuery) {
  const { items, total_count } = await repo.listRegistrations(db, query);
  return { registrations: items.map(present), total_count };
}

export async function getRegistration(db: Kysely<Database>, registry: string) {
  const row = await repo.findRegistration(db, registry);
  if (!row) throw notFound(MSG.resourceNotFound);
  return present(row);
}

export async function listLocations(db: Kysely<Database>, registry: string) {
  const locations = await repo.listLocations(db, (await business(db, registry)).id);
  return { locations, total_count: locations.length };
}

/** SPEC §9: without coordinates the location sits at Puerto Rico's centre. */
export async function addLocation(
  db: Kysely<Database>,
  actor: Actor,
  registry: string,
  body: LocationCreateBody,
) {
  const { id } = await business(db, registry);
  const defaults = PUERTO_RICO_DEFAULT_LOCATION;
  const location = {
    ...body,
    location_latitude: body.location_latitude ?? defaults.location_latitude,
    location_longitude: body.location_longitude ?? defaults.location_longitude,
    location_country: body.location_country || defaults.location_country,
    location_count: body.location_count ?? defaults.location_count,
    location_main: body.location_main ?? defaults.location_main,
    location_visibility: body.location_visibility ?? defaults.location_visibility,
  };
  return writeTransaction(db, actor, async (trx) => {
    const inserted = await repo.insertLocation(trx, id, location);
    await recordStaffAction(
      trx,
      actor,
      'location_add',
      { kind: 'business', registry },
      {
        location_address_1: location.location_address_1,
        location_city: location.location_city,
      },
    );
    return inserted;
  });
}

export async function registrationSubscription(db: Kysely<Database>, registry: string) {
  await business(db, registry);
  return currentSubscription(db, registry);
}

export async function registrationEmployees(
  db: Kysely<Database>,
  registry: string,
  limit: number,
  offset: number,
) {
  const { id } = await business(db, registry);
  const { items, total_count } = await employeesRepo.listEmployees(db, id, { limit, offset });
  return { employees: items, total_count };
}

export async function registrationSchedule(db: Kysely<Database>, registry: string) {
  return repo.listSchedule(db, (await business(db, registry)).id);
}
