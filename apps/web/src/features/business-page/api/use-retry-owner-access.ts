import { useMutation, useQueryClient } from '@tanstack/react-query';
import { retryOwnerAccess } from '../../../api/business-page-api.ts';
import { businessPageKeys } from './business-page-keys.ts';

/**
 * Sends again the owner's temporary-password mail that failed on every try. The business's entries
 * are read again after it: the page's `owner_access`, and the history and audit that record it.
 */
export function useRetryOwnerAccess(registry: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => retryOwnerAccess(registry),
    onSuccess: () => client.invalidateQueries({ queryKey: businessPageKeys.page(registry) }),
  });
}
