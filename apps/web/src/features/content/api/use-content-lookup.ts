import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  type ContentList,
  listEmployeesByRegistry,
  listEventsByRegistry,
  listProductsByRegistry,
  listServicesByRegistry,
} from '../../../api/content-api.ts';
import { lookupState, useBusinessQuery } from '../../../lib/registry-lookup.ts';

/** One content list of the business, keyed `business-<family>` like the family's other queries. */
function useContentList<K extends string, T>(
  key: K,
  load: (registry: string) => Promise<ContentList<K, T>>,
  registry: string,
) {
  return useQuery({
    queryKey: [`business-${key}`, 'registry', registry],
    queryFn: () => load(registry),
    enabled: registry !== '',
  });
}

/** SPEC §8: a content list that fails to load shows as empty; only the business lookup can fail the screen. */
function listOrEmpty<K extends string, T>(query: UseQueryResult<ContentList<K, T>>, key: K) {
  if (query.data) return query.data;
  return query.isError ? ({ [key]: [], total_count: 0 } as unknown as ContentList<K, T>) : undefined;
}

/** The business of a registry number and its four content lists (SPEC §7: limit 100 each), in parallel. */
export function useContentLookup(registry: string) {
  const business = useBusinessQuery(registry);
  const products = useContentList('products', listProductsByRegistry, registry);
  const services = useContentList('services', listServicesByRegistry, registry);
  const employees = useContentList('employees', listEmployeesByRegistry, registry);
  const events = useContentList('events', listEventsByRegistry, registry);
  const sections = [
    ['Productos', products],
    ['Servicios', services],
    ['Empleados', employees],
    ['Eventos', events],
  ] as const;
  // The sections shown empty because their list did not load: the screen says so, with 'Reintentar'.
  const failed = sections.filter(([, query]) => query.isError);
  return {
    business,
    products: listOrEmpty(products, 'products'),
    services: listOrEmpty(services, 'services'),
    employees: listOrEmpty(employees, 'employees'),
    events: listOrEmpty(events, 'events'),
    failedSections: failed.map(([title]) => title),
    retryFailedSections: () => Promise.all(failed.map(([, query]) => query.refetch())),
    retryingSections: failed.some(([, query]) => query.isFetching),
    ...lookupState(registry, [business, products, services, employees, events]),
  };
}
