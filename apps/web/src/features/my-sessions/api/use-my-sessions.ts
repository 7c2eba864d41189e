// 'Mis sesiones': one key for the list; ending the others re-reads it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endOtherSessions, listMySessions } from '../../../api/sessions-api.ts';

export const mySessionKeys = { all: ['my-sessions'] as const };

/** How many sessions other than this one the list shows; undefined until it has loaded. */
export function useOtherSessionCount(): number | undefined {
  return useQuery({
    queryKey: mySessionKeys.all,
    queryFn: ({ signal }) => listMySessions(signal),
    select: (sessions) => sessions.filter((session) => !session.current).length,
  }).data;
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => client.invalidateQueries({ queryKey: mySessionKeys.all }),
  });
}
