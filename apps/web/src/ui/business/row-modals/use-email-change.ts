import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeEmailChange, initiateEmailChange } from '../../../api/email-change-api.ts';
import { changeLogKeys } from '../history/use-history.ts';

/** SPEC §8 fallbacks of the 'Actualizar Email' modal. */
export const EMAIL_CHANGE_FALLBACK = {
  send: 'Error al enviar código.',
  complete: 'Error al completar el cambio.',
} as const;

/** Step 1: send a 6-digit code to the new address. */
export function useInitiateEmailChange(registry: string) {
  return useMutation({
    /** version: the business's as the person saw it (If-Match); complete sends the same. */
    mutationFn: ({ newEmail, version }: { newEmail: string; version?: string }) =>
      initiateEmailChange(
        { business_registry_number: registry, new_email: newEmail },
        EMAIL_CHANGE_FALLBACK.send,
        version,
      ),
  });
}

/** Step 2: the code sets the new email (and clears verified_email on the server). */
export function useCompleteEmailChange(registry: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { newEmail: string; code: string; version?: string }) =>
      completeEmailChange(
        { business_registry_number: registry, new_email: input.newEmail, verification_code: input.code },
        EMAIL_CHANGE_FALLBACK.complete,
        input.version,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeLogKeys.business(registry) }),
  });
}
