import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type StatTone = 'slate' | 'blue' | 'green' | 'amber' | 'red';

const iconTones: Record<StatTone, string> = {
  slate: 'bg-slate-100 text-slate-700',
  blue: 'bg-blue-50 text-blue-700',
  green: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-700',
  red: 'bg-red-50 text-red-700',
};

const valueTones: Record<StatTone, string> = {
  slate: 'text-slate-900',
  blue: 'text-blue-700',
  green: 'text-emerald-700',
  amber: 'text-amber-700',
  red: 'text-red-700',
};

interface StatTileProps {
  /** Title Case, as SPEC's tiles ('Total de registros', 'Últimas 24h'); shown as written on every width. */
  label: string;
  /** A formatted number; undefined while it loads (a placeholder, read as 'Cargando'). */
  value: ReactNode;
  icon?: ReactNode;
  /** Colours the icon, or the number when there is no icon. */
  tone?: StatTone;
}

/** One count of a stats strip: the portal's one tile. Place tiles inside a <dl>: each tile is a dt/dd
 * group (a div whose only children are the dt and the dd, as axe and HTML ask); the icon sits in the dt. */
export function StatTile({ label, value, icon, tone = 'slate' }: StatTileProps) {
  return (
    <div
      className={cn(
        'relative min-w-0 rounded-lg border border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3',
        icon ? 'sm:pl-17' : null,
      )}
    >
      <dt className="truncate text-xs font-medium text-slate-600">
        {icon ? (
          <span
            aria-hidden="true"
            className={cn(
              'absolute top-1/2 left-4 hidden size-10 -translate-y-1/2 items-center justify-center rounded-lg sm:flex [&>svg]:size-5',
              iconTones[tone],
            )}
          >
            {icon}
          </span>
        ) : null}
        {label}
      </dt>
      <dd
        className={cn(
          'mt-0.5 text-xl font-semibold tabular-nums sm:text-2xl',
          icon ? 'text-slate-900' : valueTones[tone],
        )}
      >
        {value === undefined ? (
          <>
            <span aria-hidden="true" className="block h-8 w-12 animate-pulse rounded bg-slate-100" />
            <span className="sr-only">Cargando</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
