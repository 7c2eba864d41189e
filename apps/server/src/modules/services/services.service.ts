// Services: list, stats and lookups of one business's services (SPEC §7).
import { SERVICE_PRICE_TYPES } from '@portal/contract/enums';
import { SERVICE_MESSAGES, type ServiceListQuery, type ServiceStats } from '@portal/contract/services';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { businessIdOrAll, businessList, found } from '../content-common/business-lookup.ts';
import { countsBy, valueCountList } from '../content-common/stats.ts';
import * as repo from './services.repository.ts';

export const listServices = (db: Kysely<Database>, registry: string, query: ServiceListQuery) =>
  businessList(db, registry, 'services', (id) => repo.listServices(db, id, query));

/** The stats of a business already looked up (also the business page's content stats). */
export async function serviceStatsOf(db: Kysely<Database>, businessId: number): Promise<ServiceStats> {
  const totals = await repo.serviceTotals(db, businessId);
  const byCategory = await repo.serviceCounts(db, 'service_category', businessId);
  const byPriceType = await repo.serviceCounts(db, 'service_price_type', businessId);
  return {
    ...totals,
    services_by_category: countsBy(byCategory),
    services_by_price_type: countsBy(byPriceType, SERVICE_PRICE_TYPES),
  };
}

export async function serviceCategories(db: Kysely<Database>, registry: string | null) {
  return valueCountList(
    await repo.serviceCounts(db, 'service_category', await businessIdOrAll(db, registry)),
  );
}

export async function servicePriceTypes(db: Kysely<Database>, registry: string | null) {
  const rows = await repo.serviceCounts(db, 'service_price_type', await businessIdOrAll(db, registry));
  return valueCountList(rows, SERVICE_PRICE_TYPES);
}

export async function getService(db: Kysely<Database>, id: number) {
  return found(await repo.findService(db, id), SERVICE_MESSAGES.notFound);
}
