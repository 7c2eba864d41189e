// Periodic work that runs once across processes (DESIGN §3): a PostgreSQL advisory lock taken
// with pg_try_advisory_lock (another holder: this run is skipped), and a flag per handle within
// one process (PGlite has one process and one connection, where the lock would be re-entrant).
// Used by the trash purge (business-trash), and on a connection of its own by the history
// retention (history-retention.ts) and the sorted searches' copy (sort-keys-layout.ts).
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connection.ts';
import type { Database } from './types.ts';

const running = new Map<number, WeakSet<DatabaseHandle>>();

/** Runs `work` unless another run under `lockKey` (this process or another) is at it; undefined then. */
export function exclusively<T>(
  handle: DatabaseHandle,
  lockKey: number,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T | undefined> {
  return onceInProcess(handle, lockKey, async () => {
    if (handle.kind === 'pglite') return work(handle.db);
    return handle.db.connection().execute(async (conn) => {
      if (!(await tryLock(conn, lockKey))) return undefined;
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
      }
    });
  });
}

/**
 * exclusively(), with the lock and `work` on a connection opened for them outside the pool
 * (DatabaseHandle.ownConnection, each statement allowed `statementTimeoutMs`): for work that
 * lasts minutes, which would otherwise hold one of the few connections requests wait for. The
 * lock is freed when `work` ends, and with the connection when it fails.
 */
export function exclusivelyOnOwnConnection<T>(
  handle: DatabaseHandle,
  lockKey: number,
  statementTimeoutMs: number,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T | undefined> {
  const { ownConnection } = handle;
  if (!ownConnection) return exclusively(handle, lockKey, work);
  return onceInProcess(handle, lockKey, () =>
    ownConnection(statementTimeoutMs, async (conn) => {
      if (!(await tryLock(conn, lockKey))) return undefined;
      const result = await work(conn);
      // The server frees the lock of a closed connection only once its backend has exited, after
      // the close returns here: a run started right after this one would find it still held.
      await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
      return result;
    }),
  );
}

async function tryLock(conn: Kysely<Database>, lockKey: number): Promise<boolean> {
  const lock = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${lockKey}) as ok`.execute(conn);
  return lock.rows[0]?.ok === true;
}

async function onceInProcess<T>(
  handle: DatabaseHandle,
  lockKey: number,
  run: () => Promise<T | undefined>,
): Promise<T | undefined> {
  let here = running.get(lockKey);
  if (!here) {
    here = new WeakSet();
    running.set(lockKey, here);
  }
  if (here.has(handle)) return undefined;
  here.add(handle);
  try {
    return await run();
  } finally {
    here.delete(handle);
  }
}
