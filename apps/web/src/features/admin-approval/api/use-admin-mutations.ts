import type { AdminAccount, AdminBulkResultLine } from '@portal/contract/admin-registration';
import type { AdminStatus, BulkAction } from '@portal/contract/enums';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminListAnswer,
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

/**
 * Admin id → the version the list shows of each selected admin: the newest cached page holding it
 * (an edit or approval made since the selection is there), else the row as it was selected.
 */
export function shownVersions(
  client: QueryClient,
  selected: ReadonlyMap<number, AdminAccount>,
): Record<number, string> {
  const pages = client
    .getQueryCache()
    .findAll({ queryKey: [...adminKeys.all, 'list'] })
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  const versions: Record<number, string> = {};
  for (const [adminId, admin] of selected) versions[adminId] = admin.version;
  for (const page of pages)
    for (const admin of (page.state.data as AdminListAnswer | undefined)?.admins ?? [])
      if (selected.has(admin.admin_id)) versions[admin.admin_id] = admin.version;
  return versions;
}

/**
 * What a bulk answer says of each admin now: the version of those it changed, and the status and
 * version of those refused because they had changed meanwhile.
 */
export function bulkLineChanges(
  lines: readonly AdminBulkResultLine[],
): ReadonlyMap<number, Partial<AdminAccount>> {
  return new Map(
    lines.flatMap((line) =>
      line.version
        ? [
            [
              line.admin_id,
              { version: line.version, ...(line.access_status && { access_status: line.access_status }) },
            ],
          ]
        : [],
    ),
  );
}

/** The cached rows of the admins a bulk answer names take what it says of them at once. */
function setCachedVersions(client: QueryClient, lines: readonly AdminBulkResultLine[]) {
  const changes = bulkLineChanges(lines);
  if (changes.size === 0) return;
  client.setQueriesData<AdminListAnswer>({ queryKey: [...adminKeys.all, 'list'] }, (page) =>
    page
      ? {
          ...page,
          admins: page.admins.map((admin) => {
            const change = changes.get(admin.admin_id);
            return change ? { ...admin, ...change } : admin;
          }),
        }
      : page,
  );
}

/**
 * A bulk action on the selected admins, each on the version the list showed (the bulk form of
 * If-Match): one changed since (another tab, another master) is left alone and its line answers
 * 412. Applied or not, the list, the stats and the locks are read again.
 */
export function useBulkAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, admins }: { action: BulkAction; admins: ReadonlyMap<number, AdminAccount> }) =>
      bulkAdminAction(action, [...admins.keys()], shownVersions(client, admins)),
    onSuccess: (answer) => setCachedVersions(client, answer.results ?? []),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useReleaseLockout = () => useAdminMutation((adminId: number) => releaseAdminLockout(adminId));
