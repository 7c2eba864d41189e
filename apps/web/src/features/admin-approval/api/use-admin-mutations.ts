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

/** Every change refreshes the list, the stats (and so the header's pending badge) and the locks. */
function useInvalidateAdmins() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: adminKeys.all });
}

export function useUpdateAdmin() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: ({ adminId, update, version }: { adminId: number; update: AdminUpdate; version?: string }) =>
      updateAdmin(adminId, update, version),
    onSuccess: invalidate,
  });
}

/** 'Aprobar' / 'Activar': one click sets access_status. */
export function useSetAdminStatus() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: ({ adminId, status }: { adminId: number; status: AdminStatus }) =>
      updateAdmin(adminId, { access_status: status }),
    onSuccess: invalidate,
  });
}

export function useDeleteAdmin() {
  const invalidate = useInvalidateAdmins();
  return useMutation({ mutationFn: (adminId: number) => deleteAdmin(adminId), onSuccess: invalidate });
}

export function useResetAdminPassword() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: ({ adminId, password, version }: { adminId: number; password: string; version?: string }) =>
      resetAdminPassword(adminId, password, version),
    onSuccess: invalidate,
  });
}

export function useBulkAdminAction() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: ({ action, adminIds }: { action: BulkAction; adminIds: number[] }) =>
      bulkAdminAction(action, adminIds),
    onSuccess: invalidate,
  });
}

export function useReleaseLockout() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: (adminId: number) => releaseAdminLockout(adminId),
    onSuccess: invalidate,
  });
}
