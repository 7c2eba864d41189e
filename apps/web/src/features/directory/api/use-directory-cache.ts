// Row changes reported by the row actions, applied to the cached pages in place (SPEC §4).
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { businessDataKeys } from './business-data-keys.ts';
import type { DirectoryPage } from './use-business-list.ts';

export function useDirectoryCache() {
  const queryClient = useQueryClient();

  /**
   * The stats change now. A changed row stays where it is until the list is next shown, not moved
   * under the person's eyes (a row that no longer matches a filter stays until then). A removed row
   * leaves a gap: the page shown is read again at once (`refill`), so the row after it moves up from
   * the next page; the other pages, when next shown.
   */
  const settle = useCallback(
    (refill: boolean) => {
      void queryClient.invalidateQueries({ queryKey: businessDataKeys.stats() });
      void queryClient.invalidateQueries({
        queryKey: businessDataKeys.lists(),
        refetchType: refill ? 'active' : 'none',
      });
    },
    [queryClient],
  );

  const updateBusiness = useCallback(
    (id: number, changes: Partial<BusinessRow>) => {
      queryClient.setQueriesData<DirectoryPage>({ queryKey: businessDataKeys.lists() }, (page) =>
        page?.businesses.some((row) => row.id === id)
          ? {
              ...page,
              businesses: page.businesses.map((row) => (row.id === id ? { ...row, ...changes, id } : row)),
            }
          : page,
      );
      settle(false);
    },
    [queryClient, settle],
  );

  /** SPEC §4 "Deletion": the row is removed and the total decremented. */
  const removeBusiness = useCallback(
    (id: number) => {
      queryClient.setQueriesData<DirectoryPage>({ queryKey: businessDataKeys.lists() }, (page) =>
        page?.businesses.some((row) => row.id === id)
          ? {
              ...page,
              businesses: page.businesses.filter((row) => row.id !== id),
              // A capped total means "more than"; one less is still more than the cap.
              total_count: page.total_count_capped ? page.total_count : Math.max(0, page.total_count - 1),
            }
          : page,
      );
      settle(true);
    },
    [queryClient, settle],
  );

  return { updateBusiness, removeBusiness };
}

/**
 * Every row the cached directory pages hold, by registry number, as they are now: a row edited
 * since it was selected ('Editar datos', a verification) is here with its change. Pages read later
 * win over older ones.
 */
export function cachedRows(queryClient: QueryClient): Map<string, BusinessRow> {
  const queries = queryClient
    .getQueryCache()
    .findAll({ queryKey: businessDataKeys.lists() })
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  const rows = new Map<string, BusinessRow>();
  for (const query of queries) {
    const page = query.state.data as DirectoryPage | undefined;
    for (const row of page?.businesses ?? []) rows.set(row.business_registry_number, row);
  }
  return rows;
}

/** Gives the cached rows of these registry numbers their new version (the rest of each row stays). */
export function setCachedVersions(queryClient: QueryClient, versions: ReadonlyMap<string, string>) {
  if (versions.size === 0) return;
  queryClient.setQueriesData<DirectoryPage>({ queryKey: businessDataKeys.lists() }, (page) =>
    page?.businesses.some((row) => versions.has(row.business_registry_number))
      ? {
          ...page,
          businesses: page.businesses.map((row) => {
            const version = versions.get(row.business_registry_number);
            return version === undefined ? row : { ...row, version };
          }),
        }
      : page,
  );
}

/**
 * Each selected number with its row as the cached pages hold it now, else as it was selected; null
 * for a number no page showed ('Seleccionar los N resultados').
 */
export function shownRows(
  queryClient: QueryClient,
  selected: ReadonlyMap<string, BusinessRow | null>,
): Map<string, BusinessRow | null> {
  const cached = cachedRows(queryClient);
  return new Map([...selected].map(([registry, row]) => [registry, cached.get(registry) ?? row] as const));
}

/** The version each of these rows shows (If-Match for a bulk action), for those that have one. */
export function versionsOf(rows: ReadonlyMap<string, BusinessRow | null>): Map<string, string> {
  const versions = new Map<string, string>();
  for (const [registry, row] of rows) if (row?.version !== undefined) versions.set(registry, row.version);
  return versions;
}
