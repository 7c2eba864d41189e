import { LIMITS } from '@portal/contract/limits';
import { type Query, useQuery } from '@tanstack/react-query';
import {
  type BusinessFilterQuery,
  type BusinessListAnswer,
  listBusinesses,
} from '../../../api/business-data-api.ts';
import { businessDataKeys } from './business-data-keys.ts';

export const DIRECTORY_PAGE_SIZE = LIMITS.directoryPageSize;

/** A page of the directory, with the page number it belongs to. */
export interface DirectoryPage extends BusinessListAnswer {
  page: number;
}

type ListKey = ReturnType<typeof businessDataKeys.list>;

/**
 * A page of the list. Moving between pages of the same search keeps the previous page on screen
 * until the next arrives (its total is still right); a new search or filter starts from 'Buscando...'.
 */
export function useBusinessList(
  filters: BusinessFilterQuery,
  page: number,
  pageSize: number = DIRECTORY_PAGE_SIZE,
) {
  // The page size is part of the list's identity: the same page number holds other rows.
  const keyed = { ...filters, limit: pageSize };
  const queryKey = businessDataKeys.list(keyed, page);
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<DirectoryPage> => {
      const answer = await listBusinesses(
        filters,
        { limit: pageSize, offset: (page - 1) * pageSize },
        signal,
      );
      return { ...answer, page };
    },
    staleTime: 15_000,
    placeholderData: (previous, previousQuery?: Query<DirectoryPage, Error, DirectoryPage, ListKey>) =>
      previousQuery && JSON.stringify(previousQuery.queryKey[2]) === JSON.stringify(keyed)
        ? previous
        : undefined,
  });
}
