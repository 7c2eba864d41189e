import { useQuery } from '@tanstack/react-query';
import {
  type ContentList,
  listEmployeesByRegistry,
  listEventsByRegistry,
  listProductsByRegistry,
  listServicesByRegistry,
} from '../../../api/content-api.ts';
import { lookupState, useBusinessQuery } from '../../../lib/registry-lookup.ts';

/** SPEC §8: a content list that fails to load shows as empty; only the business lookup can fail the screen. */
async function emptyOnFailure<K extends string, T>(
  load: Promise<ContentList<K, T>>,
  key: K,
): Promise<ContentList<K, T>> {
  try {
    return await load;
  } catch {
    return { [key]: [], total_count: 0 } as unknown as ContentList<K, T>;
  }
}

/** One content list of the business, keyed `business-<family>` like the family's other queries. */
function useContentList<K extends string, T>(
  key: K,
  load: (registry: string) => Promise<ContentList<K, T>>,
  registry: string,
) {
  return useQuery({
    queryKey: [`business-${key}`, 'registry', registry],
    queryFn: () => emptyOnFailure(load(registry), key),
    enabled: registry !== '',
  });
}

/** The business of a registry number and its four content lists (SPEC §7: limit 100 each), in parallel. */
export function useContentLookup(registry: string) {
  const business = useBusinessQuery(registry);
  const products = useContentList('products', listProductsByRegistry, registry);
  const services = useContentList('services', listServicesByRegistry, registry);
  const employees = useContentList('employees', listEmployeesByRegistry, registry);
  const events = useContentList('events', listEventsByRegistry, registry);
  return {
    business,
    products: products.data,
    services: services.data,
    employees: employees.data,
    events: events.data,
    ...lookupState(registry, [business, products, services, employees, events]),
  };
}
