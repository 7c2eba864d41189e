// The four states of a session list (DESIGN §9) and ending one session, for 'Mis sesiones' and the
// master's 'Sesiones' of an admin (issue #25): each passes how to load and how to end.
import type { SessionInfo } from '@portal/contract/sessions';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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

export function SessionsPanel({ queryKey, load, end, label, emptyTitle }: SessionsPanelProps) {
  const client = useQueryClient();
  const sessions = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const [failed, setFailed] = useState<string | null>(null);
  const ending = useMutation({
    mutationFn: end,
    onMutate: () => setFailed(null),
    onSuccess: () => toast.success('Sesión cerrada.'),
    onError: (error) => setFailed(`No se pudo cerrar la sesión: ${error.message}`),
    // Ended or already gone (404): the list is re-read either way.
    onSettled: () => client.invalidateQueries({ queryKey }),
  });

  if (sessions.isPending) return <LoadingState label="Cargando sesiones..." />;
  if (sessions.isError) return <QueryError query={sessions} title="No se pudieron cargar las sesiones" />;
  if (sessions.data.length === 0)
    return <EmptyState title={emptyTitle} icon={<Monitor className="size-6" />} />;
  return (
    <div className="space-y-3">
      {failed ? <Banner tone="error">{failed}</Banner> : null}
      <div className="rounded-lg border border-slate-200 bg-white">
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
