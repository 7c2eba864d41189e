import type { ChangeLog } from '../../../api/change-logs-api.ts';
import { changedByName } from '../../../lib/actor-name.ts';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../table.tsx';
import { FieldName, LogClient, LogTime, LogValue, OperationBadge } from './history-log-parts.tsx';

/** The history as a table, from 768 px. */
export function HistoryTable({ logs }: { logs: ChangeLog[] }) {
  return (
    <div className="hidden md:block">
      <Table>
        <TableHead>
          <tr>
            <TableHeaderCell>Operación</TableHeaderCell>
            <TableHeaderCell>Campo</TableHeaderCell>
            <TableHeaderCell>Valor Anterior</TableHeaderCell>
            <TableHeaderCell>Nuevo Valor</TableHeaderCell>
            <TableHeaderCell>Usuario</TableHeaderCell>
            <TableHeaderCell>Fecha y Hora</TableHeaderCell>
            <TableHeaderCell>IP / Navegador</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {logs.map((log) => (
            <TableRow key={log.log_id}>
              <TableCell>
                <OperationBadge operation={log.operation_type} />
              </TableCell>
              <TableCell className="font-medium">
                <FieldName column={log.changed_column} />
              </TableCell>
              <TableCell className="max-w-48">
                <LogValue column={log.changed_column} value={log.old_value} />
              </TableCell>
              <TableCell className="max-w-48">
                <LogValue column={log.changed_column} value={log.new_value} />
              </TableCell>
              <TableCell className="max-w-40 break-words">{changedByName(log.changed_by)}</TableCell>
              <TableCell>
                <LogTime at={log.changed_at} />
              </TableCell>
              <TableCell>
                <LogClient log={log} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
