// A store for @fastify/rate-limit that counts in the database, so that every server
// process on one PostgreSQL shares one budget per client IP. Fixed windows: one row per key and
// window, incremented by one atomic upsert; the window and its end come from the database's clock,
// so processes on different machines agree.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Rows of windows that ended more than this long ago are deleted, every PRUNE_EVERY calls. */
const PRUNE_AFTER_SECONDS = 3600;
const PRUNE_EVERY = 200;

export function databaseRateLimitStore(db: Kysely<Database>) {
  let calls = 0;
  const prune = () =>
    sql`delete from rate_limit_hits where window_start < now() - (${PRUNE_AFTER_SECONDS}::int * interval '1 second')`
      .execute(db)
      .catch(() => {}); // best effort: the next prune tries again

  async function increment(key: string, timeWindowMs: number) {
    const windowSeconds = Math.max(1, Math.round(timeWindowMs / 1000));
    const result = await sql<{ hits: number; ttl_ms: number }>`
      insert into rate_limit_hits as h (key, window_start, hits)
      values (${key},
              to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}::int) * ${windowSeconds}::int),
              1)
      on conflict (key, window_start) do update set hits = h.hits + 1
      returning hits,
        greatest(0, ceil(extract(epoch from (window_start + (${windowSeconds}::int * interval '1 second') - now())) * 1000))::int as ttl_ms
    `.execute(db);
    const row = result.rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    if (++calls % PRUNE_EVERY === 0) void prune();
    return { current: Number(row.hits), ttl: Number(row.ttl_ms) };
  }

  // @fastify/rate-limit instantiates the class with its options and asks for a child per route;
  // every route shares this one table, so the budget is per client IP across the public routes.
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      increment(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}
