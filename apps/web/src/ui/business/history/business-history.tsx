// A business's change history (SPEC §2 'Historial de Cambios'): tiles, filters, 20 rows at a time,
// 'Actualizar' and 'Exportar' (CSV or Excel). The directory's modal and the business page show this one
// history; the page puts the buttons in its card's heading row, the modal beside the business summary.
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChangeLog } from '../../../api/change-logs-api.ts';
import { Button } from '../../button.tsx';
import { ExportMenu } from '../../export-menu.tsx';
import { HistoryFilters } from './history-filters.tsx';
import { HistoryResults } from './history-results.tsx';
import { HistoryStats } from './history-stats.tsx';
import { type BusinessHistoryState, useBusinessHistory } from './use-business-history.ts';

/**
 * Pages are read by offset, newest first: a change made between two pages moves every row down one,
 * so the next page starts with a row already shown. Each row is shown once.
 */
function uniqueLogs(logs: ChangeLog[]): ChangeLog[] {
  const seen = new Set<number>();
  return logs.filter((log) => !seen.has(log.log_id) && seen.add(log.log_id));
}

/** 'Actualizar' and 'Exportar'. */
export function HistoryActions({ state }: { state: BusinessHistoryState }) {
  const { history, exporter } = state;
  return (
    <div className="flex shrink-0 gap-2">
      <Button
        variant="secondary"
        onClick={() => void history.refetch()}
        loading={history.isRefetching && !history.isFetchingNextPage}
        icon={<RefreshCw className="size-4" aria-hidden="true" />}
        className="flex-1 whitespace-nowrap"
      >
        Actualizar
      </Button>
      <ExportMenu exporter={exporter} className="flex-1" />
    </div>
  );
}

/** The tiles, the filters and the list. */
export function HistoryContent({ state }: { state: BusinessHistoryState }) {
  const { history, filters, setFilters } = state;
  const pages = history.data?.pages;
  const logs = pages && uniqueLogs(pages.flatMap((page) => page.change_logs));
  const latest = pages?.at(-1);
  const failed = history.isError && !history.isFetchNextPageError;

  return (
    <div className="space-y-6">
      {/* Without figures, a failed read leaves the tiles out: its error and 'Reintentar' say it all. */}
      {latest || !failed ? <HistoryStats stats={latest?.stats} /> : null}
      <HistoryFilters filters={filters} onChange={setFilters} />
      <HistoryResults
        logs={logs}
        total={latest?.total_count ?? 0}
        filtered={Boolean(filters.operation_type || filters.changed_column)}
        loading={history.isPending}
        error={failed ? history.error : null}
        onRetry={() => void history.refetch()}
        retrying={history.isRefetching}
        hasMore={Boolean(history.hasNextPage)}
        loadingMore={history.isFetchingNextPage}
        moreError={history.isFetchNextPageError ? history.error : null}
        onLoadMore={() => void history.fetchNextPage()}
      />
    </div>
  );
}

interface BusinessHistoryProps {
  registry: string;
  /** What sits left of the buttons (the modal's business summary). */
  lead?: ReactNode;
}

export function BusinessHistory({ registry, lead }: BusinessHistoryProps) {
  const state = useBusinessHistory(registry);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="min-w-0 flex-1">{lead}</div>
        <HistoryActions state={state} />
      </div>
      <HistoryContent state={state} />
    </div>
  );
}
