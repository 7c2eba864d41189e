// SQL of the business page: the business with its registration data, and its content counts.
// Its locations and subscription are read with the registration and subscriptions families' own
// queries. Every query here is keyed by the registry number or business_id (unique or indexed).
import { BusinessPageBusiness } from '@portal/contract/responses';
import { type Kysely, type Selectable, sql } from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';

/** The page's business: its record less the names toDirectoryRow derives. */
const PAGE_BUSINESS_COLUMNS = recordColumns('businesses', BusinessPageBusiness, [
  'business_owner_name',
  'business_creation_date',
  'verification_status',
]);

export type PageBusinessRecord = Pick<
  Selectable<Database['businesses']>,
  (typeof PAGE_BUSINESS_COLUMNS)[number]
>;

export function findPageBusiness(
  db: Kysely<Database>,
  registry: string,
): Promise<PageBusinessRecord | undefined> {
  return db
    .selectFrom('businesses')
    .select(PAGE_BUSINESS_COLUMNS)
    .where('business_registry_number', '=', registry)
    .executeTakeFirst();
}

export interface ContentCounts {
  products: number;
  services: number;
  employees: number;
  events: number;
}

/** Rows of each content family: four index-only counts on their (business_id, …) indexes. */
export async function contentCounts(db: Kysely<Database>, businessId: number): Promise<ContentCounts> {
  const { rows } = await sql<ContentCounts>`
    select (select count(*) from products where business_id = ${businessId})::int as products,
           (select count(*) from services where business_id = ${businessId})::int as services,
           (select count(*) from employees where business_id = ${businessId})::int as employees,
           (select count(*) from events where business_id = ${businessId})::int as events`.execute(db);
  return rows[0]!;
}
