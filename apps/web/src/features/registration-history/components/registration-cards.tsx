import type { AdminRegistrationRecord } from '@portal/contract/admin-registration';
import { masterUserLabel, registrationDate, registrationTime } from '../registration-rows.ts';
import { UserAgentText } from './user-agent-text.tsx';

/** Below 768 px: one card per registration. */
export function RegistrationCards({ records }: { records: AdminRegistrationRecord[] }) {
  return (
    <ul aria-label="Registros de administradores" className="space-y-4">
      {records.map((record) => (
        <li key={record.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {record.admin_first_name} {record.admin_last_name}
              </p>
              <p className="text-sm break-all text-slate-600">{record.admin_email}</p>
            </div>
            <span className="shrink-0 text-xs text-slate-500">ID {record.admin_id}</span>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500">Usuario Maestro</dt>
              <dd className="text-slate-800">{masterUserLabel(record.master_user)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">IP</dt>
              <dd className="font-mono text-xs text-slate-800">{record.ip_address ?? 'N/A'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Fecha</dt>
              <dd className="text-slate-800">{registrationDate(record)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Hora</dt>
              <dd className="font-mono text-xs text-slate-800">{registrationTime(record)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">Agente de Usuario</dt>
              <dd>
                <UserAgentText userAgent={record.user_agent} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
