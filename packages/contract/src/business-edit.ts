// Editing a business (beyond SPEC):
//   PATCH /{admin|master}/business-data/api/v1/business-data/registry/{registry}
// Any of the fields below; each is checked as registration checks it (SPEC §5, the same schemas),
// a blank name, owner or phone is 'Missing required fields: …' as at registration, and a blank
// category, description, address or year clears it. The email has its own flow (email change);
// a new phone is saved unverified (verified_phone false).
import { z } from 'zod';
import { MSG } from './messages.ts';
import { RegistrationFields } from './public-registration.ts';

export const BUSINESS_EDIT_FIELDS = [
  'business_name',
  'business_owner',
  'business_phone',
  'business_category',
  'business_description',
  'business_address',
  'business_year',
] as const;
export type BusinessEditField = (typeof BUSINESS_EDIT_FIELDS)[number];

/** Fields a business must keep: blank is refused. */
const REQUIRED_EDIT_FIELDS = ['business_name', 'business_owner', 'business_phone'] as const;
/** Fields a blank value clears. */
const CLEARABLE_EDIT_FIELDS = [
  'business_category',
  'business_description',
  'business_address',
  'business_year',
] as const;

export const BUSINESS_EDIT_MSG = {
  nothingToUpdate: `At least one field to update is required: ${BUSINESS_EDIT_FIELDS.join(', ')}`,
  updated: 'Business updated successfully',
} as const;

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

const EditFields = RegistrationFields.pick({
  business_name: true,
  business_owner: true,
  business_phone: true,
  business_category: true,
  business_description: true,
  business_address: true,
  business_year: true,
}).partial();

/**
 * The PATCH body. Unknown fields are refused (an email or a flag sent here would otherwise be
 * silently ignored); a blank clearable field becomes null.
 */
export const BusinessUpdateBody = z
  .preprocess(
    (raw, ctx) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
      const body = { ...(raw as Record<string, unknown>) };
      const missing = REQUIRED_EDIT_FIELDS.filter((field) => field in body && isBlank(body[field]));
      if (missing.length > 0)
        ctx.addIssue({ code: 'custom', message: MSG.missingRequiredFields([...missing]) });
      for (const field of CLEARABLE_EDIT_FIELDS)
        if (field in body && isBlank(body[field])) body[field] = null;
      return body;
    },
    z.strictObject(EditFields.shape, { error: MSG.invalidRequestData }),
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: BUSINESS_EDIT_MSG.nothingToUpdate,
  });
export type BusinessUpdate = z.output<typeof BusinessUpdateBody>;
