// The master's trash: the page of deleted businesses, restore and purge.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/api-error.ts';
import {
  listTrash,
  purgeBusiness,
  restoreBusiness,
  type TrashQuery,
} from '../../../api/business-trash-api.ts';

export const trashKeys = {
  all: ['business-trash'] as const,
  page: (query: TrashQuery) => ['business-trash', 'page', query] as const,
};

export function useTrashPage(query: TrashQuery) {
  return useQuery({
    queryKey: trashKeys.page(query),
    queryFn: ({ signal }) => listTrash(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Another master or the nightly purge handled the business first (404), or it cannot be restored
 * as the list shows it (409): the page on screen is stale, and each new click would fail alike.
 */
const listIsStale = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 409);

/** Restore brings a business back to every list: everything is read again. */
export function useRestoreBusiness() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries();
  return useMutation({
    mutationFn: (registry: string) => restoreBusiness(registry),
    onSuccess: reload,
    onError: (error) => (listIsStale(error) ? reload() : undefined),
  });
}

export function usePurgeBusiness() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: trashKeys.all });
  return useMutation({
    mutationFn: (registry: string) => purgeBusiness(registry),
    onSuccess: reload,
    onError: (error) => (listIsStale(error) ? reload() : undefined),
  });
}
