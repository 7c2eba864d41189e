// business_sort_keys (migration 073) is laid out in name order when built, so the matches of a
// broad sorted search sit on neighbouring pages. Rows written since go wherever there is room,
// and the order drifts: at 1M businesses, after 16 % of them were added or renamed, a broad
// search sorted by name took 3.2x the unsorted one instead of 2.2x. Checked hourly by the
// background work; at night in Puerto Rico, when the planner's own measure of that order
// (pg_stats.correlation of name_key, 1 = in order) has fallen below LAYOUT_CORRELATION_MIN, the
// copy is built again. The rebuild holds writes to businesses for its duration (~35 s at 1M), so
// it waits at most LOCK_WAIT_MS for its locks (a long transaction then postpones it a night)
// rather than keep the writes queued behind it, and runs REBUILD_LIMIT_MS at most. On PostgreSQL
// the whole run (lock, ANALYZE, rebuild) is on a connection of its own, outside the pool: a
// worker's pool may be two connections, which the minutes of a rebuild must not take from requests.
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.ts';
import { exclusivelyOnOwnConnection } from '../../db/exclusive-run.ts';
import type { Database } from '../../db/types.ts';

export const LAYOUT_CORRELATION_MIN = 0.9;
/** The hour (0-23, Puerto Rico's time) in which a rebuild may start. */
export const REBUILD_HOUR = 3;
const LOCK_WAIT_MS = 5_000;
/** 35 s at 1.19M businesses: five times that. */
export const REBUILD_LIMIT_MS = 3 * 60_000;
// Any constant, distinct from the other advisory locks (724_110_0xx).
const SORT_KEYS_LOCK_KEY = 724_110_073;

const hourInPuertoRico = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Puerto_Rico',
  hour: 'numeric',
  hourCycle: 'h23',
});

export const isRebuildHour = (now: Date) => Number(hourInPuertoRico.format(now)) === REBUILD_HOUR;

export interface SortKeysLayout {
  /** Another process was checking: it does the work. */
  skipped: boolean;
  /** The order before (null: too few rows to tell). */
  correlation: number | null;
  rebuilt: boolean;
  seconds?: number;
}

/** How close the copy's pages are to name order, from a fresh ANALYZE (null with < 2 names). */
async function layoutCorrelation(db: Kysely<Database>): Promise<number | null> {
  await sql`analyze business_sort_keys`.execute(db);
  const row = await sql<{ correlation: number | null }>`
    select correlation from pg_stats
     where schemaname = current_schema() and tablename = 'business_sort_keys' and attname = 'name_key'`.execute(
    db,
  );
  return row.rows[0]?.correlation ?? null;
}

/**
 * Builds the copy in name order, on PostgreSQL under a lock on businesses had within
 * LOCK_WAIT_MS (else it ends, retried the next night, rather than make every write wait behind
 * it) and within `limitMs`.
 */
async function rebuild(handle: DatabaseHandle, db: Kysely<Database>, limitMs: number) {
  if (handle.kind === 'pglite') {
    // One connection: the dialect's queue keeps it out of any other transaction.
    await sql`select refresh_business_sort_keys()`.execute(db);
    return;
  }
  // BEGIN and COMMIT by hand: a ROLLBACK that fails on a connection already dropped must not hide
  // why it failed (Kysely's transaction() would throw the ROLLBACK's error instead).
  await sql`begin`.execute(db);
  try {
    await sql`set local lock_timeout = ${sql.lit(LOCK_WAIT_MS)}`.execute(db);
    await sql`set local statement_timeout = ${sql.lit(limitMs)}`.execute(db);
    await sql`lock table businesses in share mode`.execute(db);
    await sql`select refresh_business_sort_keys()`.execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => {});
    throw error;
  }
}

/** Builds the copy again when its order has drifted (or always, with `force`). */
export async function maintainSortKeysLayout(
  handle: DatabaseHandle,
  options: { force?: boolean; limitMs?: number } = {},
): Promise<SortKeysLayout> {
  const limitMs = options.limitMs ?? REBUILD_LIMIT_MS;
  // Past its lock wait and its limit, a database that stops answering (frozen, its host gone) is
  // given up, the connection dropped.
  const statementLimitMs = LOCK_WAIT_MS + limitMs;
  const result = await exclusivelyOnOwnConnection(
    handle,
    SORT_KEYS_LOCK_KEY,
    statementLimitMs,
    async (db) => {
      const correlation = await layoutCorrelation(db);
      const drifted = correlation !== null && correlation < LAYOUT_CORRELATION_MIN;
      if (!drifted && !options.force) return { skipped: false, correlation, rebuilt: false };
      const started = performance.now();
      await rebuild(handle, db, limitMs);
      await sql`analyze business_sort_keys`.execute(db);
      return { skipped: false, correlation, rebuilt: true, seconds: (performance.now() - started) / 1000 };
    },
  );
  return result ?? { skipped: true, correlation: null, rebuilt: false };
}
