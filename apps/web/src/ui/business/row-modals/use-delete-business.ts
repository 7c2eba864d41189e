import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBusiness } from '../../../api/business-deletion-api.ts';
import { changeLogKeys } from '../history/use-history.ts';

/** DELETE the business (master only); its history keeps a DELETE row. */
export function useDeleteBusiness(registry: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBusiness(registry),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeLogKeys.business(registry) }),
  });
}
