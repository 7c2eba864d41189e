// Public business registration (SPEC §5 "Business registration", §7 "Public").
import { z } from 'zod';
import { VERIFY_FIELDS } from './enums.ts';
import { currentYear, LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { nationalDigits } from './phone.ts';

export const REGISTRATION_MESSAGES = {
  registered: 'Business registered successfully',
  verifiedFlagsBoolean: 'phone_verified and email_verified must be booleans',
  phoneDigits: 'Phone number must have 10 digits',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  temporaryPasswordSubject: 'Su contraseña temporal — Portal de Negocios',
} as const;

export const REQUIRED_REGISTRATION_FIELDS = [
  'business_name',
  'business_owner',
  'business_email',
  'business_phone',
  'password',
  'business_terms',
] as const;

/** SPEC §5: a simple address pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Format characters (zero-width space, joiners, soft hyphen, BOM) show nothing: trim() keeps most. */
const INVISIBLE = /[\p{Cf}\s]/gu;
const showsSomething = (value: string) => value.replace(INVISIBLE, '') !== '';

const text = (field: string, max: number) =>
  z.string().trim().min(1).max(max, REGISTRATION_MESSAGES.tooLong(field, max)).refine(showsSomething);
const flag = z.boolean({ error: REGISTRATION_MESSAGES.verifiedFlagsBoolean });
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The registration's fields and their rules; the staff edit (business-edit.ts) picks from them. */
export const RegistrationFields = z.object({
  business_name: text('business_name', LIMITS.text.name),
  business_owner: text('business_owner', LIMITS.text.owner),
  business_email: z
    .string()
    .trim()
    .max(LIMITS.text.email, REGISTRATION_MESSAGES.tooLong('business_email', LIMITS.text.email))
    .regex(EMAIL_PATTERN, MSG.validEmailPattern)
    .transform((email) => email.toLowerCase()),
  business_phone: z
    .string()
    .max(LIMITS.text.phone, REGISTRATION_MESSAGES.tooLong('business_phone', LIMITS.text.phone))
    .transform(nationalDigits)
    .refine((digits) => digits.length === LIMITS.phoneDigits, REGISTRATION_MESSAGES.phoneDigits),
  password: z.string().min(LIMITS.passwordMin, MSG.passwordMin).max(256),
  business_terms: z.literal(true, { error: MSG.termsMustBeAccepted }),
  business_category: text('business_category', LIMITS.text.category).nullish(),
  business_description: z
    .string()
    .trim()
    .max(
      LIMITS.text.description,
      REGISTRATION_MESSAGES.tooLong('business_description', LIMITS.text.description),
    )
    .nullish(),
  business_year: z
    .number({ error: MSG.invalidYear })
    .int(MSG.invalidYear)
    .refine((year) => year >= LIMITS.yearMin && year <= currentYear(), MSG.invalidYear)
    .nullish(),
  business_address: text('business_address', LIMITS.text.address).nullish(),
  email_verified: flag.optional(),
  phone_verified: flag.optional(),
  device_type: z.string().trim().max(50).nullish(),
  referral_source: z.string().trim().max(80).nullish(),
});

/** 'Missing required fields: ...' comes first, naming every blank required field. */
export const RegisterBusinessBody = z.preprocess((raw, ctx) => {
  if (!raw || typeof raw !== 'object') return raw;
  const body = raw as Record<string, unknown>;
  const missing = REQUIRED_REGISTRATION_FIELDS.filter((field) => isBlank(body[field]));
  if (missing.length > 0) ctx.addIssue({ code: 'custom', message: MSG.missingRequiredFields([...missing]) });
  return raw;
}, RegistrationFields);
export type RegisterBusinessBody = z.infer<typeof RegisterBusinessBody>;

export const VerifyExistsBody = z.object({
  field: z.enum(VERIFY_FIELDS),
  value: z.string().trim().min(1).max(255),
});
export type VerifyExistsBody = z.infer<typeof VerifyExistsBody>;
