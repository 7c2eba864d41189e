import { Link } from 'react-router';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { plural } from '../../../lib/plural.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { focusRing } from '../../../ui/cn.ts';
import { QueryError } from '../../../ui/data-states.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useRecentImports } from '../api/use-business-import.ts';

const STATUS_LABELS: Record<ImportRecord['status'], string> = {
  uploaded: 'Subido',
  previewed: 'Revisado',
  queued: 'En cola',
  running: 'Importando',
  done: 'Terminado',
  failed: 'Detenido',
  cancelled: 'Cancelada',
};
const STATUS_TONES = {
  done: 'green',
  failed: 'red',
  cancelled: 'red',
  running: 'amber',
  queued: 'amber',
} as const;

/** Its badge: 'Terminado' in amber, with the word, when some rows were not imported. */
function statusBadge(item: ImportRecord) {
  if (item.status === 'done' && item.error_count > 0) {
    return <StatusBadge tone="amber">Terminado con errores</StatusBadge>;
  }
  return (
    <StatusBadge tone={STATUS_TONES[item.status as keyof typeof STATUS_TONES] ?? 'slate'}>
      {STATUS_LABELS[item.status]}
    </StatusBadge>
  );
}

/** The person's latest imports (the master's: everyone's), each a link back to its page. */
export function RecentImports() {
  const imports = useRecentImports();
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
          <li
            key={item.import_id}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
          >
            <Link
              to={`/importar?importacion=${item.import_id}`}
              className={`min-w-0 truncate rounded font-medium text-blue-700 hover:underline ${focusRing}`}
            >
              {item.file_name}
            </Link>
            <span className="flex items-center gap-3 text-slate-600">
              <span>
                {formatCount(item.total_rows)} {plural(item.total_rows, 'fila', 'filas')}
              </span>
              <span>{formatDateTime(String(item.created_at))}</span>
              {statusBadge(item)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
