// Bulk actions on the directory, admin and master; `delete` is master only.
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
  versionsTooMany: `versions can name at most ${BULK_MAX_BUSINESSES} registry numbers`,
} as const;

const registryNumbers = z
  .array(registrySchema, { error: BULK_MSG.registryNumbersRequired })
  .min(1, { error: BULK_MSG.registryNumbersRequired })
  .max(BULK_MAX_BUSINESSES, { error: BULK_MSG.tooMany })
  // The same number twice is one business: it is applied, and answered, once.
  .transform((numbers) => [...new Set(numbers)]);

/**
 * The version each business showed when the person confirmed, by registry number (optional, and
 * per number): one that has moved on since is not touched and answers 412 on its line, as the
 * single action with If-Match would. A number without a version is applied as it is now.
 */
const versions = z
  .record(z.string().max(32), z.string().min(1).max(64))
  .refine((map) => Object.keys(map).length <= BULK_MAX_BUSINESSES, { error: BULK_MSG.versionsTooMany })
  .transform((map) =>
    Object.fromEntries(
      Object.entries(map).map(([registry, version]) => [registry.trim().toUpperCase(), version]),
    ),
  )
  .optional()
  .describe(
    'Optional: registry number → the version shown (as If-Match); a business changed since answers 412',
  );

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
        versions,
        verified_email: flag.optional(),
        verified_phone: flag.optional(),
      })
      .refine((body) => body.verified_email !== undefined || body.verified_phone !== undefined, {
        error: MSG.verificationFieldRequired,
      }),
    z.object({
      action: z.literal('update'),
      registry_numbers: registryNumbers,
      versions,
      fields: BusinessBulkFields,
    }),
    z.object({ action: z.literal('delete'), registry_numbers: registryNumbers, versions }),
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
  /** 200 after a verify or an update: the business's version now (send it as the next If-Match). */
  version?: string;
  /** 412: who changed the business last and when. */
  changed_by?: string | null;
  changed_at?: string | null;
}
export interface BusinessBulkResult {
  success: true;
  results: BulkResultLine[];
  summary: { succeeded: number; failed: number };
}
