import type { AccessHistoryEntry } from '@portal/contract/access';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { AccessHistoryValue } from './access-history-value.tsx';
import { accessLabel, historyTarget, type Viewer } from './access-rules.ts';

/** Below 768 px: one card per change. */
export function AccessHistoryList({ entries, viewer }: { entries: AccessHistoryEntry[]; viewer: Viewer }) {
  return (
    <ul aria-label="Historial de Cambios de Acceso" className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{accessLabel(entry.access_type)}</p>
            <p className="text-xs break-words text-slate-500">{historyTarget(entry, viewer)}</p>
          </div>
          <AccessHistoryValue oldValue={entry.old_value} newValue={entry.new_value} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
            <dt>Fecha</dt>
            <dd className="text-slate-800">
              <time dateTime={entry.changed_at}>{formatDateTime(entry.changed_at)}</time>
            </dd>
            <dt>Usuario</dt>
            <dd className="break-all text-slate-800">{actorName(entry.changed_by)}</dd>
            <dt>IP</dt>
            <dd className="font-mono text-slate-800">{entry.ip_address ?? 'N/A'}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
