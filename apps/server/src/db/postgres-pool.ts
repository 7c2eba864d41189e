// The node-postgres pool behind the server, made safe for a database that goes away:
// - every connection, idle or checked out, has an 'error' listener, so a connection the server
//   terminates (57P01 on shutdown, a crash, a reset) fails its query instead of the process;
// - a connect timeout, a server-side statement_timeout, and a client-side deadline a little past
//   it for a server that stops answering altogether (frozen: the socket stays open, nothing
//   comes back). Past the deadline the socket is destroyed: the query fails at once and the pool
//   drops the connection.
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { typeParsers } from './parsers.ts';

export interface PoolSettings {
  poolSize: number;
  /** Opening a connection, or waiting for a free one (0: no limit). */
  connectTimeoutMs: number;
  /** One statement on a live server (0: no limit). */
  statementTimeoutMs: number;
}

/** How long past statement_timeout the client waits before it gives the server up. */
const DEADLINE_MARGIN_MS = 1_000;

const ignore = () => {};

export function createPool(connectionString: string, settings: PoolSettings): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
    } as never,
  });
  // The pool listens on idle connections only; 'connect' gives each new one a listener for life.
  // The query running on a broken connection gets the error itself (and a 503 with it).
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

/** The socket under a client (node-postgres exposes no public way to abort a running query). */
function destroySocket(client: pg.PoolClient, ms: number): void {
  const error = Object.assign(new Error(`Database did not answer within ${ms} ms`), { code: 'DB_DEADLINE' });
  (
    client as unknown as { connection: { stream: { destroy(error: Error): void } } }
  ).connection.stream.destroy(error);
}

/** `work`, failed (and its connection dropped) when the database has not answered after `ms`. */
export async function withDeadline<T>(client: pg.PoolClient, ms: number, work: Promise<T>): Promise<T> {
  if (ms <= 0) return work;
  const timer = setTimeout(() => destroySocket(client, ms), ms);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
  }
}

/** How long the client waits for any one answer: statement_timeout and a margin (0: forever). */
export const deadlineFor = (statementTimeoutMs: number) =>
  statementTimeoutMs > 0 ? statementTimeoutMs + DEADLINE_MARGIN_MS : 0;

/** What Kysely's PostgresDialect gets: the pool, with `deadline` on every query and cursor read. */
export function kyselyPool(pool: pg.Pool, deadline: number): PostgresPool {
  const wrap = (client: pg.PoolClient): PostgresPoolClient =>
    ({
      query(text: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) {
        if (typeof text === 'string') {
          return withDeadline(client, deadline, client.query(text, parameters as unknown[]));
        }
        const cursor = client.query(text as never) as unknown as PostgresCursor<unknown>;
        const read = cursor.read.bind(cursor);
        cursor.read = (rows: number) => withDeadline(client, deadline, read(rows));
        return cursor;
      },
      release: () => client.release(),
    }) as PostgresPoolClient;
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}
