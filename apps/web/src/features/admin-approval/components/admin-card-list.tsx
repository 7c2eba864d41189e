import { formatPhone } from '@portal/contract/phone';
import { formatDate } from '../../../lib/format-date.ts';
import { cn } from '../../../ui/cn.ts';
import { SelectCheckbox } from '../../../ui/select-checkbox.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { fullName, statusLabel } from '../admin-status.ts';
import { AdminRowActions } from './admin-row-actions.tsx';
import type { AdminListProps } from './admin-table.tsx';
import { LockoutNotice } from './lockout-notice.tsx';

/** Below 768 px: one card per admin (DESIGN §9). */
export function AdminCardList({ admins, lockouts, selected, onSelectPage, ...handlers }: AdminListProps) {
  const onPage = admins.filter((admin) => selected.has(admin.admin_id)).length;
  return (
    <div className="space-y-4">
      <SelectCheckbox
        id="admins-card-select-page"
        label="Seleccionar todos en esta página"
        checked={onPage > 0 && onPage === admins.length}
        indeterminate={onPage > 0}
        onChange={onSelectPage}
        showLabel
      />
      <ul className="space-y-4" aria-label="Administradores">
        {admins.map((admin) => {
          const lockedUntil = lockouts.get(admin.admin_id);
          return (
            <li
              key={admin.admin_id}
              className={cn(
                'rounded-lg border p-4',
                selected.has(admin.admin_id) ? 'border-blue-300 bg-blue-50/40' : 'border-slate-200 bg-white',
              )}
            >
              <div className="flex items-start gap-2">
                <div className="-mt-2 -ml-2">
                  <SelectCheckbox
                    id={`admin-card-select-${admin.admin_id}`}
                    label={`Seleccionar a ${fullName(admin)} (${admin.admin_email})`}
                    checked={selected.has(admin.admin_id)}
                    onChange={(checked) => handlers.onSelect(admin, checked)}
                  />
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-slate-900">{fullName(admin)}</p>
                    <StatusBadge status={statusLabel(admin.access_status)} />
                  </div>
                  <p className="text-sm break-all text-slate-600">{admin.admin_email}</p>
                  {lockedUntil ? <LockoutNotice until={lockedUntil} /> : null}
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-slate-600">Teléfono</dt>
                    <dd className="text-slate-800">
                      {admin.admin_phone ? formatPhone(admin.admin_phone) : '—'}
                    </dd>
                    <dt className="text-slate-600">Registrado</dt>
                    <dd className="text-slate-800">{formatDate(admin.created_at)}</dd>
                    <dt className="text-slate-600">ID</dt>
                    <dd className="text-slate-800">{admin.admin_id}</dd>
                  </dl>
                </div>
              </div>
              <div className="mt-4 border-t border-slate-100 pt-4">
                <AdminRowActions admin={admin} locked={Boolean(lockedUntil)} layout="card" {...handlers} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
