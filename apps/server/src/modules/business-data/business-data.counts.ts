// Directory totals without a search (docs/decisions/002-directory-count.md): an exact
// count(*) over a million rows costs ~200 ms, and every directory page load asks for it, so
// each filter combination's total is kept for COUNT_TTL_MS per database and shared by
// concurrent requests. Searches are counted exactly in their own query (no cache).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export const COUNT_TTL_MS = 15_000;
const MAX_KEYS = 1000;

interface Entry {
  value: Promise<number>;
  expires: number;
}

const byDatabase = new WeakMap<Kysely<Database>, Map<string, Entry>>();

export function cachedCount(
  db: Kysely<Database>,
  key: string,
  count: () => Promise<number>,
  now = Date.now(),
): Promise<number> {
  let entries = byDatabase.get(db);
  if (!entries) {
    entries = new Map();
    byDatabase.set(db, entries);
  }
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value;
  if (entries.size >= MAX_KEYS) entries.clear();
  const value = count();
  entries.set(key, { value, expires: now + COUNT_TTL_MS });
  value.catch(() => entries.delete(key));
  return value;
}

/** After a write that changes the directory (a deletion), totals are counted afresh. */
export function forgetCounts(db: Kysely<Database>): void {
  byDatabase.get(db)?.clear();
}
