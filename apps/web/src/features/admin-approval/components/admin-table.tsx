import type { AdminAccount } from '@portal/contract/admin-registration';
import { formatPhone } from '@portal/contract/phone';
import { formatDate } from '../../../lib/format-date.ts';
import { SelectCheckbox } from '../../../ui/select-checkbox.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../../ui/table.tsx';
import { fullName, statusLabel } from '../admin-status.ts';
import { AdminRowActions, type AdminRowHandlers } from './admin-row-actions.tsx';
import { LockoutNotice } from './lockout-notice.tsx';

export interface AdminListProps extends AdminRowHandlers {
  admins: AdminAccount[];
  lockouts: ReadonlyMap<number, string>;
  selected: { has: (adminId: number) => boolean };
  onSelectPage: (checked: boolean) => void;
}

/** From 768 px (DESIGN §9). */
export function AdminTable({ admins, lockouts, selected, onSelectPage, ...handlers }: AdminListProps) {
  const onPage = admins.filter((admin) => selected.has(admin.admin_id)).length;
  return (
    <Table>
      <caption className="sr-only">Administradores</caption>
      <TableHead>
        <tr>
          <TableHeaderCell className="w-12 py-1 pr-0 pl-2">
            <SelectCheckbox
              id="admins-select-page"
              label="Seleccionar todos en esta página"
              checked={onPage > 0 && onPage === admins.length}
              indeterminate={onPage > 0}
              onChange={onSelectPage}
            />
          </TableHeaderCell>
          <TableHeaderCell>Administrador</TableHeaderCell>
          <TableHeaderCell>Teléfono</TableHeaderCell>
          <TableHeaderCell>Estado</TableHeaderCell>
          <TableHeaderCell>Registrado</TableHeaderCell>
          <TableHeaderCell className="text-right">Acciones</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {admins.map((admin) => {
          const lockedUntil = lockouts.get(admin.admin_id);
          return (
            <TableRow
              key={admin.admin_id}
              className={selected.has(admin.admin_id) ? 'bg-blue-50/60' : undefined}
            >
              <TableCell className="py-1.5 pr-0 pl-2 align-middle!">
                <SelectCheckbox
                  id={`admin-select-${admin.admin_id}`}
                  label={`Seleccionar a ${fullName(admin)} (${admin.admin_email})`}
                  checked={selected.has(admin.admin_id)}
                  onChange={(checked) => handlers.onSelect(admin, checked)}
                />
              </TableCell>
              <TableCell className="align-middle!">
                <p className="font-medium text-slate-900">{fullName(admin)}</p>
                <p className="text-slate-600 break-all">{admin.admin_email}</p>
                <p className="text-xs text-slate-600">ID {admin.admin_id}</p>
              </TableCell>
              <TableCell className="whitespace-nowrap align-middle!">
                {admin.admin_phone ? formatPhone(admin.admin_phone) : '—'}
              </TableCell>
              <TableCell className="align-middle!">
                <StatusBadge status={statusLabel(admin.access_status)} />
                {lockedUntil ? <LockoutNotice until={lockedUntil} /> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap align-middle!">
                {formatDate(admin.created_at)}
              </TableCell>
              <TableCell className="py-1.5 align-middle!">
                <AdminRowActions admin={admin} locked={Boolean(lockedUntil)} layout="table" {...handlers} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
