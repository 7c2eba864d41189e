// The master's trash (issue #31): the page of deleted businesses, restore and purge.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Restore brings a business back to every list: everything is read again. */
export function useRestoreBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registry: string) => restoreBusiness(registry),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function usePurgeBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registry: string) => purgeBusiness(registry),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
