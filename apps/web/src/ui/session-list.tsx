// A staff member's live sessions: 'Mis sesiones' and the master's view of an admin's
// sessions on the approval screen draw the same rows. Each row: browser and system, 'Sesión actual'
// when it is this one, IP, sign-in and last activity, and 'Cerrar sesión' (not on the current one:
// that is the header's sign-out).
import type { SessionInfo } from '@portal/contract/sessions';
import { Monitor, Smartphone } from 'lucide-react';
import { formatDateTime } from '../lib/format-date.ts';
import { relativeTime } from '../lib/relative-time.ts';
import { userAgentLabel } from '../lib/user-agent.ts';
import { Button } from './button.tsx';
import { StatusBadge } from './status-badge.tsx';

interface SessionListProps {
  sessions: SessionInfo[];
  /** The session whose end is on its way, if any. */
  ending: string | null;
  onEnd: (session: SessionInfo) => void;
  label: string;
}

const MOBILE = /Android|iPhone|iPad|iPod|Mobile/;

/** The current session first, then the most recently used. */
function ordered(sessions: SessionInfo[]): SessionInfo[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || Date.parse(b.last_seen_at) - Date.parse(a.last_seen_at),
  );
}

export function SessionList({ sessions, ending, onEnd, label }: SessionListProps) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {ordered(sessions).map((session) => {
        const device = userAgentLabel(session.user_agent);
        const Icon = MOBILE.test(session.user_agent ?? '') ? Smartphone : Monitor;
        return (
          <li
            key={session.session_id}
            className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
          >
            <div className="flex min-w-0 gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {device}
                  {session.current ? <StatusBadge tone="green" status="Sesión actual" /> : null}
                </p>
                <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm text-slate-600">
                  <dt className="text-slate-500">IP</dt>
                  <dd>{session.ip_address ?? 'Desconocida'}</dd>
                  <dt className="text-slate-500">Inicio</dt>
                  <dd>{formatDateTime(session.created_at)}</dd>
                  <dt className="text-slate-500">Última actividad</dt>
                  <dd>
                    <time dateTime={session.last_seen_at} title={formatDateTime(session.last_seen_at)}>
                      {relativeTime(session.last_seen_at)}
                    </time>
                  </dd>
                </dl>
              </div>
            </div>
            {session.current ? null : (
              <Button
                variant="secondary"
                className="shrink-0 text-red-700 sm:w-auto"
                data-session={session.session_id}
                onClick={() => onEnd(session)}
                disabled={ending !== null}
                loading={ending === session.session_id}
                aria-label={`Cerrar sesión de ${device} (IP ${session.ip_address ?? 'desconocida'})`}
              >
                Cerrar sesión
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
