// The node-postgres pool behind the server, made safe for a database that goes away:
// - every connection, idle or checked out, has an 'error' listener, so a connection the server
//   terminates (57P01 on shutdown, a crash, a reset) fails its query instead of the process;
// - a connect timeout, a server-side statement_timeout, and a client-side deadline a little past
//   it for a server that stops answering altogether (frozen: the socket stays open, nothing
//   comes back, and statement_timeout cannot fire in a stopped server). Past the deadline the
//   socket is destroyed: the query fails at once and the connection leaves the pool;
// - TCP keepalive, so a connection to a host that vanished is noticed while it sits idle;
// - a connection whose query failed in a way that spoils it (errors.ts: a demoted primary's
//   read_only_sql_transaction, a terminating server, class 08) is closed on release, not lent
//   again, so the next request opens a new one (to wherever DNS or the proxy point now);
// - a connection the server ended (a FATAL, or its socket closed) is known dead from that moment,
//   so a cursor closed on it does not wait for an answer that cannot come;
// - interruptPool() for a shutdown that cannot wait for a database that does not answer.
import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { DescribedOnce } from './described-once.ts';
import { spoilsConnection } from './errors.ts';
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
const KEEPALIVE_DELAY_MS = 10_000;

const ignore = () => {};

/** How every connection of the server is opened: connect timeout, keepalive, statement limit, parsers. */
export function clientConfig(
  connectionString: string,
  settings: Omit<PoolSettings, 'poolSize'>,
): pg.ClientConfig {
  return {
    connectionString,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    types: { getTypeParser: connectionParser } as never,
  };
}

/** The parser every connection reads a column of this type with (parsers.ts, else node-postgres's). */
export const connectionParser = (oid: number, format?: 'text' | 'binary') =>
  typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text');

export function createPool(connectionString: string, settings: PoolSettings): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(connectionString, settings), max: settings.poolSize });
  // The pool listens on idle connections only; 'connect' gives each new one a listener for life.
  // The query running on a broken connection gets the error itself (and a 503 with it).
  pool.on('error', ignore);
  pool.on('connect', (client) => {
    client.on('error', ignore);
    markWhenBroken(client);
  });
  return pool;
}

/** The socket under a client (node-postgres exposes no public way to abort a running query). */
export function destroySocket(client: pg.Client, error: Error): void {
  (
    client as unknown as { connection?: { stream?: { destroy(error: Error): void } } }
  ).connection?.stream?.destroy(error);
}

/**
 * Clients whose deadline passed, whose query failed in a way that spoils the connection, or whose
 * server or socket ended them: released with an error, so the pool closes them instead of lending
 * them again.
 */
const unusable = new WeakSet<pg.ClientBase>();

/**
 * PostgreSQL ends the session after a FATAL or PANIC error (57P01 on shutdown, 40001 for a
 * standby's conflict with recovery, 25P03 idle in transaction): from then on nothing more comes,
 * though the socket's end may arrive a moment later. `severity` is the localized S field: under
 * another lc_messages the socket's end marks the connection instead.
 */
const endsSession = (message: { severity?: string }) =>
  message.severity === 'FATAL' || message.severity === 'PANIC';

/** Marks a connection unusable as soon as the server ends its session or its socket breaks. */
function markWhenBroken(client: pg.Client): void {
  const broke = () => unusable.add(client);
  client.on('error', broke).on('end', broke);
  (client as unknown as { connection?: NodeJS.EventEmitter }).connection?.on(
    'errorMessage',
    (message: { severity?: string }) => endsSession(message) && broke(),
  );
}

export const deadlineError = (message: string) => Object.assign(new Error(message), { code: 'DB_DEADLINE' });

/**
 * `answer`, failed (and its connection dropped) when the database has not answered after `ms`. The
 * caller is answered at the deadline whatever the driver does with the destroyed socket: a socket
 * that had already closed gives the driver nothing to fail the query with, and it would wait for
 * ever. A failure that spoils the connection marks it for closing on release.
 */
export async function withDeadline<T>(client: pg.PoolClient, ms: number, answer: Promise<T>): Promise<T> {
  const work = answer.catch((error: unknown) => {
    if (spoilsConnection(error)) unusable.add(client);
    throw error;
  });
  if (ms <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      unusable.add(client);
      const error = deadlineError(`Database did not answer within ${ms} ms`);
      destroySocket(client, error);
      reject(error);
    }, ms);
  });
  work.catch(ignore); // its late failure, once the deadline has answered, is nobody's to handle
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A connection from the pool within `ms` (0: no limit). The pool's own connectionTimeoutMillis
 * usually fails first; this bounds the wait whatever state the pool is in, and a connection that
 * arrives after it gave up is closed, not kept.
 */
