import type { ChangeLogStats } from '../../../../api/change-logs-api.ts';

const count = new Intl.NumberFormat('es-PR');

function Tile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-2 sm:block sm:py-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900 sm:mt-1 sm:text-2xl">
        {value === undefined ? '—' : count.format(value)}
      </dd>
    </div>
  );
}

/** Total Logs, Actualizaciones, Últimas 24h over the business's whole history. */
export function HistoryStats({ stats }: { stats: ChangeLogStats | undefined }) {
  return (
    <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
      <Tile label="Total Logs" value={stats?.total_logs} />
      <Tile label="Actualizaciones" value={stats?.update_operations} />
      <Tile label="Últimas 24h" value={stats?.recent_changes} />
    </dl>
  );
}
