// SPEC §7 "Access" (business-access/api/v1/business-access), under /admin or /master by login type,
// plus the change history this portal adds beyond SPEC.
import type { AccessControl, AccessControlList, AccessHistoryPage } from '@portal/contract/access';
import type { AccessType } from '@portal/contract/enums';
import { MSG } from '@portal/contract/messages';
import { ifMatch } from './edit-conflict.ts';
import { apiRequest, staffPath } from './http-client.ts';

const BASE = '/business-access/api/v1/business-access';

const registryPath = (registry: string, tail = '') =>
  staffPath(`${BASE}/registry/${encodeURIComponent(registry)}${tail}`);

export function fetchAccessControls(registry: string, signal?: AbortSignal): Promise<AccessControlList> {
  return apiRequest<AccessControlList>(registryPath(registry), { signal });
}

export function fetchAccessHistory(
  registry: string,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<AccessHistoryPage> {
  return apiRequest<AccessHistoryPage>(registryPath(registry, '/history'), { query: page, signal });
}

export interface AccessChange {
  registry: string;
  /** The record's admin_id as listed: null for the master record, 'current_user' or a number. */
  adminId: AccessControl['admin_id'];
  accessType: AccessType;
  newValue: boolean;
  /** The record's version the person saw (If-Match). */
  version?: string;
}

export interface AccessChangeAnswer {
  success: true;
  message: string;
  access_control: AccessControl;
}

export function updateAccess(change: AccessChange): Promise<AccessChangeAnswer> {
  const isMaster = change.adminId === null;
  const target = isMaster ? 'master' : String(change.adminId);
  return apiRequest<AccessChangeAnswer>(registryPath(change.registry, `/admin/${target}`), {
    method: 'PATCH',
    body: {
      access_type: change.accessType,
      new_value: change.newValue,
      ...(isMaster ? { is_master: true } : {}),
    },
    fallbackMessage: MSG.failedUpdateAccess,
    headers: ifMatch(change.version),
  });
}

/** The caller's own default record, or with `master` the master record (master only). */
export function createDefaultAccess(registry: string, master: boolean): Promise<AccessChangeAnswer> {
  return apiRequest<AccessChangeAnswer>(registryPath(registry, '/default'), {
    method: 'POST',
    query: master ? { master: true } : undefined,
    fallbackMessage: master ? MSG.failedCreateMasterAccess : MSG.failedCreateDefaultAccess,
  });
}
