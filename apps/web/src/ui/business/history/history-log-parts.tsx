// The cells one history row shows, shared by the table (>= 768 px) and the phone cards.
import type { ChangeLog } from '../../../api/change-logs-api.ts';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { normalizeOperation, operationLabel } from '../../../lib/operation-label.ts';
import { formatPhone } from '../../../lib/phone.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { truncate } from '../../../lib/truncate.ts';
import { userAgentLabel } from '../../../lib/user-agent.ts';
import { type BadgeTone, StatusBadge } from '../../status-badge.tsx';
import { billingStatus, subscriptionStatus, tierLabel } from '../subscription/subscription-labels.ts';

const OPERATION_TONES: Record<string, BadgeTone> = { INSERT: 'green', UPDATE: 'blue', DELETE: 'red' };
const VALUE_MAX_LENGTH = 100;

export function OperationBadge({ operation }: { operation: string }) {
  return (
    <StatusBadge tone={OPERATION_TONES[normalizeOperation(operation)]}>
      {operationLabel(operation)}
    </StatusBadge>
  );
}

export function FieldName({ column }: { column: string | null }) {
  if (!column) return <span className="text-slate-400">—</span>;
  return <span title={column}>{businessColumnLabel(column)}</span>;
}

/** A billing item as the server logs it ('in_1: 29.99 USD, refunded (5.00 USD refunded)', '…, dispute_lost'), in Spanish. */
const BILLING_ITEM = /^(.*, )(\w+)( \((.+) refunded\))?$/;
function billingItemText(value: string): string {
  const match = BILLING_ITEM.exec(value);
  if (!match) return value;
  const [, head, status, , refunded] = match;
  return `${head}${billingStatus(status).label}${refunded ? ` (${refunded} reembolsados)` : ''}`;
}

function displayValue(column: string | null, value: string): string {
  if (value === 'true') return 'Sí';
  if (value === 'false') return 'No';
  if (column === 'business_phone') return formatPhone(value) || value;
  if (column === 'subscription_status') return subscriptionStatus(value).label;
  if (column === 'subscription_tier') return tierLabel(value);
  if (column === 'billing_item') return billingItemText(value);
  return value;
}

/** An old or new value: booleans as Sí/No, phones formatted, long text cut (the full text in its title). */
export function LogValue({ column, value }: { column: string | null; value: string | null }) {
  if (value === null || value === '') return <span className="text-slate-400">—</span>;
  const text = displayValue(column, value);
  const short = truncate(text, VALUE_MAX_LENGTH);
  return (
    <span className="break-words" title={short === text ? undefined : text}>
      {short}
    </span>
  );
}

export function LogTime({ at }: { at: string }) {
  return (
    <span className="block">
      <time dateTime={at} className="block whitespace-nowrap text-slate-800">
        {formatDateTime(at)}
      </time>
      <span className="block text-xs text-slate-500">{relativeTime(at)}</span>
    </span>
  );
}

export function LogClient({ log }: { log: Pick<ChangeLog, 'ip_address' | 'user_agent'> }) {
  return (
    <span className="block">
      <span className="block font-mono text-xs text-slate-800">{log.ip_address || '—'}</span>
      <span className="block text-xs text-slate-500" title={log.user_agent ?? undefined}>
        {userAgentLabel(log.user_agent)}
      </span>
    </span>
  );
}
