import { useQuery } from '@tanstack/react-query';
import {
  type ContentList,
  getBusinessByRegistry,
  listEmployeesByRegistry,
  listEventsByRegistry,
  listProductsByRegistry,
  listServicesByRegistry,
} from '../../../api/content-api.ts';

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

/** The business of a registry number and its four content lists (SPEC §7: limit 100 each), in parallel. */
export function useContentLookup(registry: string) {
  const enabled = registry !== '';
  const business = useQuery({
    queryKey: ['business-data', 'registry', registry],
    queryFn: () => getBusinessByRegistry(registry),
    enabled,
  });
  const products = useQuery({
    queryKey: ['business-products', 'registry', registry],
    queryFn: () => emptyOnFailure(listProductsByRegistry(registry), 'products'),
    enabled,
  });
  const services = useQuery({
    queryKey: ['business-services', 'registry', registry],
    queryFn: () => emptyOnFailure(listServicesByRegistry(registry), 'services'),
    enabled,
  });
  const employees = useQuery({
    queryKey: ['business-employees', 'registry', registry],
    queryFn: () => emptyOnFailure(listEmployeesByRegistry(registry), 'employees'),
    enabled,
  });
  const events = useQuery({
    queryKey: ['business-events', 'registry', registry],
    queryFn: () => emptyOnFailure(listEventsByRegistry(registry), 'events'),
    enabled,
  });

  const all = [business, products, services, employees, events];
  return {
    business,
    products: products.data,
    services: services.data,
    employees: employees.data,
    events: events.data,
    isPending: enabled && all.some((query) => query.isPending),
    isFetching: all.some((query) => query.isFetching),
    refetch: () => Promise.all(all.map((query) => query.refetch())),
  };
}
