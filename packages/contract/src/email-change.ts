// Email change calls (SPEC §7 "Email change", §5 "Email change"). A bad body is answered with
// SPEC §8's 400 'Invalid request data'; the §5 wording of each field travels in `details`.
import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { registrySchema } from './list-filters.ts';
import { MSG } from './messages.ts';

/** SPEC §5's "basic pattern": something@something.something, no spaces. */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const newEmail = z
  .string({ error: MSG.emailChangeInvalidEmail })
  .trim()
  .max(LIMITS.text.email, { error: MSG.emailChangeInvalidEmail })
  .regex(BASIC_EMAIL, { error: MSG.emailChangeInvalidEmail });

export const EmailChangeInitiateBody = z.object({
  business_registry_number: registrySchema,
  new_email: newEmail,
});

export const EmailChangeCompleteBody = z.object({
  business_registry_number: registrySchema,
  new_email: newEmail,
  verification_code: z
    .string({ error: MSG.codeSixDigits })
    .trim()
    .regex(/^\d{6}$/, { error: MSG.codeSixDigits }),
});

export const EMAIL_CHANGE_CODE_SENT = 'Verification code sent to the new email address.';
export const EMAIL_CHANGE_COMPLETED = 'Email updated successfully.';
