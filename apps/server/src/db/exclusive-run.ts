// Periodic work that runs once across processes (DESIGN §3): a PostgreSQL advisory lock taken
// with pg_try_advisory_lock (another holder: this run is skipped), and a flag per handle within
// one process (PGlite has one process and one connection, where the lock would be re-entrant).
// Used by the history retention (history-retention.ts) and the trash purge (business-trash).
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connection.ts';
import type { Database } from './types.ts';

const running = new Map<number, WeakSet<DatabaseHandle>>();

/** Runs `work` unless another run under `lockKey` (this process or another) is at it; undefined then. */
export async function exclusively<T>(
  handle: DatabaseHandle,
  lockKey: number,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T | undefined> {
  let here = running.get(lockKey);
  if (!here) {
    here = new WeakSet();
    running.set(lockKey, here);
  }
  if (here.has(handle)) return undefined;
  here.add(handle);
  try {
    if (handle.kind === 'pglite') return await work(handle.db);
    return await handle.db.connection().execute(async (conn) => {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${lockKey}) as ok`.execute(conn);
      if (!lock.rows[0]?.ok) return undefined;
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
      }
    });
  } finally {
    here.delete(handle);
  }
}
