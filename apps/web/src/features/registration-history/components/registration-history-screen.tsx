// The master's admin registration history (SPEC §2, §5, §9): every registration, searched and paged
// in the browser.
import { LIMITS } from '@portal/contract/limits';
import { ClipboardList, RefreshCw, UserPlus } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { Link } from 'react-router';
import { type ListChanges, withListChanges } from '../../../lib/list-search-params.ts';
import { useLatestSearchParams } from '../../../lib/use-latest-search-params.ts';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { LoadError, LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { EmptyState, NoMatches } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSizeSelect, pageSizeFrom, pageSizesWith } from '../../../ui/page-size-select.tsx';
import { Pagination, ShownRange } from '../../../ui/pagination.tsx';
import { useRegistrationHistory } from '../api/use-registration-history.ts';
import { filterRegistrations, pageOf } from '../registration-rows.ts';
import { RegistrationCards } from './registration-cards.tsx';
import { RegistrationSearch } from './registration-search.tsx';
import { RegistrationTable } from './registration-table.tsx';

const PAGE_SIZES = pageSizesWith(LIMITS.adminHistoryPageSize);
const LIST_KEYS = { page: 'page', defaultPageSize: LIMITS.adminHistoryPageSize };
const count = new Intl.NumberFormat('es-PR');

const linkButton = cn(
  'inline-flex h-10 items-center gap-2 rounded-md bg-blue-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-blue-700',
  focusRing,
);

export default function RegistrationHistoryScreen() {
  const history = useRegistrationHistory();
  const [params, setParams] = useLatestSearchParams();
  const query = params.get('q') ?? '';

  const pageSize = pageSizeFrom(params.get('filas'), PAGE_SIZES, LIMITS.adminHistoryPageSize);

  const records = history.data?.records ?? [];
  const matches = filterRegistrations(records, query);
  const totalPages = Math.max(1, Math.ceil(matches.length / pageSize));
  const requestedPage = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(requestedPage) ? Math.min(Math.max(requestedPage, 1), totalPages) : 1;
  const shown = pageOf(matches, page, pageSize);

  const update = (changes: ListChanges, replace = false) =>
    setParams((current) => withListChanges(current, changes, LIST_KEYS), { replace });

  const body = () => {
    if (history.isPending) return <LoadingState />;
    if (!history.data) return <QueryError query={history} title="Error al cargar registros" />;
    if (records.length === 0) {
      return (
        <EmptyState
          icon={<ClipboardList className="size-6" />}
          title="Sin registros"
          description="Todavía no se ha registrado ningún administrador."
          action={
            <Link to="/master/admin-registration" className={linkButton}>
              <UserPlus className="size-4" aria-hidden="true" />
              Registrar Admin
            </Link>
          }
        />
      );
    }
    if (matches.length === 0) {
      return (
        <NoMatches
          title="No se encontraron registros"
          description={`Ningún registro coincide con "${query.trim()}".`}
          clearLabel="Limpiar búsqueda"
          onClear={() => update({ q: '' })}
        />
      );
    }
    const first = (page - 1) * pageSize + 1;
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ShownRange
            first={first}
            shown={shown.length}
            total={matches.length}
            noun={['registro', 'registros']}
          />
          <PageSizeSelect value={pageSize} sizes={PAGE_SIZES} onChange={(filas) => update({ filas })} />
        </div>
        <Tooltip.Provider delayDuration={200}>
          <div className="hidden md:block">
            <RegistrationTable records={shown} />
          </div>
          <div className="md:hidden">
            <RegistrationCards records={shown} />
          </div>
        </Tooltip.Provider>
        <Pagination
          page={page}
          totalPages={totalPages}
          maxButtons={5}
          onPageChange={(next) => update({ page: next })}
        />
        {history.data && history.data.records.length < history.data.totalRecords ? (
          <p className="text-xs text-slate-500">
            Se muestran los {count.format(history.data.records.length)} registros más recientes de{' '}
            {count.format(history.data.totalRecords)}.
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section>
      <PageHeader
        level={1}
        title={
          history.data ? `Historial de Registros (${count.format(records.length)})` : 'Historial de Registros'
        }
        description="Administradores registrados por usuarios maestros, del más reciente al más antiguo."
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => history.refetch()}
              loading={history.isFetching && !history.isPending}
              disabled={history.isPending}
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              Actualizar
            </Button>
            <Link to="/master/admin-registration" className={linkButton}>
              <UserPlus className="size-4" aria-hidden="true" />
              Registrar Admin
            </Link>
          </>
        }
      />
      <div className="space-y-6">
        {/* 'Actualizar' (or a read in the background) failed: the rows read before stay below. */}
        {history.isError && history.data ? (
          <LoadError
            title="No se pudo actualizar el historial"
            message={`${history.error.message} Se muestran los registros cargados antes.`}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        ) : null}
        {records.length > 0 ? (
          <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
            <RegistrationSearch value={query} onChange={(value) => update({ q: value }, true)} />
          </div>
        ) : null}
        {body()}
      </div>
    </section>
  );
}
