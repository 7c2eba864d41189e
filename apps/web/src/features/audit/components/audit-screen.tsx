// Tab 'Auditoría' (master only): every staff write, who, what, when, from where.
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useLatestSearchParams } from '../../../lib/use-latest-search-params.ts';
import { Button } from '../../../ui/button.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ListSortControls } from '../../../ui/list-sort-controls.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { useAuditExport } from '../api/use-audit-export.ts';
import { useStaffActions } from '../api/use-staff-actions.ts';
import {
  AUDIT_DEFAULT_ORDER,
  AUDIT_PAGE_SIZES,
  AUDIT_SORT_OPTIONS,
  type AuditView,
  EMPTY_AUDIT_FILTERS,
  isFiltered,
  readAuditView,
  toAuditQuery,
  toAuditSort,
  writeAuditView,
} from '../audit-view.ts';
import { AuditFiltersForm } from './audit-filters.tsx';
import { AuditResults } from './audit-results.tsx';

const count = new Intl.NumberFormat('es-PR');

export default function AuditScreen() {
  const [params, setParams] = useLatestSearchParams();
  const view = useMemo(() => readAuditView(params), [params]);
  const update = useCallback(
    (changes: Partial<AuditView>) =>
      setParams((current) => writeAuditView(current, { ...readAuditView(current), page: 1, ...changes })),
    [setParams],
  );
  const query = useMemo(() => ({ ...toAuditQuery(view), ...toAuditSort(view) }), [view]);
  const list = useStaffActions(query, view.page, view.pageSize);
  const exporter = useAuditExport(query);
  const data = list.isError ? undefined : list.data;
  // A page past the end (an old link, a bookmarked ?pagina=99): the last page instead.
  const lastPage = Math.max(1, Math.ceil((data?.total_count ?? 0) / view.pageSize));
  const pastEnd =
    !!data && !list.isPlaceholderData && data.staff_actions.length === 0 && view.page > lastPage;
  useEffect(() => {
    if (pastEnd)
      setParams((current) => writeAuditView(current, { ...readAuditView(current), page: lastPage }), {
        replace: true,
      });
  }, [pastEnd, lastPage, setParams]);

  return (
    <div className="space-y-6">
      <PageHeader
        title={data ? `Auditoría (${count.format(data.total_count)})` : 'Auditoría'}
        description="Cada acción del personal: quién, qué, cuándo, y desde qué IP y navegador."
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isPending}
              disabled={list.isPending}
              icon={<RefreshCw className="size-4" aria-hidden="true" />}
            >
              Actualizar
            </Button>
            <ExportMenu exporter={exporter} disabled={data?.total_count === 0} />
          </>
        }
      />
      <AuditFiltersForm applied={view} onApply={(filters) => update(filters)} />
      <ListSortControls
        fields={AUDIT_SORT_OPTIONS}
        pageSizes={AUDIT_PAGE_SIZES}
        view={view}
        defaultOrder={AUDIT_DEFAULT_ORDER}
        onChange={update}
      />
      <section aria-label="Resultados de auditoría">
        <AuditResults
          data={pastEnd ? undefined : data}
          error={list.isError ? list.error : null}
          page={view.page}
          pageSize={view.pageSize}
          stale={list.isPlaceholderData}
          retrying={list.isFetching}
          filtered={isFiltered(view)}
          onRetry={() => void list.refetch()}
          onPage={(page) => update({ page })}
          onClear={() => update(EMPTY_AUDIT_FILTERS)}
        />
      </section>
    </div>
  );
}
