// 'Seguridad': change my password, new recovery codes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePassword, regenerateRecoveryCodes } from '../../../api/account-api.ts';
import { sessionStore } from '../../../session/session-store.ts';
import { twoFactorKeys } from './use-two-factor.ts';

/** The password changed: the session no longer has to be sent to the form. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => sessionStore.updateUser({ mustChangePassword: false }),
  });
}

/**
 * New recovery codes. The status is read again whatever the answer (2FA may have been turned off
 * in another tab), and the caller's callbacks run once it is: codes go with a 2FA that is on.
 */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSettled: () => client.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}
