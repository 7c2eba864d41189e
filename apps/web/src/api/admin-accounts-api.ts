// SPEC §7 "Admin registration" (master): list, read, update, delete, reset the password of, act in
// bulk on and count admin accounts; plus the sign-in lock of an account (beyond SPEC).
// Creation and the registration history are in admin-registration-api.ts.
import {
  ADMIN_LOCKOUT_PATH,
  type AdminLockoutAnswer,
  type AdminLockoutReleaseAnswer,
  type AdminLockoutsAnswer,
} from '@portal/contract/admin-lockout';
import type {
  AdminAccount,
  AdminBulkResultLine,
  AdminStats,
  Pagination,
} from '@portal/contract/admin-registration';
import type { AdminStatus, BulkAction } from '@portal/contract/enums';
import { BULK_ACTIONS } from '@portal/contract/enums';
import { LIMITS } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { sessionStore } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';
import { ifMatch } from './edit-conflict.ts';
import { apiRequest } from './http-client.ts';

export type { AdminAccount, AdminStats, Pagination };

export const ADMIN_ACCOUNTS_PATH = '/master/registration/api/v1/admin-registration';

export interface AdminListParams {
  page?: number;
  page_size?: number;
  access_status?: AdminStatus;
  search?: string;
  sort_by?:
    | 'created_at'
    | 'name'
    | 'email'
    | 'status'
    | 'admin_id'
    | 'admin_first_name'
    | 'admin_last_name'
    | 'admin_email';
  sort_order?: 'asc' | 'desc';
}

export interface AdminListAnswer {
  success: true;
  admins: AdminAccount[];
  total_count: number;
  pagination: Pagination;
}

/** SPEC §5 "Edit admin": partial; empty values are left out by the caller. */
export interface AdminUpdate {
  admin_first_name?: string;
  admin_last_name?: string;
  admin_email?: string;
  admin_phone?: string;
  access_status?: AdminStatus;
}

export interface BulkActionAnswer {
  success: true;
  message: string;
  action: BulkAction;
  processed_count: number;
  admin_ids: number[];
  /** One line per admin, in the order sent: 200, or 412 for one changed since its version. */
  results?: AdminBulkResultLine[];
  summary?: { succeeded: number; failed: number };
}

/** SPEC §8 "Client-side": admin accounts are the master's alone; the call is not even made otherwise. */
function requireMaster(): void {
  if (sessionStore.getState().session?.loginType !== 'master') {
    throw new ApiError(MSG.onlyMasterAdminAccounts, 403);
  }
}

const path = (tail = '') => `${ADMIN_ACCOUNTS_PATH}${tail}`;

export async function listAdmins(params: AdminListParams): Promise<AdminListAnswer> {
  requireMaster();
  return apiRequest<AdminListAnswer>(path(), {
    query: { ...params },
    fallbackMessage: MSG.failedListAdmins,
  });
}

export async function getAdmin(adminId: number): Promise<AdminAccount> {
  requireMaster();
  const answer = await apiRequest<{ admin: AdminAccount }>(path(`/${adminId}`), {
    fallbackMessage: MSG.failedGetAdmin,
  });
  return answer.admin;
}

/** version: the one the person saw (If-Match); a change since then is a 412. */
export async function updateAdmin(
  adminId: number,
  update: AdminUpdate,
  version?: string,
): Promise<AdminAccount> {
  requireMaster();
  const answer = await apiRequest<{ admin: AdminAccount }>(path(`/${adminId}`), {
    method: 'PUT',
    body: update,
    fallbackMessage: MSG.failedUpdateAdmin,
    headers: ifMatch(version),
  });
  return answer.admin;
}

export async function deleteAdmin(adminId: number): Promise<number> {
  requireMaster();
  const answer = await apiRequest<{ admin_id?: number } | null>(path(`/${adminId}`), {
    method: 'DELETE',
    fallbackMessage: MSG.failedDeleteAdmin,
  });
  return answer?.admin_id ?? adminId;
}

export async function resetAdminPassword(
  adminId: number,
  newPassword: string,
  version?: string,
): Promise<number> {
  requireMaster();
  const answer = await apiRequest<{ admin_id?: number }>(path(`/${adminId}/reset-password`), {
    method: 'POST',
    body: { admin_id: adminId, new_password: newPassword },
    fallbackMessage: MSG.failedResetPassword,
    headers: ifMatch(version),
  });
  return answer.admin_id ?? adminId;
}

/** SPEC §5 "Bulk action", checked before the call with SPEC §8's messages. */
export function checkBulkAction(action: string, adminIds: readonly number[]): string | null {
  if (!(BULK_ACTIONS as readonly string[]).includes(action)) return MSG.invalidBulkAction;
  if (adminIds.length === 0) return MSG.bulkIdsRequired;
  if (adminIds.length > LIMITS.bulkMaxAdmins) return MSG.bulkMax;
  return null;
}

/** versions: admin id → the version the person saw; an admin changed since is left alone (412 line). */
export async function bulkAdminAction(
  action: BulkAction,
  adminIds: readonly number[],
  versions?: Readonly<Record<number, string>>,
): Promise<BulkActionAnswer> {
  requireMaster();
  const problem = checkBulkAction(action, adminIds);
  if (problem) throw new ApiError(problem, 400);
  const seen = versions && Object.keys(versions).length > 0 ? { versions } : {};
  return apiRequest<BulkActionAnswer>(path('/bulk'), {
    method: 'POST',
    body: { action, admin_ids: adminIds, ...seen },
    fallbackMessage: MSG.failedBulk,
  });
}

export interface AdminStatsAnswer {
  success: true;
  stats: AdminStats;
}

/** The whole answer: its query key is shared with the header's pending badge, which reads `stats`. */
export async function getAdminStats(): Promise<AdminStatsAnswer> {
  requireMaster();
  return apiRequest<AdminStatsAnswer>(path('/stats'), { fallbackMessage: MSG.failedAdminStats });
}

/** Every admin whose sign-in is locked right now. */
export async function listAdminLockouts(): Promise<AdminLockoutsAnswer> {
  requireMaster();
  return apiRequest<AdminLockoutsAnswer>(ADMIN_LOCKOUT_PATH);
}

export async function getAdminLockout(adminId: number): Promise<AdminLockoutAnswer> {
  requireMaster();
  return apiRequest<AdminLockoutAnswer>(`${ADMIN_LOCKOUT_PATH}/${adminId}`);
}

export async function releaseAdminLockout(adminId: number): Promise<AdminLockoutReleaseAnswer> {
  requireMaster();
  return apiRequest<AdminLockoutReleaseAnswer>(`${ADMIN_LOCKOUT_PATH}/${adminId}`, { method: 'DELETE' });
}
