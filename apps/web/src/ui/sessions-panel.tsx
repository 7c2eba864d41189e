// The four states of a session list (DESIGN §9) and ending one session, for 'Mis sesiones' and the
// master's 'Sesiones' of an admin: each passes how to load and how to end.
import type { SessionInfo } from '@portal/contract/sessions';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { userAgentLabel } from '../lib/user-agent.ts';
import { Banner } from './banner.tsx';
import { LoadingState, QueryError } from './data-states.tsx';
import { EmptyState } from './empty-state.tsx';
import { SessionList } from './session-list.tsx';

interface SessionsPanelProps {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<SessionInfo[]>;
  end: (session: SessionInfo) => Promise<void>;
  label: string;
  emptyTitle: string;
}

/** The rows' 'Cerrar sesión' buttons, in the order shown. */
const endButtons = (rows: HTMLElement | null): HTMLElement[] =>
  rows ? Array.from(rows.querySelectorAll<HTMLElement>('button[data-session]')) : [];

export function SessionsPanel({ queryKey, load, end, label, emptyTitle }: SessionsPanelProps) {
  const client = useQueryClient();
  const sessions = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const [failed, setFailed] = useState<string | null>(null);
  const rows = useRef<HTMLDivElement>(null);
  // The position of the row just ended, once the list without it is on screen.
  const [endedAt, setEndedAt] = useState<{ index: number } | null>(null);
  const ending = useMutation({
    mutationFn: end,
    onMutate: (session) => {
      setFailed(null);
      return {
        index: endButtons(rows.current).findIndex((button) => button.dataset.session === session.session_id),
      };
    },
    // The device as its row named it: a bare 'Sesión cerrada.' reads like the person's own logout.
    onSuccess: (_data, session) =>
      toast.success(`Se cerró la sesión de ${userAgentLabel(session.user_agent)}.`),
    onError: (error) => setFailed(`No se pudo cerrar la sesión: ${error.message}`),
    // Ended or already gone (404): the list is re-read either way.
    onSettled: async (_data, _error, _session, context) => {
      await client.invalidateQueries({ queryKey });
      if (context && context.index >= 0) setEndedAt({ index: context.index });
    },
  });
  // The row whose 'Cerrar sesión' had the focus is gone: the next row's button takes it (or the list).
  useEffect(() => {
    if (!endedAt || (document.activeElement && document.activeElement !== document.body)) return;
    const buttons = endButtons(rows.current);
    (buttons[Math.min(endedAt.index, buttons.length - 1)] ?? rows.current)?.focus();
  }, [endedAt]);

  if (sessions.isPending) return <LoadingState label="Cargando sesiones..." />;
  if (sessions.isError) return <QueryError query={sessions} title="No se pudieron cargar las sesiones" />;
  if (sessions.data.length === 0)
    return <EmptyState title={emptyTitle} icon={<Monitor className="size-6" />} />;
  return (
    <div className="space-y-3">
      {failed ? <Banner tone="error">{failed}</Banner> : null}
      <div ref={rows} tabIndex={-1} className="rounded-lg border border-slate-200 bg-white outline-none">
        <SessionList
          sessions={sessions.data}
          label={label}
          ending={ending.isPending ? (ending.variables?.session_id ?? null) : null}
          onEnd={(session) => ending.mutate(session)}
        />
      </div>
    </div>
  );
}
