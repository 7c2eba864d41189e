import type { AdminStatus, BulkAction } from '@portal/contract/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminUpdate,
  bulkAdminAction,
  deleteAdmin,
  releaseAdminLockout,
  resetAdminPassword,
  updateAdmin,
} from '../../../api/admin-accounts-api.ts';
import { adminKeys } from './admin-approval-keys.ts';

/** A change to admins; on success it refreshes the list, the stats (and so the header's pending
 * badge) and the locks. */
function useAdminMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useUpdateAdmin = () =>
  useAdminMutation(
    ({ adminId, update, version }: { adminId: number; update: AdminUpdate; version?: string }) =>
      updateAdmin(adminId, update, version),
  );

/**
 * 'Aprobar' / 'Activar': one click sets access_status, on the version the row showed (If-Match), so
 * a stale row never re-activates an account changed or suspended meanwhile. A refusal (412, 404)
 * refreshes the list too: the row then shows the account as it is.
 */
export function useSetAdminStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ adminId, status, version }: { adminId: number; status: AdminStatus; version?: string }) =>
      updateAdmin(adminId, { access_status: status }, version),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useDeleteAdmin = () => useAdminMutation((adminId: number) => deleteAdmin(adminId));

export const useResetAdminPassword = () =>
  useAdminMutation(
    ({ adminId, password, version }: { adminId: number; password: string; version?: string }) =>
      resetAdminPassword(adminId, password, version),
  );

export const useBulkAdminAction = () =>
  useAdminMutation(({ action, adminIds }: { action: BulkAction; adminIds: number[] }) =>
    bulkAdminAction(action, adminIds),
  );

export const useReleaseLockout = () => useAdminMutation((adminId: number) => releaseAdminLockout(adminId));
