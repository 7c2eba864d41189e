import { Link } from 'react-router';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { plural } from '../../../lib/plural.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { useSession } from '../../../session/use-session.ts';
import { focusRing } from '../../../ui/cn.ts';
import { QueryError } from '../../../ui/data-states.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useRecentImports } from '../api/use-business-import.ts';

/** Each status of an import ('la importación'): feminine, as the result's banners say it. */
const STATUS_LABELS: Record<ImportRecord['status'], string> = {
  uploaded: 'Subida',
  previewed: 'Revisada',
  queued: 'En cola',
  running: 'Importando',
  done: 'Terminada',
  failed: 'Detenida',
  cancelled: 'Cancelada',
};
const DONE_WITH_ERRORS = 'Terminada con errores';
const STATUS_TONES = {
  done: 'green',
  failed: 'red',
  cancelled: 'red',
  running: 'amber',
  queued: 'amber',
} as const;

/** Its badge: 'Terminada' in amber, with the word, when some rows were not imported. */
function statusBadge(item: ImportRecord) {
  if (item.status === 'done' && item.error_count > 0) {
    return (
      <StatusBadge tone="amber" className="shrink-0">
        {DONE_WITH_ERRORS}
      </StatusBadge>
    );
  }
  return (
    <StatusBadge
      tone={STATUS_TONES[item.status as keyof typeof STATUS_TONES] ?? 'slate'}
      className="shrink-0"
    >
      {STATUS_LABELS[item.status]}
    </StatusBadge>
  );
}

/**
 * The person's latest imports (the master's: everyone's, each with who started it), each a link
 * back to its page. The name and badge share a line; the rows, date and person go below, none of
 * them broken inside ('3 filas', '10:18 a. m.').
 */
export function RecentImports() {
  const imports = useRecentImports();
  const master = useSession().session?.loginType === 'master';
  const items = imports.data ?? [];
  if (imports.isError) {
    return <QueryError query={imports} title="No se pudieron cargar las importaciones recientes" />;
  }
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports" className="rounded-lg border border-slate-200 bg-white">
      <h2
        id="recent-imports"
        className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900"
      >
        Importaciones recientes
      </h2>
      <ul className="divide-y divide-slate-100">
        {items.slice(0, 10).map((item) => (
          <li key={item.import_id} className="px-4 py-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <Link
                to={`/importar?importacion=${item.import_id}`}
                className={`min-w-0 truncate rounded font-medium text-blue-700 hover:underline ${focusRing}`}
              >
                {item.file_name}
              </Link>
              {statusBadge(item)}
            </div>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-slate-600">
              <span className="whitespace-nowrap">
                {formatCount(item.total_rows)} {plural(item.total_rows, 'fila', 'filas')}
              </span>
              <span className="whitespace-nowrap">{formatDateTime(String(item.created_at))}</span>
              {master ? <span className="min-w-0 break-words">por {actorName(item.created_by)}</span> : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
