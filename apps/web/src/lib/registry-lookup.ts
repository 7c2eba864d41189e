// The business lookup every registry screen starts from (content, subscriptions): the business of a
// registry number, and the state of it together with the screen's other queries.
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { getBusinessByRegistry } from '../api/content-api.ts';

export function useBusinessQuery(registry: string) {
  return useQuery({
    queryKey: ['business-data', 'registry', registry],
    queryFn: () => getBusinessByRegistry(registry),
    enabled: registry !== '',
  });
}

/** Pending until every query has answered once; fetching while any is; 'Reintentar' refetches all. */
export function lookupState(registry: string, queries: UseQueryResult<unknown>[]) {
  return {
    isPending: registry !== '' && queries.some((query) => query.isPending),
    isFetching: queries.some((query) => query.isFetching),
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
  };
}

export type LookupState = ReturnType<typeof lookupState>;
