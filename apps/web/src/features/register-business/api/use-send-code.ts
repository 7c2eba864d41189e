import { useMutation } from '@tanstack/react-query';
import { type SentCode, sendVerificationCode } from '../../../api/business-registration-api.ts';

/**
 * SPEC §7 "Email verification": a 6-digit code for the owner's email, shown to the staff member.
 * Null, and nothing sent, when `isTaken` says the email is already a business's.
 */
export function useSendCode(isTaken: () => Promise<boolean>) {
  return useMutation({
    mutationFn: async (email: string): Promise<SentCode | null> =>
      (await isTaken()) ? null : sendVerificationCode(email),
  });
}
