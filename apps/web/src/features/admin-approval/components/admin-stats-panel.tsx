import type { AdminStats } from '@portal/contract/admin-registration';
import { QueryError } from '../../../ui/data-states.tsx';
import { StatTile, type StatTone } from '../../../ui/stat-tile.tsx';
import { useAdminStats } from '../api/use-admin-queries.ts';

const number = new Intl.NumberFormat('es-PR');

const TILES: { key: keyof AdminStats; label: string; tone: StatTone }[] = [
  { key: 'total_admins', label: 'Total', tone: 'slate' },
  { key: 'pending_admins', label: 'Pendientes', tone: 'amber' },
  { key: 'active_admins', label: 'Activos', tone: 'green' },
  { key: 'inactive_admins', label: 'Inactivos', tone: 'slate' },
  { key: 'suspended_admins', label: 'Suspendidos', tone: 'red' },
];

/** Counts per status (SPEC §7 GET /stats), above the list. */
export function AdminStatsPanel() {
  const stats = useAdminStats();
  if (stats.isError) {
    return <QueryError query={stats} title="No se pudieron cargar las estadísticas" />;
  }
  return (
    <section aria-label="Estadísticas de administradores">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4 md:grid-cols-5">
        {TILES.map((tile) => (
          <StatTile
            key={tile.key}
            label={tile.label}
            tone={tile.tone}
            value={stats.data ? number.format(stats.data[tile.key]) : undefined}
          />
        ))}
      </dl>
    </section>
  );
}