export async function connectWithin(pool: pg.Pool, ms: number): Promise<pg.PoolClient> {
  const pending = pool.connect();
  if (ms <= 0) return pending;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadlineError(`No database connection within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([pending, expired]);
  } catch (error) {
    pending.then((late) => late.release(true), ignore);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Drops a client whose statement is still running (a COPY whose reader left): its socket is
 * destroyed at once, so the server ends the statement, and the pool opens a new one when needed.
 */
export function discardClient(client: pg.PoolClient): void {
  const error = Object.assign(new Error('Export stopped: the download was cancelled'), {
    code: 'EXPORT_CANCELLED',
  });
  destroySocket(client, error);
  client.release(error);
}

/**
 * A client that cannot answer any more: its deadline passed, an error spoiled it, or its socket
 * broke (it is then marked, so that it is closed on release).
 */
function isDead(client: pg.PoolClient): boolean {
  if (unusable.has(client)) return true;
  const internals = client as unknown as {
    _queryable?: boolean;
    connection?: { stream?: { destroyed?: boolean } };
  };
  if (internals._queryable === false || internals.connection?.stream?.destroyed === true) {
    unusable.add(client);
    return true;
  }
  return false;
}

/**
 * A cursor's close(), which waits for the server's answer, or for its connection to break: the
 * cursor ends with the connection then, and the connection is closed on release.
 */
function closeCursor(client: pg.PoolClient, close: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const broke = () => {
      unusable.add(client);
      done();
      resolve();
    };
    const done = () => client.off('end', broke).off('error', broke);
    client.on('end', broke).on('error', broke);
    close().then(
      () => {
        done();
        resolve();
      },
      (error: unknown) => {
        done();
        reject(error);
      },
    );
  });
}

/** Gives a client back to its pool; one that missed a deadline or got a spoiling error is closed. */
export function releaseClient(client: pg.PoolClient): void {
  client.release(unusable.has(client) ? true : undefined);
}

/** What a query cut short by a shutdown fails with (a 503). */
export const shutdownError = () =>
  Object.assign(new Error('Database connection closed: the server is shutting down'), {
    code: 'DB_SHUTDOWN',
  });

/**
 * Fails every connection of the pool now (idle, connecting or running a query): their queries
 * fail with DB_SHUTDOWN (a 503), or `failWith`, and the pool can end, even when the database does
 * not answer.
 */
export function interruptPool(pool: pg.Pool, failWith: () => Error = shutdownError): void {
  const internals = pool as unknown as {
    _clients?: pg.Client[];
    _pendingQueue?: { callback(error: Error): void }[];
  };
  // Waiting for a free connection: the slots about to free up would only open new ones.
  for (const waiting of internals._pendingQueue?.splice(0) ?? []) waiting.callback(failWith());
  for (const client of [...(internals._clients ?? [])]) destroySocket(client, failWith());
}

/** How long the client waits for any one answer: statement_timeout and a margin (0: forever). */
export const deadlineFor = (statementTimeoutMs: number) =>
  statementTimeoutMs > 0 ? statementTimeoutMs + DEADLINE_MARGIN_MS : 0;

/** How long a request waits for a connection: the pool's connect timeout and a margin (0: forever). */
export const connectDeadlineFor = (connectTimeoutMs: number) =>
  connectTimeoutMs > 0 ? connectTimeoutMs + DEADLINE_MARGIN_MS : 0;

/**
 * LISTEN on every connection of a pool. Each connection Kysely checks out listens on every
 * channel before its first query, so the process hears a notice on any connection that is idle,
 * and its own writes' notices before their COMMIT returns (PostgreSQL sends a session its own
 * notifications ahead of ReadyForQuery). A connection leaving the pool may take notices with it:
 * onMissed is called then.
 */
interface Subscriber {
  onMessage(payload: string): void;
  onMissed(): void;
}

export class PoolListeners {
  private readonly channels = new Map<string, Set<Subscriber>>();
  /** The channels each connection listens on. */
  private readonly listening = new WeakMap<pg.PoolClient, Set<string>>();

  constructor(pool: pg.Pool) {
    pool.on('remove', () => {
      for (const subscribers of this.channels.values()) for (const each of subscribers) each.onMissed();
    });
  }

  /** Subscribes; the answer unsubscribes (the connections keep listening, which costs nothing). */
  add(channel: string, subscriber: Subscriber): () => void {
    let subscribers = this.channels.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(subscriber);
    return () => subscribers.delete(subscriber);
  }

  /** Brings a checked-out connection up to date with the channels (usually nothing to do). */
  async listenOn(client: pg.PoolClient, deadline: number): Promise<void> {
    let done = this.listening.get(client);
    if (done?.size === this.channels.size) return;
    if (!done) {
      done = new Set();
      this.listening.set(client, done);
      client.on('notification', (notice) => {
        for (const each of this.channels.get(notice.channel) ?? []) each.onMessage(notice.payload ?? '');
      });
    }
    const names = [...this.channels.keys()].filter((name) => !done.has(name));
    if (names.length === 0) return;
    const statements = names.map((name) => `LISTEN ${pg.escapeIdentifier(name)}`).join('; ');
    await withDeadline(client, deadline, client.query(statements));
    for (const name of names) done.add(name);
  }
}

/** A SELECT run this many times becomes a named prepared statement. */
const PREPARE_AFTER_RUNS = 3;
/** At most this many statements are prepared (per connection, on the server). */
const MAX_PREPARED = 100;
/** Texts counted towards PREPARE_AFTER_RUNS before the counts start over. */
const MAX_COUNTED = 2_000;
/** Text searches keep a plan made for their own words (a generic plan would guess at LIKE). */
const TEXT_SEARCH = /\blike\b|similarity\(|f_search_text\(/i;

/** A text search: its time follows its words, from milliseconds to a good part of a second. */
export const isTextSearch = (text: string): boolean => TEXT_SEARCH.test(text);

const SELECT = /^\s*select\b/i;

/**
 * A statement the pool prepares once it has run PREPARE_AFTER_RUNS times (the bench asks too):
 * a SELECT, also when its text starts with a line break or indentation (a statement written as a
 * template literal), but not one that starts with a comment (the history's, which name months).
 */
export const isPreparable = (text: string): boolean => SELECT.test(text) && !isTextSearch(text);

/**
 * Names for the SELECTs a pool runs often (the session lookup, a directory page): PostgreSQL then
 * parses and plans each once per connection instead of on every request (pgbench
 * answered the list's SQL 1.6x faster prepared than unnamed). Outside transactions only: a
 * statement a migration has made stale ('cached plan must not change result type') is retried
 * unnamed and never prepared again, which an aborted transaction could not do.
 */
export class PreparedStatements {
  private readonly names = new Map<string, string | null>();
  private readonly runs = new Map<string, number>();

  /** The statement name for this text, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) return name ?? undefined;
    if (this.names.size >= MAX_PREPARED || !isPreparable(text)) return undefined;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER_RUNS) {
      if (this.runs.size >= MAX_COUNTED) this.runs.clear();
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    const named = `portal_${this.names.size + 1}`;
    this.names.set(text, named);
    return named;
  }

  /** A prepared text the database no longer accepts: unnamed from now on. */
  drop(text: string): void {
    this.names.set(text, null);
  }
}

/**
 * Runs a prepared statement by name, described once per connection (described-once.ts). It is
 * handed to node-postgres as a Query: a config object ({ name, text, values }) would be copied
 * property by property on every call, which showed in the profiles of the busiest reads.
 */
export function namedQuery(
  client: pg.ClientBase,
  name: string,
  text: string,
  values: unknown[] | undefined,
  types?: pg.CustomTypesConfig,
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new DescribedOnce(name, text, values, types, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    client.query(query);
  });
}

export const isStalePlan = (error: unknown) => (error as { code?: unknown } | null)?.code === '0A000';

/** Kysely's own transaction statements, seen on the connection running them. */
export const TRANSACTION_START = /^(begin|start transaction)\b/i;
export const TRANSACTION_END = /^(commit|rollback)\b(?!\s+to\b)/i; // not ROLLBACK TO SAVEPOINT

/** What Kysely's PostgresDialect gets: the pool, with `deadline` on every query and cursor read. */
export function kyselyPool(
  pool: pg.Pool,
  deadlines: { connect: number; statement: number },
  listeners?: PoolListeners,
  prepared?: PreparedStatements,
): PostgresPool {
  const deadline = deadlines.statement;
  const inTransaction = new WeakSet<pg.PoolClient>();
  const run = async (client: pg.PoolClient, text: string, values: unknown[] | undefined) => {
    const name = inTransaction.has(client) ? undefined : prepared?.nameFor(text);
    if (!name) {
      if (TRANSACTION_START.test(text)) inTransaction.add(client);
      else if (TRANSACTION_END.test(text)) inTransaction.delete(client);
      return withDeadline(client, deadline, client.query(text, values));
    }
    try {
      return await withDeadline(client, deadline, namedQuery(client, name, text, values));
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      prepared?.drop(text);
      return withDeadline(client, deadline, client.query(text, values));
    }
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient =>
    ({
      query(text: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) {
        if (typeof text === 'string') return run(client, text, parameters as unknown[] | undefined);
        const cursor = client.query(text as never) as unknown as PostgresCursor<unknown>;
        const read = cursor.read.bind(cursor);
        const close = cursor.close.bind(cursor);
        cursor.read = (rows: number) => withDeadline(client, deadline, read(rows));
        // On a connection already given up (a read past its deadline, a FATAL from the server, a
        // broken socket) the close would wait a whole deadline for an answer that cannot come:
        // the connection is closed on release instead, which ends the cursor with it.
        cursor.close = () =>
          isDead(client) ? Promise.resolve() : withDeadline(client, deadline, closeCursor(client, close));
        return cursor;
      },
      release: () => releaseClient(client),
    }) as PostgresPoolClient;
  const connect = async () => {
    const client = await connectWithin(pool, deadlines.connect);
    if (!listeners) return wrap(client);
    try {
      await listeners.listenOn(client, deadline);
    } catch (error) {
      client.release(true);
      throw error;
    }
    return wrap(client);
  };
  return { connect, end: () => pool.end() };
}
