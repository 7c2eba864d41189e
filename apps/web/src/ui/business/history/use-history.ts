import { LIMITS } from '@portal/contract/limits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ChangeLogFilters, listChangeLogs } from '../../../api/change-logs-api.ts';

/** The key family of SPEC §7 "Change logs"; mutations on a business invalidate its entries. */
export const changeLogKeys = {
  all: ['change-logs'] as const,
  business: (registry: string) => ['change-logs', registry] as const,
  list: (registry: string, filters: ChangeLogFilters) => ['change-logs', registry, filters] as const,
};

/** A business's history, 20 rows a page (SPEC §9), newest first; `fetchNextPage` loads more. */
export function useHistory(registry: string, filters: ChangeLogFilters) {
  return useInfiniteQuery({
    queryKey: changeLogKeys.list(registry, filters),
    queryFn: ({ pageParam, signal }) =>
      listChangeLogs(registry, filters, { limit: LIMITS.historyPageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.has_more ? pages.reduce((count, page) => count + page.change_logs.length, 0) : undefined,
    // The history is read when the modal opens; an old copy would hide the latest change.
    staleTime: 0,
  });
}
