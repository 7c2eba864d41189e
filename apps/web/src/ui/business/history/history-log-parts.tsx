// The cells one history row shows, shared by the table (>= 768 px) and the phone cards.
import { logValueText } from '@portal/contract/change-log-values';
import type { ChangeLog } from '../../../api/change-logs-api.ts';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { normalizeOperation, operationLabel } from '../../../lib/operation-label.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { truncate } from '../../../lib/truncate.ts';
import { userAgentLabel } from '../../../lib/user-agent.ts';
import { type BadgeTone, StatusBadge } from '../../status-badge.tsx';

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

/** An old or new value in the history's words (the export's too), long text cut (the full text in its title). */
export function LogValue({ column, value }: { column: string | null; value: string | null }) {
  const text = logValueText(column, value, formatDateTime);
  if (text === '') return <span className="text-slate-400">—</span>;
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
