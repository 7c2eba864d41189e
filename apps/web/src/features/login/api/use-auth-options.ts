import { useQuery } from '@tanstack/react-query';
import { getAuthOptions } from '../../../api/auth-api.ts';

/** The master identifier's hash, to pick the login variant (DESIGN §4). */
export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth', 'options'],
    queryFn: getAuthOptions,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
