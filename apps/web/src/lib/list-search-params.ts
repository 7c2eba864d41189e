/** A change to a client-side list's URL: its search, its page, its page size. */
export type ListChanges = { q?: string; page?: number; filas?: number };

/**
 * `current` with `changes` written in. A new search or page size goes back to page 1; a default
 * (page 1, the list's own page size, no search) leaves the URL without that key.
 */
export function withListChanges(
  current: URLSearchParams,
  changes: ListChanges,
  keys: { page: string; defaultPageSize: number },
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (changes.filas !== undefined) {
    if (changes.filas === keys.defaultPageSize) next.delete('filas');
    else next.set('filas', String(changes.filas));
    next.delete(keys.page);
  }
  if (changes.q !== undefined) {
    if (changes.q) next.set('q', changes.q);
    else next.delete('q');
    next.delete(keys.page);
  }
  if (changes.page !== undefined) {
    if (changes.page > 1) next.set(keys.page, String(changes.page));
    else next.delete(keys.page);
  }
  return next;
}
