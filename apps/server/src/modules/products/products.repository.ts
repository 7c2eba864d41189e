// SQL of the products family.
import { PRODUCT_PRICE_BOUNDS } from '@portal/contract/content-filters';
import type { ProductListQuery, ProductStats } from '@portal/contract/products';
import { Product } from '@portal/contract/responses';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';
import { matchesSearch, pagedList } from '../content-common/list-query.ts';
import { priceBucketsSql, valueCounts } from '../content-common/stats.ts';

const COLUMNS = recordColumns('products', Product);

export function listProducts(db: Kysely<Database>, businessId: number, q: ProductListQuery) {
  const where = (eb: ExpressionBuilder<Database, 'products'>) => {
    const conditions: Expression<SqlBool>[] = [eb('business_id', '=', businessId)];
    if (q.product_status) conditions.push(eb('product_status', '=', q.product_status));
    if (q.product_visible !== undefined) conditions.push(eb('product_visible', '=', q.product_visible));
    if (q.min_price !== undefined) conditions.push(eb('product_price', '>=', q.min_price));
    if (q.max_price !== undefined) conditions.push(eb('product_price', '<=', q.max_price));
    if (q.search) {
      conditions.push(matchesSearch(['product_item', 'product_description', 'product_id'], q.search));
    }
    return eb.and(conditions);
  };
  const query = db.selectFrom('products').select(COLUMNS).where(where).orderBy('product_item').orderBy('id');
  return pagedList(query, q.limit, q.offset);
}

export function findProduct(db: Kysely<Database>, by: { id: number } | { productId: string }) {
  const query = db.selectFrom('products').select(COLUMNS);
  return (
    'id' in by ? query.where('id', '=', by.id) : query.where('product_id', '=', by.productId)
  ).executeTakeFirst();
}

export async function productTotals(db: Kysely<Database>, businessId: number) {
  const { rows } = await sql<Omit<ProductStats, 'products_by_status'>>`
    select count(*) as total_products,
           count(*) filter (where product_visible) as visible_products,
           count(*) filter (where not product_visible) as hidden_products,
           count(*) filter (where product_status = 'in stock') as in_stock_products,
           count(*) filter (where product_status = 'out of stock') as out_of_stock_products,
           coalesce(round(avg(product_price), 2), 0) as average_price,
           ${priceBucketsSql(sql`product_price`, PRODUCT_PRICE_BOUNDS)} as price_ranges
      from products
     where business_id = ${businessId}`.execute(db);
  return rows[0];
}

/** Products per status, for one business or (businessId null) all of them. */
export const productStatusCounts = (db: Kysely<Database>, businessId: number | null) =>
  valueCounts(db, 'products', 'product_status', businessId);
