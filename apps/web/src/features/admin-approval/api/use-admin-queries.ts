import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AdminListParams,
  getAdminStats,
  listAdminLockouts,
  listAdmins,
} from '../../../api/admin-accounts-api.ts';
import { adminKeys } from './admin-approval-keys.ts';

/** A page of admins; the previous page stays on screen while the next one loads. */
export function useAdminList(params: AdminListParams) {
  return useQuery({
    queryKey: adminKeys.list(params),
    queryFn: () => listAdmins(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: getAdminStats,
    select: (answer) => answer.stats,
    staleTime: 60_000,
  });
}

/** admin_id -> end of the sign-in lock, for every admin locked now (re-read each minute). */
export function useAdminLockouts() {
  return useQuery({
    queryKey: adminKeys.lockouts,
    queryFn: listAdminLockouts,
    select: (answer) => new Map(answer.lockouts.map((lock) => [lock.admin_id, lock.locked_until])),
    refetchInterval: 60_000,
  });
}
