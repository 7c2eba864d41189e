import { TRASH_PAGE_SIZE } from '@portal/contract/business-trash';
import { useQuery } from '@tanstack/react-query';
import { listTrash } from '../api/business-trash-api.ts';

/**
 * The trash row of a registry number the master did not find, or null. Under the trash's own key
 * ('business-trash'), so a restore or a purge reads it again.
 */
export function useTrashedBusiness(registry: string) {
  return useQuery({
    queryKey: ['business-trash', 'registry', registry],
    queryFn: async ({ signal }) => {
      // The search matches parts of words too: keep only this very registry number.
      const page = await listTrash({ search: registry, limit: TRASH_PAGE_SIZE, offset: 0 }, signal);
      return page.businesses.find((row) => row.business_registry_number === registry) ?? null;
    },
  });
}
