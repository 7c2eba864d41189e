// Businesses with any column set, for the directory, history and verification tests.
import type { Insertable } from 'kysely';
import type { BusinessesTable } from '../src/db/types.ts';
import type { TestApp } from './helpers.ts';

let counter = 0;

export async function insertBusiness(t: TestApp, values: Partial<Insertable<BusinessesTable>> = {}) {
  counter += 1;
  const n = String(counter).padStart(4, '0');
  return t.db
    .insertInto('businesses')
    .values({
      business_name: `Comercio ${n}`,
      business_owner: 'Marta Colón',
      business_email: `comercio${n}@correo.test`,
      business_phone: `939000${n}`,
      business_category: 'Servicios',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
