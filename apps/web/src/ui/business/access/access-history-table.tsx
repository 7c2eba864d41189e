import type { AccessHistoryEntry } from '@portal/contract/access';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../table.tsx';
import { AccessHistoryValue } from './access-history-value.tsx';
import { accessLabel, historyTarget, type Viewer } from './access-rules.ts';

/** From 768 px: fecha, usuario, control, anterior → nuevo, IP. */
export function AccessHistoryTable({ entries, viewer }: { entries: AccessHistoryEntry[]; viewer: Viewer }) {
  return (
    <Table>
      <caption className="sr-only">Historial de Cambios de Acceso</caption>
      <TableHead>
        <tr>
          <TableHeaderCell>Fecha</TableHeaderCell>
          <TableHeaderCell>Usuario</TableHeaderCell>
          <TableHeaderCell>Control</TableHeaderCell>
          <TableHeaderCell>Anterior → Nuevo</TableHeaderCell>
          <TableHeaderCell>IP</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-nowrap">
              <time dateTime={entry.changed_at}>{formatDateTime(entry.changed_at)}</time>
            </TableCell>
            <TableCell className="break-all">{actorName(entry.changed_by)}</TableCell>
            <TableCell>
              <span className="block font-medium">{accessLabel(entry.access_type)}</span>
              <span className="block text-xs text-slate-500">{historyTarget(entry, viewer)}</span>
            </TableCell>
            <TableCell>
              <AccessHistoryValue oldValue={entry.old_value} newValue={entry.new_value} />
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{entry.ip_address ?? 'N/A'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
