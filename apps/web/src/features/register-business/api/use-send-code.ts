import { useMutation } from '@tanstack/react-query';
import { sendVerificationCode } from '../../../api/business-registration-api.ts';

/** SPEC §7 "Email verification": a 6-digit code for the owner's email, shown to the staff member. */
export function useSendCode() {
  return useMutation({ mutationFn: (email: string) => sendVerificationCode(email) });
}
