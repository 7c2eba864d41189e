import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BusinessEdit, updateBusiness } from '../../../api/business-data-api.ts';
import { changeLogKeys } from '../history/use-history.ts';

/** PATCH the business's data; its history gains one row per changed field. */
export function useEditBusiness(registry: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** version: the one the person saw (If-Match), or after a conflict the one it is at now. */
    mutationFn: ({ changes, version }: { changes: BusinessEdit; version?: string }) =>
      updateBusiness(registry, changes, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeLogKeys.business(registry) }),
  });
}
