import type { AdminStats } from '@portal/contract/admin-registration';
import { cn } from '../../../ui/cn.ts';
import { LoadError } from '../../../ui/data-states.tsx';
import { useAdminStats } from '../api/use-admin-queries.ts';

const number = new Intl.NumberFormat('es-PR');

const TILES: { key: keyof AdminStats; label: string; accent: string }[] = [
  { key: 'total_admins', label: 'Total', accent: 'text-slate-900' },
  { key: 'pending_admins', label: 'Pendientes', accent: 'text-amber-700' },
  { key: 'active_admins', label: 'Activos', accent: 'text-emerald-700' },
  { key: 'inactive_admins', label: 'Inactivos', accent: 'text-slate-700' },
  { key: 'suspended_admins', label: 'Suspendidos', accent: 'text-red-700' },
];

/** Counts per status (SPEC §7 GET /stats), above the list. */
export function AdminStatsPanel() {
  const stats = useAdminStats();
  if (stats.isError) {
    return (
      <LoadError
        title="No se pudieron cargar las estadísticas"
        message={stats.error.message}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  return (
    <section aria-label="Estadísticas de administradores">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4 md:grid-cols-5">
        {TILES.map((tile) => (
          <div
            key={tile.key}
            className="min-w-0 rounded-lg border border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3"
          >
            <dt className="truncate text-xs font-medium text-slate-500 sm:tracking-wide sm:uppercase">
              {tile.label}
            </dt>
            <dd className={cn('mt-1 text-xl font-semibold tabular-nums sm:text-2xl', tile.accent)}>
              {stats.data ? (
                number.format(stats.data[tile.key])
              ) : (
                <>
                  <span aria-hidden="true" className="block h-8 w-12 animate-pulse rounded bg-slate-100" />
                  <span className="sr-only">Cargando</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
