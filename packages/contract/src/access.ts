// Access family (SPEC §3, §6, §7; DESIGN §8 "Access toggles").
import { z } from 'zod';
import { ACCESS_TYPES } from './enums.ts';
import { RegistryParams } from './list-filters.ts';

export const CURRENT_USER = 'current_user';
export const MASTER_TARGET = 'master';

export const ACCESS_MESSAGES = {
  recordNotFound: 'Access record not found',
  masterRecordNotFound: 'Master access record not found',
  alreadyExists: 'Access record already exists',
  masterAlreadyExists: 'Master access already exists',
  masterOnlyChange: 'Only master users can change master access or another admin access',
  masterOnlyCreate: 'Only master users can create master access',
  invalidTarget: 'Invalid admin ID',
  accessUpdated: 'Access updated successfully',
} as const;

export const AccessTargetParams = RegistryParams.extend({
  adminId: z
    .string()
    .trim()
    .regex(/^([0-9]{1,9}|current_user|master)$/, ACCESS_MESSAGES.invalidTarget),
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
  is_master_access: boolean;
  public_access: boolean;
  product_access: boolean;
  service_access: boolean;
  employee_access: boolean;
  event_access: boolean;
  qr_access: boolean;
  last_update: string;
}
