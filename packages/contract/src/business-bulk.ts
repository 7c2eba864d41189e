// Bulk actions on the directory (issue #31), admin and master; `delete` is master only.
//   POST /{admin|master}/business-data/api/v1/business-data/bulk
//   GET  /{admin|master}/business-data/api/v1/business-data/registry-numbers  (the list's filters)
// Each registry number is applied on its own, with the single action's rules, and answers a line.
import { z } from 'zod';
import { registrySchema } from './list-filters.ts';
import { MSG } from './messages.ts';
import { RegistrationFields } from './public-registration.ts';

/** At most this many registry numbers in one call (and in 'Seleccionar los N resultados'). */
export const BULK_MAX_BUSINESSES = 1000;
export const BULK_ACTIONS = ['verify', 'update', 'delete'] as const;
export type BusinessBulkAction = (typeof BULK_ACTIONS)[number];

export const BULK_MSG = {
  invalidAction: 'Invalid bulk action. Supported actions: verify, update, delete',
  registryNumbersRequired: 'registry_numbers must be a non-empty list of registry numbers',
  tooMany: `At most ${BULK_MAX_BUSINESSES} registry numbers can be processed at once`,
  fieldsRequired: 'fields must name at least one of business_category, business_description, business_year',
  notApplied: 'Not applied: the database became unavailable',
} as const;

const registryNumbers = z
  .array(registrySchema, { error: BULK_MSG.registryNumbersRequired })
  .min(1, { error: BULK_MSG.registryNumbersRequired })
  .max(BULK_MAX_BUSINESSES, { error: BULK_MSG.tooMany })
  // The same number twice is one business: it is applied, and answered, once.
  .transform((numbers) => [...new Set(numbers)]);

const flag = z.boolean({ error: MSG.verificationBoolean });

const BULK_FIELDS = { business_category: true, business_description: true, business_year: true } as const;

/**
 * The fields a bulk update may set: those that make sense for many businesses at once, with
 * registration's rules (public-registration.ts). null clears one. Unlike the single edit, a blank
 * category is refused, not read as null: one slip would clear it on every business selected.
 */
export const BusinessBulkFields = z
  .strictObject(RegistrationFields.pick(BULK_FIELDS).shape, { error: BULK_MSG.fieldsRequired })
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    error: BULK_MSG.fieldsRequired,
  });
export type BusinessBulkFields = z.output<typeof BusinessBulkFields>;

export const BusinessBulkBody = z.discriminatedUnion(
  'action',
  [
    z
      .object({
        action: z.literal('verify'),
        registry_numbers: registryNumbers,
        verified_email: flag.optional(),
        verified_phone: flag.optional(),
      })
      .refine((body) => body.verified_email !== undefined || body.verified_phone !== undefined, {
        error: MSG.verificationFieldRequired,
      }),
    z.object({
      action: z.literal('update'),
      registry_numbers: registryNumbers,
      fields: BusinessBulkFields,
    }),
    z.object({ action: z.literal('delete'), registry_numbers: registryNumbers }),
  ],
  { error: BULK_MSG.invalidAction },
);
export type BusinessBulkBody = z.output<typeof BusinessBulkBody>;
export type BusinessBulkInput = z.input<typeof BusinessBulkBody>;

/** What the portal reads of a bulk answer (responses.ts holds the closed schema). */
export interface BulkResultLine {
  business_registry_number: string;
  status: number;
  message?: string;
}
export interface BusinessBulkResult {
  success: true;
  results: BulkResultLine[];
  summary: { succeeded: number; failed: number };
}
