// Products: list, stats and lookups of one business's catalogue (SPEC §7).
import { PRODUCT_STATUSES } from '@portal/contract/enums';
import { PRODUCT_MESSAGES, type ProductListQuery, type ProductStats } from '@portal/contract/products';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { businessIdOrAll, businessList, found } from '../content-common/business-lookup.ts';
import { countsBy, valueCountList } from '../content-common/stats.ts';
import * as repo from './products.repository.ts';

export const listProducts = (db: Kysely<Database>, registry: string, query: ProductListQuery) =>
  businessList(db, registry, 'products', (id) => repo.listProducts(db, id, query));

/** The stats of a business already looked up (also the business page's content stats). */
export async function productStatsOf(db: Kysely<Database>, businessId: number): Promise<ProductStats> {
  const totals = await repo.productTotals(db, businessId);
  const byStatus = await repo.productStatusCounts(db, businessId);
  return { ...totals, products_by_status: countsBy(byStatus, PRODUCT_STATUSES) };
}

export async function productStatuses(db: Kysely<Database>, registry: string | null) {
  return valueCountList(
    await repo.productStatusCounts(db, await businessIdOrAll(db, registry)),
    PRODUCT_STATUSES,
  );
}

export async function getProduct(db: Kysely<Database>, by: { id: number } | { productId: string }) {
  return found(await repo.findProduct(db, by), PRODUCT_MESSAGES.notFound);
}
