// Send verification code (SPEC §7 "Email verification", §5 "Send verification code").
import { z } from 'zod';
import { BASIC_EMAIL } from './email-change.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';

export const SendCodeBody = z.object({
  email: z
    .string({ error: MSG.sendCodeEmailRequired })
    .trim()
    .max(LIMITS.text.email, { error: MSG.sendCodeEmailRequired })
    .regex(BASIC_EMAIL, { error: MSG.sendCodeEmailRequired }),
});

export const SEND_CODE_SENT = 'Verification code sent successfully.';
