// 'Aprobar Admins' (SPEC §2 "Admin approval"): the admin accounts, newest first, pending by
// default; approve in one click, edit, reset the password, delete, act on up to 50 at once, and
// release a sign-in lock.
import type { AdminAccount } from '@portal/contract/admin-registration';
import type { BulkAction } from '@portal/contract/enums';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useFocusAfterChange } from '../../../lib/use-focus-after-change.ts';
import { ListSortControls } from '../../../ui/list-sort-controls.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { fullName } from '../admin-status.ts';
import { bulkLineChanges, useBulkAdminAction } from '../api/use-admin-mutations.ts';
import { useAdminList, useAdminLockouts } from '../api/use-admin-queries.ts';
import { adminCount, BULK_ACTION_COPY } from '../bulk-actions.ts';
import { hiddenFromView } from '../selection.ts';
import { useAdminSelection } from '../use-admin-selection.ts';
import { useApprovalActions } from '../use-approval-actions.ts';
import { ADMIN_PAGE_SIZES, ADMIN_SORT_OPTIONS, useApprovalFilters } from '../use-approval-filters.ts';
import { AdminFilters } from './admin-filters.tsx';
import { AdminListView } from './admin-list-view.tsx';
import { AdminStatsPanel } from './admin-stats-panel.tsx';
import { ApprovalNotice } from './approval-notice.tsx';
import { BulkActionBar } from './bulk-action-bar.tsx';
import { BulkConfirmModal } from './bulk-confirm-modal.tsx';
import { DeleteAdminModal } from './delete-admin-modal.tsx';
import { EditAdminModal } from './edit-admin-modal.tsx';
import { ResetPasswordModal } from './reset-password-modal.tsx';

// Its own chunk: the session list loads only when a row's 'Sesiones' is opened.
const AdminSessionsModal = lazy(() => import('./admin-sessions-modal.tsx'));

// Its own chunk too: the master's switch requiring 2FA for admins.
const TwoFactorPolicySwitch = lazy(() => import('./two-factor-policy-switch.tsx'));

type Dialog = { kind: 'edit' | 'reset' | 'delete'; admin: AdminAccount } | null;

/** Locks whose time is up are no longer shown, even before the next refresh. */
function activeLocks(lockouts: ReadonlyMap<number, string> | undefined): ReadonlyMap<number, string> {
  const now = Date.now();
  return new Map([...(lockouts ?? [])].filter(([, until]) => new Date(until).getTime() > now));
}

