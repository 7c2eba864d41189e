import { type StaffActionRecord, staffActionText } from '@portal/contract/staff-audit';
import { staffRoleLabel, staffTargetText } from '@portal/contract/staff-audit-details';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDateTime, formatRelative } from '../../../lib/format-date.ts';
import { userAgentLabel } from '../../../lib/user-agent.ts';
import { BusinessLink } from '../../../ui/business-link.tsx';
import type { ResponsiveColumn } from '../../../ui/responsive-table.tsx';
import { StaffActionDetails } from '../../../ui/staff-action-details.tsx';
import { type BadgeTone, StatusBadge } from '../../../ui/status-badge.tsx';

/** The role badge: the master's red, an admin's blue, the server's and unknown identifiers' slate. */
const ROLE_TONE: Record<string, BadgeTone> = { master: 'red', admin: 'blue' };

/** The audit log's columns: a table from 768 px, cards (headed by the date) below. */
export const AUDIT_COLUMNS: ResponsiveColumn<StaffActionRecord>[] = [
  {
    id: 'when',
    header: 'Fecha y Hora',
    className: 'whitespace-nowrap',
    cell: (row) => (
      <>
        <span className="font-medium text-slate-900">{formatDateTime(row.created_at)}</span>
        <span className="block text-xs text-slate-500">{formatRelative(row.created_at)}</span>
      </>
    ),
  },
  {
    id: 'who',
    header: 'Miembro del personal',
    cell: (row) => (
      <>
        <span className="break-all">
          {row.actor_role === 'master' ? actorName(row.actor_identifier) : row.actor_identifier}
        </span>
        <span className="mt-1 flex items-center gap-2">
          <StatusBadge tone={ROLE_TONE[row.actor_role] ?? 'slate'}>
            {staffRoleLabel(row.actor_role)}
          </StatusBadge>
          {row.actor_admin_id !== null ? (
            <span className="text-xs text-slate-500">ID {row.actor_admin_id}</span>
          ) : null}
        </span>
      </>
    ),
  },
  { id: 'action', header: 'Acción', cell: (row) => staffActionText(row) },
  {
    id: 'target',
    header: 'Objetivo',
    className: 'whitespace-nowrap',
    cell: (row) =>
      row.target_registry ? (
        <BusinessLink registry={row.target_registry} className="font-mono text-xs text-blue-700" />
      ) : (
        staffTargetText(row)
      ),
  },
  {
    id: 'details',
    header: 'Detalles',
    cell: (row) => <StaffActionDetails details={row.details} />,
  },
  {
    id: 'where',
    header: 'IP / Navegador',
    cell: (row) => (
      <>
        <span className="font-mono text-xs">{row.ip_address ?? 'N/A'}</span>
        <span className="block text-xs text-slate-500" title={row.user_agent ?? undefined}>
          {userAgentLabel(row.user_agent)}
        </span>
      </>
    ),
  },
];
