// The directory search behind every "find a business" box: the palette (Ctrl+K) and the lookup
// boxes of Gestionar Contenido, Suscripciones and Acceso. One debounced call of the list route
// (name, registry number whole or in part, email or phone), its few best matches.
import { LIMITS } from '@portal/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { type BusinessRow, listBusinesses } from '../api/business-data-api.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const DEBOUNCE_MS = 200;

export interface BusinessSearch {
  /** The matches of the text as typed now (none while it is still being typed or fetched). */
  businesses: BusinessRow[];
  /** Typed text that has not been answered yet. */
  waiting: boolean;
  failed: boolean;
  /** The text as typed now has been answered. */
  searched: boolean;
}

/** Searches `query` (once it has `searchMinLength` characters) for up to `limit` businesses. */
export function useBusinessSearch(query: string, limit: number): BusinessSearch {
  const term = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const searchable = term.length >= LIMITS.searchMinLength;
  const search = useQuery({
    queryKey: ['business-search', limit, term],
    queryFn: ({ signal }) => listBusinesses({ search: term }, { limit, offset: 0 }, signal),
    enabled: searchable,
    staleTime: 30_000,
  });
  const typed = query.trim();
  const waiting = typed.length >= LIMITS.searchMinLength && (typed !== term || search.isFetching);
  return {
    businesses: searchable && typed === term ? (search.data?.businesses ?? []) : [],
    waiting,
    failed: searchable && search.isError && !waiting,
    searched: searchable && typed === term && search.isSuccess && !waiting,
  };
}
