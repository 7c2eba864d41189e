// Verification calls (SPEC §7 "Verification", §5 "Verification update").
import { z } from 'zod';
import { MSG } from './messages.ts';

const flag = z.boolean({ error: MSG.verificationBoolean });

export const VerificationUpdateBody = z
  .object(
    { verified_email: flag.optional(), verified_phone: flag.optional() },
    { error: MSG.verificationFieldRequired },
  )
  .refine((body) => body.verified_email !== undefined || body.verified_phone !== undefined, {
    error: MSG.verificationFieldRequired,
  });
export type VerificationUpdate = z.output<typeof VerificationUpdateBody>;

export const VERIFICATION_UPDATED = 'Verification status updated successfully';
