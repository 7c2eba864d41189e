import { MSG } from '@portal/contract/messages';
import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { displayMessage } from '../../../lib/message-translator.ts';
import { LoadingState, QueryError } from '../../data-states.tsx';
import { EmptyState } from '../../empty-state.tsx';
import { Pagination } from '../../pagination.tsx';
import { AccessHistoryList } from './access-history-list.tsx';
import { AccessHistoryTable } from './access-history-table.tsx';
import type { Viewer } from './access-rules.ts';
import { HISTORY_PAGE_SIZE, useAccessHistory } from './use-access-history.ts';

interface AccessHistorySectionProps {
  registry: string;
  page: number;
  onPageChange: (page: number) => void;
  viewer: Viewer;
}

/** Beyond SPEC: every toggle change the server logged (who, when, which switch, old → new, IP). */
export function AccessHistorySection({ registry, page, onPageChange, viewer }: AccessHistorySectionProps) {
  const history = useAccessHistory(registry, page);
  const total = history.data?.total_count ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

  let body: ReactNode;
  if (history.isPending) body = <LoadingState label="Cargando historial..." />;
  else if (history.isError)
    body = (
      <QueryError
        query={history}
        title="Error al cargar historial"
        fallback={displayMessage(MSG.sendCodeUnexpected)}
      />
    );
  else if (total === 0)
    body = (
      <EmptyState
        icon={<History className="size-6" />}
        headingLevel={4}
        title="Sin cambios registrados"
        description="Cuando alguien active o desactive un control de este negocio, aparecerá aquí."
      />
    );
  else
    body = (
      <div className="space-y-4" aria-busy={history.isFetching || undefined}>
        <div className="hidden md:block">
          <AccessHistoryTable entries={history.data.history} viewer={viewer} />
        </div>
        <div className="md:hidden">
          <AccessHistoryList entries={history.data.history} viewer={viewer} />
        </div>
        <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
      </div>
    );

  return (
    <section aria-labelledby="access-history-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 id="access-history-heading" className="text-base font-semibold text-slate-900">
            Historial de Cambios de Acceso
          </h3>
          <p className="text-sm text-slate-600">
            Cada cambio de un control queda registrado, el más reciente primero.
          </p>
        </div>
        {history.data && total > 0 ? (
          <p className="text-sm text-slate-600">
            {new Intl.NumberFormat('es-PR').format(total)} {total === 1 ? 'cambio' : 'cambios'}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
