// SQL of the staff registration-management family.

import type { LocationCreateBody } from '@portal/contract/locations';
import type { RegistrationListQuery } from '@portal/contract/registration';
import { BusinessLocation, Registration } from '@portal/contract/responses';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';
import { pagedList } from '../content-common/list-query.ts';

const REGISTRATION_COLUMNS = recordColumns('businesses', Registration, ['email_verified', 'phone_verified']);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function listRegistrations(db: Kysely<Database>, q: RegistrationListQuery) {
  const where = (eb: ExpressionBuilder<Database, 'businesses'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (q.business_category) conditions.push(eb('business_category', '=', q.business_category));
    if (q.business_year !== undefined) conditions.push(eb('business_year', '=', q.business_year));
    if (q.verified_email !== undefined) conditions.push(eb('verified_email', '=', q.verified_email));
    if (q.verified_phone !== undefined) conditions.push(eb('verified_phone', '=', q.verified_phone));
    if (q.registration_from) {
      conditions.push(sql<SqlBool>`registration_date >= ${q.registration_from}::timestamptz`);
    }
    if (q.registration_to) {
      // A bare date includes that whole day.
      conditions.push(
        DATE_ONLY.test(q.registration_to)
          ? sql<SqlBool>`registration_date < ${q.registration_to}::date + 1`
          : sql<SqlBool>`registration_date <= ${q.registration_to}::timestamptz`,
      );
    }
    if (q.search) {
      const escaped = q.search.replace(/[\\%_]/g, (c) => `\\${c}`);
      conditions.push(sql<SqlBool>`search_text like '%' || f_search_text(${escaped}) || '%'`);
    }
    return eb.and(conditions);
  };
  const query = db
    .selectFrom('businesses')
    .select(REGISTRATION_COLUMNS)
    .where(where)
    .orderBy('registration_date', 'desc')
    .orderBy('id', 'desc');
  return pagedList(query, q.limit, q.offset);
}

export function findRegistration(db: Kysely<Database>, registry: string) {
  return db
    .selectFrom('businesses')
    .select(REGISTRATION_COLUMNS)
    .where('business_registry_number', '=', registry)
    .executeTakeFirst();
}

const LOCATION_COLUMNS = recordColumns('business_locations', BusinessLocation);

export function listLocations(db: Kysely<Database>, businessId: number) {
  return db
    .selectFrom('business_locations')
    .select(LOCATION_COLUMNS)
    .where('business_id', '=', businessId)
    .orderBy('location_main', 'desc')
    .orderBy('location_id')
    .execute();
}

export function insertLocation(
  trx: Transaction<Database>,
  businessId: number,
  location: Required<Pick<LocationCreateBody, 'location_latitude' | 'location_longitude'>> &
    Omit<LocationCreateBody, 'location_latitude' | 'location_longitude'>,
) {
  return trx
    .insertInto('business_locations')
    .values({ ...location, business_id: businessId })
    .returning(LOCATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function listSchedule(db: Kysely<Database>, businessId: number) {
  return db
    .selectFrom('business_schedules')
    .select(['weekday', 'opens_at', 'closes_at', 'is_closed'])
    .where('business_id', '=', businessId)
    .orderBy('weekday')
    .execute();
}
