// Kysely's table types are generated from the migrated schema into generated/tables.ts
// (`npm run db:types`, see schema-types.ts); this module names the ones the code uses.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Admins, Businesses, DB } from './generated/tables.ts';

export type Database = DB;
export type BusinessesTable = Businesses;

export type Business = Selectable<Businesses>;
export type NewBusiness = Insertable<Businesses>;
export type BusinessUpdate = Updateable<Businesses>;
export type Admin = Selectable<Admins>;
