import {
  BadgeCheck,
  Building2,
  CalendarPlus,
  CircleAlert,
  CircleDashed,
  type LucideIcon,
  RefreshCw,
} from 'lucide-react';
import type { BusinessStats } from '../../../api/business-data-api.ts';
import { cn, focusRing } from '../../../ui/cn.ts';
import { StatTile, type StatTone } from '../../../ui/stat-tile.tsx';
import { useBusinessStats } from '../api/use-business-stats.ts';
import { formatCount } from '../directory-wording.ts';

const TOP_CATEGORIES = 5;

// SPEC §4's three states side by side: they add up to the total.
const TILES: {
  key: Exclude<keyof BusinessStats, 'categories'>;
  label: string;
  Icon: LucideIcon;
  tone: StatTone;
}[] = [
  { key: 'total_businesses', label: 'Total de Negocios', Icon: Building2, tone: 'blue' },
  { key: 'verified_businesses', label: 'Verificados', Icon: BadgeCheck, tone: 'green' },
  {
    key: 'partially_verified_businesses',
    label: 'Parcialmente Verificados',
    Icon: CircleDashed,
    tone: 'amber',
  },
  { key: 'unverified_businesses', label: 'No Verificados', Icon: CircleAlert, tone: 'red' },
  { key: 'recent_registrations', label: 'Registrados en 30 Días', Icon: CalendarPlus, tone: 'slate' },
];

// Typical widths of the top categories' buttons (a category name has 17 characters at the median): the
// row that waits for them wraps like the row that comes, so the search and the results below do not
// jump down when it fills in.
const PLACEHOLDER_WIDTHS = ['w-40', 'w-56', 'w-40', 'w-24', 'w-44'];

/** The row of top categories while the totals load. */
function CategoriesPlaceholder() {
  return (
    <div aria-hidden="true" className="flex flex-wrap items-center gap-2">
      <p className="text-xs font-medium text-slate-600">Categorías principales:</p>
      <ul className="flex flex-wrap gap-2">
        {PLACEHOLDER_WIDTHS.map((width) => (
          <li key={width}>
            <span className={cn('block h-10 animate-pulse rounded-full bg-slate-100', width)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The directory's totals (SPEC §3 "Business stats", §9: last 30 days, top 5 categories). */
export function DirectoryStatsStrip({ onPickCategory }: { onPickCategory: (category: string) => void }) {
  const stats = useBusinessStats();

  if (stats.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600">
        <span>No se pudieron cargar las estadísticas del directorio.</span>
        <button
          type="button"
          onClick={() => void stats.refetch()}
          className={cn(
            'inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 font-medium text-blue-700 hover:bg-blue-50',
            focusRing,
          )}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          Reintentar
        </button>
      </div>
    );
  }

  const data = stats.data;
  const value = (count: number | undefined) => (count === undefined ? undefined : formatCount(count));
  const top = data?.categories.slice(0, TOP_CATEGORIES) ?? [];

  return (
    <section
      aria-label="Resumen del directorio"
      aria-busy={stats.isPending || undefined}
      className="space-y-3"
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5 [&>:first-child]:col-span-2 sm:[&>:first-child]:col-span-1">
        {TILES.map(({ key, label, Icon, tone }) => (
          <StatTile key={key} label={label} value={value(data?.[key])} icon={<Icon />} tone={tone} />
        ))}
      </dl>
      {top.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-xs font-medium text-slate-600">Categorías principales:</h3>
          <ul className="flex flex-wrap gap-2">
            {top.map((entry) => (
              <li key={entry.category}>
                <button
                  type="button"
                  onClick={() => onPickCategory(entry.category)}
                  className={cn(
                    'inline-flex min-h-10 items-center gap-2 rounded-full border border-slate-200 bg-white px-3 text-sm text-slate-700 hover:border-blue-300 hover:bg-blue-50',
                    focusRing,
                  )}
                >
                  <span className="sr-only">Filtrar por </span>
                  {entry.category}
                  <span className="rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-600 tabular-nums">
                    {formatCount(entry.count)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : stats.isPending ? (
        <CategoriesPlaceholder />
      ) : null}
    </section>
  );
}
