import { useQuery } from '@tanstack/react-query';
import { getBusinessStats } from '../../../api/business-data-api.ts';
import { businessDataKeys } from './business-data-keys.ts';

export function useBusinessStats() {
  return useQuery({
    queryKey: businessDataKeys.stats(),
    queryFn: ({ signal }) => getBusinessStats(signal),
    staleTime: 60_000,
  });
}
