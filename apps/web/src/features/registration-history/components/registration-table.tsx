import type { AdminRegistrationRecord } from '@portal/contract/admin-registration';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui/table.tsx';
import { masterUserLabel, registrationDate, registrationTime } from '../registration-rows.ts';
import { UserAgentText } from './user-agent-text.tsx';

/** From 768 px: one row per registration. */
export function RegistrationTable({ records }: { records: AdminRegistrationRecord[] }) {
  return (
    <Table>
      <caption className="sr-only">Registros de administradores</caption>
      <TableHead>
        <tr>
          <TableHeaderCell>Nombre</TableHeaderCell>
          <TableHeaderCell>Correo Electrónico</TableHeaderCell>
          <TableHeaderCell>Usuario Maestro</TableHeaderCell>
          <TableHeaderCell>Fecha</TableHeaderCell>
          <TableHeaderCell>Hora</TableHeaderCell>
          <TableHeaderCell>IP</TableHeaderCell>
          <TableHeaderCell>Agente de Usuario</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id}>
            <TableCell>
              <p className="font-medium text-slate-900">
                {record.admin_first_name} {record.admin_last_name}
              </p>
              <p className="text-xs text-slate-500">ID {record.admin_id}</p>
            </TableCell>
            <TableCell className="break-all">{record.admin_email}</TableCell>
            <TableCell className="whitespace-nowrap">{masterUserLabel(record.master_user)}</TableCell>
            <TableCell className="whitespace-nowrap">{registrationDate(record)}</TableCell>
            <TableCell className="font-mono text-xs leading-5 whitespace-nowrap">
              {registrationTime(record)}
            </TableCell>
            <TableCell className="font-mono text-xs leading-5 whitespace-nowrap">
              {record.ip_address ?? 'N/A'}
            </TableCell>
            <TableCell>
              <UserAgentText userAgent={record.user_agent} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
