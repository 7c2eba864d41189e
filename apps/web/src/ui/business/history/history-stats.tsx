import type { ChangeLogStats } from '../../../api/change-logs-api.ts';
import { StatTile } from '../../stat-tile.tsx';

const count = new Intl.NumberFormat('es-PR');
const shown = (value: number | undefined) => (value === undefined ? undefined : count.format(value));

/** Total de registros, Actualizaciones, Últimas 24h over the business's whole history. */
export function HistoryStats({ stats }: { stats: ChangeLogStats | undefined }) {
  return (
    <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
      <StatTile label="Total de registros" value={shown(stats?.total_logs)} />
      <StatTile label="Actualizaciones" value={shown(stats?.update_operations)} />
      <StatTile label="Últimas 24h" value={shown(stats?.recent_changes)} />
    </dl>
  );
}
