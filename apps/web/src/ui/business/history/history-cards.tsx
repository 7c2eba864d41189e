import type { ChangeLog } from '../../../api/change-logs-api.ts';
import { changedByName } from '../../../lib/actor-name.ts';
import { FieldName, LogClient, LogTime, LogValue, OperationBadge } from './history-log-parts.tsx';

/** The history as stacked cards, below 768 px. */
export function HistoryCards({ logs }: { logs: ChangeLog[] }) {
  return (
    <ul className="space-y-3 md:hidden">
      {logs.map((log) => (
        <li key={log.log_id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <OperationBadge operation={log.operation_type} />
            <span className="font-medium text-slate-900">
              <FieldName column={log.changed_column} />
            </span>
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
            <dt className="text-slate-500">Valor Anterior</dt>
            <dd className="min-w-0">
              <LogValue column={log.changed_column} value={log.old_value} />
            </dd>
            <dt className="text-slate-500">Nuevo Valor</dt>
            <dd className="min-w-0">
              <LogValue column={log.changed_column} value={log.new_value} />
            </dd>
            <dt className="text-slate-500">Usuario</dt>
            <dd className="min-w-0 break-words">{changedByName(log.changed_by)}</dd>
            <dt className="text-slate-500">Fecha y Hora</dt>
            <dd className="min-w-0">
              <LogTime at={log.changed_at} />
            </dd>
            <dt className="text-slate-500">IP / Navegador</dt>
            <dd className="min-w-0">
              <LogClient log={log} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
