import { useQuery } from '@tanstack/react-query';
import { fetchAccessControls } from '../../../api/access-api.ts';
import { accessKeys } from './access-keys.ts';

export function useAccessControls(registry: string | null) {
  return useQuery({
    queryKey: accessKeys.list(registry ?? ''),
    queryFn: ({ signal }) => fetchAccessControls(registry as string, signal),
    enabled: registry !== null,
  });
}
