// 'Papelera' (master only): the deleted businesses, searched on the server and paged,
// each with 'Restaurar' and 'Eliminar definitivamente', and a checkbox for 'Restaurar seleccionados'
// (many at once; the selection outlives a page or a search). Search and page live in the URL.
import { TRASH_PAGE_SIZE } from '@portal/contract/business-trash';
import { LIMITS, TIMING } from '@portal/contract/limits';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { type ListChanges, withListChanges } from '../../../lib/list-search-params.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useFocusAfterChange } from '../../../lib/use-focus-after-change.ts';
import { useLatestSearchParams } from '../../../lib/use-latest-search-params.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { EmptyState, NoMatches } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageSizeSelect, pageSizeFrom, pageSizesWith } from '../../../ui/page-size-select.tsx';
import { Pagination, ShownRange } from '../../../ui/pagination.tsx';
import { SearchInput } from '../../../ui/search-input.tsx';
import { SelectCheckbox } from '../../../ui/select-checkbox.tsx';
import { useRestoreBusiness, useTrashPage } from '../api/use-trash.ts';
import { pageState, useTrashSelection } from '../use-trash-selection.ts';
import { BulkRestoreModal } from './bulk-restore-modal.tsx';
import { PurgeModal } from './purge-modal.tsx';
import { TrashList } from './trash-list.tsx';
import { TrashSelectionBar } from './trash-selection-bar.tsx';
import { BULK_RESTORE_TEXTS, failureText, TRASH_TEXTS } from './trash-texts.ts';

const PAGE_SIZES = pageSizesWith(TRASH_PAGE_SIZE);
const LIST_KEYS = { page: 'pagina', defaultPageSize: TRASH_PAGE_SIZE };

export default function TrashScreen() {
  const [params, setParams] = useLatestSearchParams();
  const typed = params.get('q') ?? '';
  const search = useDebouncedValue(typed.trim(), TIMING.searchDebounceMs);
  const requested = Number.parseInt(params.get('pagina') ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 1 ? requested : 1;
  const pageSize = pageSizeFrom(params.get('filas'), PAGE_SIZES, TRASH_PAGE_SIZE);
  const searching = search.length >= LIMITS.searchMinLength;
  const query = {
    search: searching ? search : undefined,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
  const list = useTrashPage(query);
  const restore = useRestoreBusiness();
  const [restoring, setRestoring] = useState<string | null>(null);
  const [purging, setPurging] = useState<TrashedBusiness | null>(null);
  const selection = useTrashSelection();
  // The selection as 'Restaurar seleccionados' found it: the dialog asks about and restores these.
  const [bulkRows, setBulkRows] = useState<ReadonlyMap<string, TrashedBusiness> | null>(null);
  const results = useRef<HTMLElement>(null);
  const actionDone = useFocusAfterChange(results, list.data);

  const update = (changes: ListChanges, replace = changes.q !== undefined) =>
    setParams((current) => withListChanges(current, changes, LIST_KEYS), { replace });

  const onRestore = (business: TrashedBusiness) => {
    setRestoring(business.business_registry_number);
    restore.mutate(business.business_registry_number, {
      onSuccess: () => {
        selection.remove([business.business_registry_number]);
        toast.success(TRASH_TEXTS.restored(business.business_name));
      },
      onError: (error) => toast.error(failureText(error)),
      onSettled: () => {
        setRestoring(null);
        actionDone();
      },
    });
  };

  const data = list.data;
  const rows = data?.businesses ?? [];
  const pageChecked = pageState(selection.selected, rows);
  const totalPages = Math.max(1, Math.ceil((data?.total_count ?? 0) / pageSize));
  // A page past the end (an old link, or the last row of the last page restored or purged): the last page.
  const pastEnd = !!data && data.businesses.length === 0 && data.total_count > 0 && page > totalPages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: update is a new function each render
  useEffect(() => {
    if (pastEnd) update({ page: totalPages }, true);
  }, [pastEnd, totalPages]);

  const body = () => {
    if (list.isPending || pastEnd) return <LoadingState />;
    if (list.isError) return <QueryError query={list} title="Error al cargar la papelera" />;
    if (data && data.total_count === 0 && !query.search) {
      return (
        <EmptyState
          icon={<Trash2 className="size-6" />}
          title="La papelera está vacía"
          description="Los negocios eliminados aparecerán aquí hasta que se eliminen definitivamente."
        />
      );
    }
    if (data && data.businesses.length === 0) {
      return (
        <NoMatches
          title="No se encontraron negocios"
          description={`Ningún negocio de la papelera coincide con "${typed.trim()}".`}
          clearLabel="Limpiar búsqueda"
          onClear={() => update({ q: '' })}
        />
      );
    }
    return (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <SelectCheckbox
              id="papelera-pagina"
              label={BULK_RESTORE_TEXTS.selectPage}
              showLabel
              checked={pageChecked.all}
              indeterminate={pageChecked.some}
              onChange={() => selection.setRows(rows, !pageChecked.all)}
            />
            <ShownRange
              first={query.offset + 1}
              shown={rows.length}
              total={data?.total_count ?? 0}
              noun={['negocio', 'negocios']}
            />
          </div>
          <PageSizeSelect value={pageSize} sizes={PAGE_SIZES} onChange={(filas) => update({ filas })} />
        </div>
        <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <TrashList
            rows={rows}
            restoring={restoring}
            onRestore={onRestore}
            onPurge={setPurging}
            selection={selection}
          />
        </div>
        <Pagination page={page} totalPages={totalPages} onPageChange={(next) => update({ page: next })} />
      </div>
    );
  };

  return (
    <section>
      <PageHeader
        title={TRASH_TEXTS.title}
        description={TRASH_TEXTS.description}
        actions={
          <Button
            variant="secondary"
            onClick={() => list.refetch()}
            loading={list.isFetching && !list.isPending}
            disabled={list.isPending}
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
          >
            Actualizar
          </Button>
        }
      />
      <div className="space-y-6">
        <div className="space-y-1.5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <label htmlFor="trash-search" className="block text-sm font-medium text-slate-800">
            Buscar en la papelera
          </label>
          <SearchInput
            id="trash-search"
            value={typed}
            onValueChange={(value) => update({ q: value })}
            placeholder="Nombre, email, teléfono o registro"
          />
        </div>
        <section ref={results} tabIndex={-1} aria-label="Resultados de la papelera" className="outline-none">
          {body()}
        </section>
        <TrashSelectionBar
          count={selection.count}
          onClear={selection.clear}
          onRestore={() => setBulkRows(selection.selected)}
        />
      </div>
      {bulkRows ? (
        <BulkRestoreModal
          rows={bulkRows}
          focusFallback={results}
          onRestored={(registries) => selection.remove(registries)}
          onClose={() => setBulkRows(null)}
        />
      ) : null}
      {purging ? (
        <PurgeModal
          business={purging}
          focusFallback={results}
          onPurged={(business) => {
            setPurging(null);
            selection.remove([business.business_registry_number]);
            actionDone();
            toast.success(TRASH_TEXTS.purged(business.business_name));
          }}
          onClose={() => setPurging(null)}
        />
      ) : null}
    </section>
  );
}
