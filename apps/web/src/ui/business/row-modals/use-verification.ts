import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateVerification, type VerificationFlags } from '../../../api/verification-api.ts';
import { changeLogKeys } from '../history/use-history.ts';

/** PATCH the email/phone verification flags; the business's history gains rows. */
export function useVerification(registry: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** version: the one the person saw (If-Match). */
    mutationFn: ({ flags, version }: { flags: VerificationFlags; version?: string }) =>
      updateVerification(registry, flags, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeLogKeys.business(registry) }),
  });
}