export default function AdminApprovalScreen() {
  const standalone = useLocation().pathname === '/admin-approval';
  const filters = useApprovalFilters();
  const list = useAdminList(filters.listParams);
  const lockouts = useAdminLockouts();
  const selection = useAdminSelection();
  const results = useRef<HTMLElement>(null);
  const actionDone = useFocusAfterChange(results, list.data);
  const actions = useApprovalActions(actionDone);
  const bulk = useBulkAdminAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const [sessionsOf, setSessionsOf] = useState<AdminAccount | null>(null);
  const { setNotice } = actions;

  // After deletions the page asked for may no longer exist: show the last one instead.
  const totalPages = list.data?.pagination.totalPages;
  const { page, setPage } = filters;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [totalPages, page, setPage]);

  const open = (kind: 'edit' | 'reset' | 'delete') => (admin: AdminAccount) => {
    setNotice(null);
    setDialog({ kind, admin });
  };
  const closeDialog = () => setDialog(null);
  const dialogAdmin = (kind: 'edit' | 'reset' | 'delete') => (dialog?.kind === kind ? dialog.admin : null);
  /** A dialog's success: it closes and the notice says what was done. */
  const dialogDone =
    (title: string, message: (admin: AdminAccount) => string, then?: (admin: AdminAccount) => void) =>
    (admin: AdminAccount) => {
      closeDialog();
      then?.(admin);
      setNotice({ tone: 'success', title, message: message(admin) });
    };

  const runBulk = () => {
    if (!bulkAction) return;
    const admins = selection.selected;
    bulk.mutate(
      { action: bulkAction, admins },
      {
        onSuccess: (answer) => {
          // An admin changed since the list showed it was left alone: it stays selected, and the
          // dialog says which and why.
          const failed = new Set(
            (answer.results ?? []).filter((line) => line.status !== 200).map((line) => line.admin_id),
          );
          if (failed.size > 0) {
            selection.remove([...admins.keys()].filter((adminId) => !failed.has(adminId)));
            // Even one the list's filter no longer shows: a retry is on the account as the dialog said.
            selection.update(bulkLineChanges(answer.results ?? []));
            return;
          }
          setNotice({
            tone: 'success',
            title: 'Acción masiva completada',
            message: `${adminCount(answer.processed_count)} ${
              answer.processed_count === 1
                ? BULK_ACTION_COPY[answer.action].doneOne
                : BULK_ACTION_COPY[answer.action].done
            }.`,
          });
          selection.clear();
          setBulkAction(null);
          bulk.reset();
          actionDone();
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader
        level={standalone ? 1 : 2}
        title="Aprobar Admins"
        description="Apruebe, edite o suspenda las cuentas de administrador; hasta 50 a la vez."
      />
      <AdminStatsPanel />
      <Suspense fallback={null}>
        <TwoFactorPolicySwitch />
      </Suspense>
      <ApprovalNotice notice={actions.notice} onDismiss={() => setNotice(null)} />
      <AdminFilters
        status={filters.status}
        search={filters.search}
        onStatusChange={filters.setStatus}
        onSearchChange={filters.setSearch}
      />
      <ListSortControls
        fields={ADMIN_SORT_OPTIONS}
        pageSizes={ADMIN_PAGE_SIZES}
        view={filters}
        onChange={({ sortBy = filters.sortBy, sortOrder, pageSize }) =>
          pageSize === undefined ? filters.setSort(sortBy, sortOrder) : filters.setPageSize(pageSize)
        }
      />
      <BulkActionBar
        count={selection.selected.size}
        hidden={hiddenFromView(
          selection.selected,
          list.data?.admins.map((admin) => admin.admin_id),
        )}
        refused={selection.refused}
        onAction={(action) => {
          setNotice(null);
          bulk.reset();
          setBulkAction(action);
        }}
        onClear={selection.clear}
      />
      <section ref={results} tabIndex={-1} aria-label="Lista de administradores" className="outline-none">
        <AdminListView
          data={list.data}
          error={list.error}
          loading={list.isPending}
          fetching={list.isFetching}
          onRetry={() => void list.refetch()}
          status={filters.status}
          search={filters.search}
          onShowAll={() => filters.setStatus('all')}
          onClearSearch={() => filters.setSearch('')}
          onPageChange={filters.setPage}
          lockouts={activeLocks(lockouts.data)}
          selected={selection.selected}
          onSelect={selection.toggle}
          onSelectPage={selection.togglePage}
          onActivate={actions.activate}
          onUnlock={actions.unlock}
          onEdit={open('edit')}
          onResetPassword={open('reset')}
          onDelete={open('delete')}
          onSessions={setSessionsOf}
          busy={actions.busy}
        />
      </section>

      <EditAdminModal
        admin={dialogAdmin('edit')}
        onClose={closeDialog}
        onDone={dialogDone(
          'Administrador actualizado',
          (admin) => `Los datos de ${fullName(admin)} (${admin.admin_email}) se guardaron.`,
        )}
      />
      <ResetPasswordModal
        admin={dialogAdmin('reset')}
        onClose={closeDialog}
        onDone={dialogDone(
          'Contraseña restablecida',
          (admin) => `${fullName(admin)} (${admin.admin_email}) debe iniciar sesión con la nueva contraseña.`,
        )}
      />
      <DeleteAdminModal
        admin={dialogAdmin('delete')}
        onClose={closeDialog}
        onDone={dialogDone(
          'Administrador eliminado',
          (admin) => `La cuenta de ${fullName(admin)} (${admin.admin_email}) fue eliminada.`,
          (admin) => selection.remove([admin.admin_id]),
        )}
      />
      {sessionsOf ? (
        <Suspense fallback={null}>
          <AdminSessionsModal admin={sessionsOf} onClose={() => setSessionsOf(null)} />
        </Suspense>
      ) : null}
      <BulkConfirmModal
        action={bulkAction}
        admins={[...selection.selected.values()]}
        pending={bulk.isPending}
        error={bulk.error ? `No se pudo completar la acción: ${bulk.error.message}` : null}
        outcome={
          bulk.data?.results?.some((line) => line.status !== 200) && bulk.variables
            ? { results: bulk.data.results, admins: bulk.variables.admins }
            : null
        }
        onConfirm={runBulk}
        onClose={() => {
          setBulkAction(null);
          bulk.reset();
        }}
        focusFallback={results}
      />
    </div>
  );
}
