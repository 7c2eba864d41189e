// Access family (SPEC §3, §6, §7; DESIGN §8 "Access toggles").
import { z } from 'zod';
import { ACCESS_TYPES, type AccessType } from './enums.ts';
import { isDatabaseId } from './ids.ts';
import { LIMITS } from './limits.ts';
import { limitSchema, offsetSchema, RegistryParams } from './list-filters.ts';

export const CURRENT_USER = 'current_user';
export const MASTER_TARGET = 'master';

export const ACCESS_MESSAGES = {
  recordNotFound: 'Access record not found',
  masterRecordNotFound: 'Master access record not found',
  alreadyExists: 'Access record already exists',
  masterAlreadyExists: 'Master access already exists',
  masterOnlyChange: 'Only master users can change master access or another admin access',
  masterOnlyCreate: 'Only master users can create master access',
  masterTurnedOff: 'Only master users can turn back on an access a master user turned off',
  invalidTarget: 'Invalid admin ID',
  accessUpdated: 'Access updated successfully!',
} as const;

export const AccessTargetParams = RegistryParams.extend({
  adminId: z
    .string()
    .trim()
    .refine((value) => value === CURRENT_USER || value === MASTER_TARGET || isDatabaseId(value), {
      error: ACCESS_MESSAGES.invalidTarget,
    }),
});

export const AccessToggleBody = z.object({
  access_type: z.enum(ACCESS_TYPES),
  new_value: z.boolean(),
  is_master: z.boolean().optional(),
});
export type AccessToggleBody = z.infer<typeof AccessToggleBody>;

export const AccessDefaultQuery = z.object({
  master: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export interface AccessControl {
  access_id: number;
  /** null for the master record; 'current_user' for the caller's own record. */
  admin_id: number | 'current_user' | null;
  admin_email: string | null;
  /** The admin's first and last name (null for the master record). */
  admin_name: string | null;
  is_master_access: boolean;
  public_access: boolean;
  product_access: boolean;
  service_access: boolean;
  employee_access: boolean;
  event_access: boolean;
  qr_access: boolean;
  last_update: string;
  /** Opaque; sent back as If-Match: "<version>". */
  version: string;
  /** The toggles a master turned off last, which only a master turns back on. Only on an admin's
   * record, for that admin and for masters. */
  turned_off_by_master?: AccessType[];
}

export interface AccessControlList {
  success: true;
  /** The business the records belong to, so the screen can name it without a second call. */
  business: { business_registry_number: string; business_name: string; business_owner: string };
  access_controls: AccessControl[];
  total_count: number;
}

/** GET …/registry/{registry}/history: a page of the toggle change log, newest first (beyond SPEC §7). */
export const AccessHistoryQuery = z.object({
  limit: limitSchema(LIMITS.historyPageSize),
  offset: offsetSchema,
});
export type AccessHistoryQuery = z.output<typeof AccessHistoryQuery>;

export interface AccessHistoryEntry {
  id: number;
  access_type: AccessType;
  /** Whose record changed: null for the master record; 'current_user' for the caller's own. */
  target_admin_id: number | 'current_user' | null;
  target_admin_email: string | null;
  is_master_access: boolean;
  old_value: boolean | null;
  new_value: boolean;
  changed_by: string;
  changed_at: string;
  ip_address: string | null;
  user_agent: string | null;
}

export interface AccessHistoryPage {
  success: true;
  history: AccessHistoryEntry[];
  total_count: number;
  has_more: boolean;
}
