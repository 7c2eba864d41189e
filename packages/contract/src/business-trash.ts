// The master's trash of deleted businesses (beyond SPEC), master only:
//   GET    /master/business-trash/api/v1/business-trash                              search, limit, offset
//   POST   /master/business-trash/api/v1/business-trash/registry/{registry}/restore  back, whole
//   DELETE /master/business-trash/api/v1/business-trash/registry/{registry}          gone for good
// A deleted business (DELETE /master/business-deletion/{registry}, or a bulk delete) waits here
// TRASH_RETENTION_DAYS (30) before the daily purge.
import { z } from 'zod';
import { limitSchema, offsetSchema, searchSchema } from './list-filters.ts';

export const BUSINESS_TRASH_PATH = '/master/business-trash/api/v1/business-trash';
export const TRASH_PAGE_SIZE = 20;
/** How long the portal offers 'Deshacer' after a deletion. */
export const UNDO_DELETE_MS = 10_000;

export const TRASH_MSG = {
  notInTrash: 'Business not found in the trash',
  restored: 'Business restored from the trash',
  purged: 'Business deleted permanently',
  registryTaken: 'Cannot restore: another business now has this registry number',
  emailTaken: 'Cannot restore: another business now has this email',
  phoneTaken: 'Cannot restore: another business now has this phone',
  onlyMaster: 'Access denied: The trash is a master-level-only function.',
} as const;

/** The field a restore conflict names, with its message. */
export const RESTORE_CONFLICTS = {
  business_registry_number: TRASH_MSG.registryTaken,
  business_email: TRASH_MSG.emailTaken,
  business_phone: TRASH_MSG.phoneTaken,
} as const;
export type RestoreConflictField = keyof typeof RESTORE_CONFLICTS;

export const TrashListQuery = z.object({
  search: searchSchema.optional(),
  limit: limitSchema(TRASH_PAGE_SIZE),
  offset: offsetSchema,
});
export type TrashListQuery = z.output<typeof TrashListQuery>;
export type TrashListInput = z.input<typeof TrashListQuery>;
