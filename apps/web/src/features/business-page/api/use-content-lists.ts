import { useQuery } from '@tanstack/react-query';
import {
  listEmployeesByRegistry,
  listEventsByRegistry,
  listProductsByRegistry,
  listServicesByRegistry,
} from '../../../api/content-api.ts';
import { businessPageKeys } from './business-page-keys.ts';

/** Products, services, employees and events of the business (SPEC §7: up to 100 each), in parallel. */
export function useContentLists(registry: string) {
  return useQuery({
    queryKey: businessPageKeys.content(registry),
    queryFn: async () => {
      const [products, services, employees, events] = await Promise.all([
        listProductsByRegistry(registry),
        listServicesByRegistry(registry),
        listEmployeesByRegistry(registry),
        listEventsByRegistry(registry),
      ]);
      return { products, services, employees, events };
    },
  });
}
