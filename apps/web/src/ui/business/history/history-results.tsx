// The history list in its four states (DESIGN §9), with 'Cargar más registros' and the count.
import { ChevronDown, History } from 'lucide-react';
import type { ChangeLog } from '../../../api/change-logs-api.ts';
import { plural } from '../../../lib/plural.ts';
import { Button } from '../../button.tsx';
import { LoadError, LoadingState } from '../../data-states.tsx';
import { EmptyState } from '../../empty-state.tsx';
import { HistoryCards } from './history-cards.tsx';
import { HistoryTable } from './history-table.tsx';

const count = new Intl.NumberFormat('es-PR');

interface HistoryResultsProps {
  logs: ChangeLog[] | undefined;
  total: number;
  filtered: boolean;
  loading: boolean;
  /** The first page failed (nothing to show). */
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** Loading a further page failed; the rows already shown stay. */
  moreError: Error | null;
  onLoadMore: () => void;
}

export function HistoryResults(props: HistoryResultsProps) {
  const { logs, total, filtered, loading, error, onRetry, retrying } = props;
  if (loading) return <LoadingState label="Cargando historial..." />;
  if (error || !logs) {
    return (
      <LoadError
        title="Error al cargar historial"
        message={error?.message ?? ''}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  if (logs.length === 0) {
    return (
      <EmptyState
        icon={<History className="size-6" />}
        headingLevel={3}
        title="Sin historial de cambios"
        description={
          filtered
            ? 'Ningún cambio de este negocio coincide con los filtros.'
            : 'Todavía no hay cambios registrados para este negocio.'
        }
      />
    );
  }
  return (
    <div className="space-y-4">
      <HistoryTable logs={logs} />
      <HistoryCards logs={logs} />
      {props.moreError ? (
        <LoadError
          title="Error al cargar historial"
          message={props.moreError.message}
          onRetry={props.onLoadMore}
          retrying={props.loadingMore}
        />
      ) : null}
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          Mostrando {count.format(logs.length)} de {count.format(total)}{' '}
          {plural(total, 'registro', 'registros')}
        </p>
        {props.hasMore && !props.moreError ? (
          <Button
            variant="secondary"
            onClick={props.onLoadMore}
            loading={props.loadingMore}
            icon={<ChevronDown className="size-4" aria-hidden="true" />}
          >
            Cargar más registros
          </Button>
        ) : null}
      </div>
    </div>
  );
}
