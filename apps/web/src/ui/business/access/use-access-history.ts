import { LIMITS } from '@portal/contract/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAccessHistory } from '../../../api/access-api.ts';
import { accessKeys } from './access-keys.ts';

export const HISTORY_PAGE_SIZE = LIMITS.historyPageSize;

/** One page (1-based) of the business's access change history, newest first. */
export function useAccessHistory(registry: string, page: number) {
  return useQuery({
    queryKey: accessKeys.history(registry, page),
    queryFn: ({ signal }) =>
      fetchAccessHistory(
        registry,
        { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
