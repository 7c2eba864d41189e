// Registration management (SPEC §7, §8 "Registration family"), staff side.
import { z } from 'zod';
import { checkRange } from './content-filters.ts';
import { currentYear, LIMITS } from './limits.ts';
import { booleanQuery, dateQuery, limitSchema, offsetSchema, searchSchema } from './list-filters.ts';
import { MSG } from './messages.ts';

export const RegistrationListQuery = z
  .object({
    limit: limitSchema(),
    offset: offsetSchema,
    business_category: z.string().trim().min(1).max(LIMITS.text.category).optional(),
    business_year: z.coerce
      .number({ error: MSG.invalidYear })
      .int(MSG.invalidYear)
      .refine((year) => year >= LIMITS.yearMin && year <= currentYear(), MSG.invalidYear)
      .optional(),
    verified_email: booleanQuery.optional(),
    verified_phone: booleanQuery.optional(),
    registration_from: dateQuery.optional(),
    registration_to: dateQuery.optional(),
    search: searchSchema.optional(),
  })
  .superRefine((q, ctx) =>
    checkRange(ctx, 'registration_from', q.registration_from, q.registration_to, MSG.dateFromBeforeTo),
  );
export type RegistrationListQuery = z.infer<typeof RegistrationListQuery>;

/** A registration as the staff screens see it (SPEC §3 "Business registration", no password). */
export interface Registration {
  id: number;
  business_registry_number: string;
  business_name: string;
  business_owner: string;
  business_email: string;
  business_phone: string;
  business_terms: boolean;
  business_category: string | null;
  business_description: string | null;
  business_year: number | null;
  verified_email: boolean;
  verified_phone: boolean;
  email_verified: boolean;
  phone_verified: boolean;
  registration_date: string;
  business_created_at: string;
  ip_address: string | null;
  device_type: string | null;
  referral_source: string | null;
}
