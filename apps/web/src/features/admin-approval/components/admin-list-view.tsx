import type { AdminAccount } from '@portal/contract/admin-registration';
import { Users } from 'lucide-react';
import type { AdminListAnswer } from '../../../api/admin-accounts-api.ts';
import { plural, shownSpan } from '../../../lib/plural.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { EmptyState, NoMatches } from '../../../ui/empty-state.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { STATUS_LABEL, type StatusFilter } from '../admin-status.ts';
import { AdminCardList } from './admin-card-list.tsx';
import type { AdminRowHandlers } from './admin-row-actions.tsx';
import { AdminTable } from './admin-table.tsx';

const number = new Intl.NumberFormat('es-PR');

interface AdminListViewProps extends AdminRowHandlers {
  data: AdminListAnswer | undefined;
  error: Error | null;
  loading: boolean;
  fetching: boolean;
  onRetry: () => void;
  status: StatusFilter;
  search: string;
  onShowAll: () => void;
  onClearSearch: () => void;
  onPageChange: (page: number) => void;
  lockouts: ReadonlyMap<number, string>;
  selected: { has: (adminId: number) => boolean };
  onSelectPage: (admins: AdminAccount[], checked: boolean) => void;
}

/** The four states (DESIGN §9), then the table (>= 768 px) or the cards, and the pages. */
export function AdminListView({
  data,
  error,
  loading,
  fetching,
  onRetry,
  status,
  search,
  onShowAll,
  onClearSearch,
  onPageChange,
  onSelectPage,
  ...list
}: AdminListViewProps) {
  if (error && !data) {
    return (
      <LoadError
        title="Error al cargar los administradores"
        message={error.message}
        onRetry={onRetry}
        retrying={fetching}
      />
    );
  }
  if (loading || !data) return <LoadingState />;

  if (data.admins.length === 0) {
    if (search.trim()) {
      return (
        <NoMatches
          title="Sin resultados"
          description={`No se encontraron administradores que coincidan con "${search.trim()}".`}
          clearLabel="Limpiar búsqueda"
          onClear={onClearSearch}
        />
      );
    }
    return (
      <EmptyState
        icon={<Users className="size-6" />}
        title="No hay administradores"
        description={
          status === 'all'
            ? 'Todavía no se ha registrado ningún administrador.'
            : `No hay administradores con estado ${STATUS_LABEL[status].toLowerCase()}.`
        }
        action={
          status === 'all' ? undefined : (
            <Button variant="secondary" onClick={onShowAll}>
              Ver todos
            </Button>
          )
        }
      />
    );
  }

  const { pagination } = data;
  const first = (pagination.currentPage - 1) * pagination.pageSize + 1;
  const last = first + data.admins.length - 1;
  const rows = {
    admins: data.admins,
    onSelectPage: (checked: boolean) => onSelectPage(data.admins, checked),
  };
  return (
    <div className="space-y-4" aria-busy={fetching || undefined}>
      {error ? (
        <LoadError
          title="No se pudo actualizar la lista de administradores"
          message={error.message}
          onRetry={onRetry}
          retrying={fetching}
        />
      ) : null}
      <p className="text-sm text-slate-600" aria-live="polite">
        Mostrando {shownSpan(first, last)} de {number.format(pagination.totalRecords)}{' '}
        {plural(pagination.totalRecords, 'administrador', 'administradores')}
      </p>
      <div className="hidden md:block">
        <AdminTable {...list} {...rows} />
      </div>
      <div className="md:hidden">
        <AdminCardList {...list} {...rows} />
      </div>
      <Pagination
        page={pagination.currentPage}
        totalPages={pagination.totalPages}
        onPageChange={onPageChange}
      />
    </div>
  );
}
