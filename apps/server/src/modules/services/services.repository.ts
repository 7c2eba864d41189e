// SQL of the services family.
import { SERVICE_PRICE_BOUNDS } from '@portal/contract/content-filters';
import { Service } from '@portal/contract/responses';
import type { ServiceListQuery, ServiceStats } from '@portal/contract/services';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';
import { matchesSearch, pagedList } from '../content-common/list-query.ts';
import { priceBucketsSql, valueCounts } from '../content-common/stats.ts';

const COLUMNS = recordColumns('services', Service);

/** A service's starting price: its minimum, else its maximum. */
const startingPrice = sql`coalesce(service_min_price, service_max_price)`;
const topPrice = sql`coalesce(service_max_price, service_min_price)`;

export function listServices(db: Kysely<Database>, businessId: number, q: ServiceListQuery) {
  const where = (eb: ExpressionBuilder<Database, 'services'>) => {
    const conditions: Expression<SqlBool>[] = [eb('business_id', '=', businessId)];
    if (q.service_category) conditions.push(eb('service_category', '=', q.service_category));
    if (q.service_price_type) conditions.push(eb('service_price_type', '=', q.service_price_type));
    if (q.service_visibility !== undefined)
      conditions.push(eb('service_visibility', '=', q.service_visibility));
    if (q.min_price !== undefined) conditions.push(sql<SqlBool>`${startingPrice} >= ${q.min_price}`);
    if (q.max_price !== undefined) conditions.push(sql<SqlBool>`${topPrice} <= ${q.max_price}`);
    if (q.min_capacity !== undefined) conditions.push(eb('service_capacity', '>=', q.min_capacity));
    if (q.max_capacity !== undefined) conditions.push(eb('service_capacity', '<=', q.max_capacity));
    if (q.search) {
      conditions.push(matchesSearch(['service_name', 'service_description', 'service_category'], q.search));
    }
    return eb.and(conditions);
  };
  const query = db
    .selectFrom('services')
    .select(COLUMNS)
    .where(where)
    .orderBy('service_name')
    .orderBy('service_id');
  return pagedList(query, q.limit, q.offset);
}

export function findService(db: Kysely<Database>, id: number) {
  return db.selectFrom('services').select(COLUMNS).where('service_id', '=', id).executeTakeFirst();
}

export async function serviceTotals(db: Kysely<Database>, businessId: number) {
  const { rows } = await sql<Omit<ServiceStats, 'services_by_category' | 'services_by_price_type'>>`
    select count(*) as total_services,
           count(*) filter (where service_visibility) as visible_services,
           count(*) filter (where not service_visibility) as hidden_services,
           round(avg(service_min_price), 2) as average_min_price,
           round(avg(service_max_price), 2) as average_max_price,
           coalesce(round(avg(service_cost), 2), 0) as average_cost,
           coalesce(sum(service_capacity), 0) as total_capacity,
           ${priceBucketsSql(startingPrice, SERVICE_PRICE_BOUNDS)} as price_ranges
      from services
     where business_id = ${businessId}`.execute(db);
  return rows[0];
}

/** Services per category or price type, for one business or (businessId null) all of them. */
export const serviceCounts = (
  db: Kysely<Database>,
  column: 'service_category' | 'service_price_type',
  businessId: number | null,
) => valueCounts(db, 'services', column, businessId, 'Sin categoría');
