// SQL of the business page: the business with its registration data and its content counts, in
// one statement. Its locations and subscription are read with the registration and subscriptions
// families' own queries. Every query is keyed by the registry number or business_id (indexed).
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

export interface ContentCounts {
  products: number;
  services: number;
  employees: number;
  events: number;
}

const CONTENT_TABLES = ['products', 'services', 'employees', 'events'] as const;

/** Rows of a content family for the selected business: an index-only count on its (business_id, …) index. */
const countOf = (table: (typeof CONTENT_TABLES)[number]) =>
  sql<number>`(select count(*) from ${sql.table(table)} where business_id = businesses.id)::int`.as(
    `${table}_count`,
  );

/** The business and its content counts in one statement, by the registry number's unique index. */
export async function findPageBusiness(
  db: Kysely<Database>,
  registry: string,
): Promise<{ record: PageBusinessRecord; counts: ContentCounts } | undefined> {
  const row = await db
    .selectFrom('businesses')
    .select(PAGE_BUSINESS_COLUMNS)
    .select(CONTENT_TABLES.map(countOf))
    .where('business_registry_number', '=', registry)
    .executeTakeFirst();
  if (!row) return undefined;
  const { products_count, services_count, employees_count, events_count, ...record } = row;
  return {
    record,
    counts: {
      products: products_count,
      services: services_count,
      employees: employees_count,
      events: events_count,
    },
  };
}
