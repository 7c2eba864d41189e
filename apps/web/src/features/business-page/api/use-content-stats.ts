import { useQuery } from '@tanstack/react-query';
import { getBusinessContentStats } from '../../../api/business-page-api.ts';
import { businessPageKeys } from './business-page-keys.ts';

/** The four content families' statistics, in one call, when the Contenido section opens. */
export function useContentStats(registry: string) {
  return useQuery({
    queryKey: businessPageKeys.contentStats(registry),
    queryFn: ({ signal }) => getBusinessContentStats(registry, signal),
  });
}
