// 'Mis sesiones' (issue #25): one key for the list; ending the others re-reads it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endOtherSessions } from '../../../api/sessions-api.ts';

export const mySessionKeys = { all: ['my-sessions'] as const };

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => client.invalidateQueries({ queryKey: mySessionKeys.all }),
  });
}
