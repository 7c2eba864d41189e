import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  renameSavedView,
  reorderSavedViews,
} from '../../../api/saved-views-api.ts';

export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: () => [...savedViewKeys.all, 'list'] as const,
};

export function useSavedViews() {
  return useQuery({
    queryKey: savedViewKeys.list(),
    queryFn: ({ signal }) => listSavedViews(signal),
    staleTime: 60_000,
  });
}

/** Create, rename, reorder and delete; each refreshes the list. */
export function useSavedViewMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: { name: string; query: Record<string, string> }) =>
        createSavedView(input.name, input.query),
      onSettled,
    }),
    rename: useMutation({
      mutationFn: (input: { id: number; name: string }) => renameSavedView(input.id, input.name),
      onSettled,
    }),
    reorder: useMutation({ mutationFn: reorderSavedViews, onSettled }),
    remove: useMutation({ mutationFn: deleteSavedView, onSettled }),
  };
}
