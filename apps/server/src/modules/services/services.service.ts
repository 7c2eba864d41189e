// Services: list, stats and lookups of one business's services (SPEC §7).
import { SERVICE_PRICE_TYPES } from '@portal/contract/enums';
import { SERVICE_MESSAGES, type ServiceListQuery, type ServiceStats } from '@portal/contract/services';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { requireBusiness } from '../content-common/business-lookup.ts';
import { countsBy, valueCountList } from '../content-common/stats.ts';
import * as repo from './services.repository.ts';

export async function listServices(db: Kysely<Database>, registry: string, query: ServiceListQuery) {
  const business = await requireBusiness(db, registry);
  const { items, total_count } = await repo.listServices(db, business.id, query);
  return { services: items, total_count };
}

export async function serviceStats(db: Kysely<Database>, registry: string): Promise<ServiceStats> {
  return serviceStatsOf(db, (await requireBusiness(db, registry)).id);
}

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

const businessIdOf = async (db: Kysely<Database>, registry: string | null) =>
  registry === null ? null : (await requireBusiness(db, registry)).id;

export async function serviceCategories(db: Kysely<Database>, registry: string | null) {
  return valueCountList(await repo.serviceCounts(db, 'service_category', await businessIdOf(db, registry)));
}

export async function servicePriceTypes(db: Kysely<Database>, registry: string | null) {
  const rows = await repo.serviceCounts(db, 'service_price_type', await businessIdOf(db, registry));
  return valueCountList(rows, SERVICE_PRICE_TYPES);
}

export async function getService(db: Kysely<Database>, id: number) {
  const service = await repo.findService(db, id);
  if (!service) throw notFound(SERVICE_MESSAGES.notFound);
  return service;
}
