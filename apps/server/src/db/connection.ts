// Opens the database: PGlite in DATA_DIR (default) or PostgreSQL on DATABASE_URL (a pool with
// timeouts, see postgres-pool.ts).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import type pg from 'pg';
import Cursor from 'pg-cursor';
import { DB_DEFAULTS } from '../config.ts';
import { pgCopyCsv, pgliteCopyCsv } from './copy-csv.ts';
import { typeParsers } from './parsers.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { pipelinedPool } from './pipelined-reads.ts';
import {
  connectDeadlineFor,
  connectWithin,
  createPool,
  deadlineFor,
  interruptPool,
  kyselyPool,
  PoolListeners,
  type PoolSettings,
  PreparedStatements,
  releaseClient,
  withDeadline,
} from './postgres-pool.ts';
import { type Replica, ReplicaSet, replicaName } from './read-replicas.ts';
import { replicaOrPrimary, routingPool } from './routing-pool.ts';
import type { Database } from './types.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For reads a person may see a moment late (lists, searches, pages, history, audit), one
   * statement at a time, never in a transaction: a replica's when DATABASE_REPLICA_URL names any and
   * the request may read there (read-replicas.ts), else the primary's pipelined connections
   * (pipelined-reads.ts), or db when the pool is too small to spare them.
   */
  readDb: Kysely<Database>;
  /** The replicas and their state, when DATABASE_REPLICA_URL names any. */
  replicas?: ReplicaSet;
  /** The same database for long reads (CSV exports), with a longer statement limit. */
  exportDb: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when kind is 'pglite' (dumps for tests). */
  pglite?: PGlite;
  /**
   * Runs a multi-statement SQL script (migrations), with no statement timeout. On PostgreSQL,
   * with deadlineMs, a database that has not answered by then is given up: the connection is
   * dropped and exec fails (DB_DEADLINE).
   */
  exec(script: string, deadlineMs?: number): Promise<void>;
  /** Fails when the database does not answer `select 1` within the connect timeout (/health). */
  ping(): Promise<void>;
  /**
   * PostgreSQL only: runs `work` on a connection opened for it alone, outside every pool, and
   * closed after (which also ends its session's advisory locks). Each statement may run
   * `statementTimeoutMs`. For long maintenance, which must not hold a connection requests wait for.
   */
  ownConnection?<T>(statementTimeoutMs: number, work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Calls onMessage with each notice on `channel` (NOTIFY), including this process's own, by the
   * time the write that sent it has committed; onMissed when notices may have been lost.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onMissed: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * The rows of `select` as CSV written by the database (COPY, every field quoted, '\r\n' record
   * ends), on the export pool; return() before the end frees the connection at once.
   */
  copyCsv(select: string): AsyncGenerator<Buffer>;
  /** PostgreSQL only: the export pool's connections (tests of cancelled downloads). */
  exportPoolStats?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL only: the main pool's connections (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** The pipelined connections readDb reads through on the primary, when it has them. */
  pipelineStats?(): { connections: number; waiting: number; batches: number; batchedReads: number };
  /**
   * PostgreSQL only: fails every database connection now (the queries running on them answer
   * 503), for a shutdown that must not wait on a database that does not answer.
   */
  interrupt?(): void;
  close(): Promise<void>;
}

export const pgliteExtensions = { btree_gin, pg_trgm, unaccent };

export async function openPGlite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
    parsers: typeParsers,
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    readDb: db,
    exportDb: db,
    kind: 'pglite',
    pglite,
    copyCsv: (select) => pgliteCopyCsv(db, pglite, select),
    ping: async () => {
      await sql`select 1`.execute(db); // through the dialect's queue, never inside another's transaction
    },
    // One process, one in-memory database: a notice arrives with the result of the COMMIT.
    listen: async (channel, onMessage) => {
      const unlisten = await pglite.listen(channel, onMessage);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    exec: async (script) => {
      try {
        await pglite.exec(script);
      } catch (error) {
        await pglite.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
    close: async () => {
      // Kysely only destroys a driver it has used; the PGlite instance is closed either way.
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export type PostgresOptions = Partial<Omit<PoolSettings, 'poolSize'>> & {
  /** Streaming replicas to read from (DATABASE_REPLICA_URL). */
  replicaUrls?: string[];
  /** Past this lag a replica is not read from (REPLICA_MAX_LAG_MS). */
  replicaMaxLagMs?: number;
};

/**
 * How many of a process's connections (its share of DB_POOL_SIZE) carry the pipelined reads; the
 * pool keeps the rest for writes, transactions and LISTEN. None below 3: the pool needs two.
 */
export const pipelinedShare = (poolSize: number) => (poolSize >= 8 ? 2 : poolSize >= 3 ? 1 : 0);

export function openPostgres(
  connectionString: string,
  poolSize = 10,
  options: PostgresOptions = {},
): DatabaseHandle {
  const pipelined = pipelinedShare(poolSize);
  const settings: PoolSettings = {
    poolSize: poolSize - pipelined,
    connectTimeoutMs: options.connectTimeoutMs ?? DB_DEFAULTS.connectTimeoutMs,
    statementTimeoutMs: options.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs,
  };
  const deadline = deadlineFor(settings.statementTimeoutMs);
  const deadlines = { connect: connectDeadlineFor(settings.connectTimeoutMs), statement: deadline };
  const pool = createPool(connectionString, settings);
  const listeners = new PoolListeners(pool);
  const primary = kyselyPool(pool, deadlines, listeners, new PreparedStatements());
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: primary, cursor: Cursor }) });
  // A cursor's statement lasts until its last row is read, so an export to a slow client needs a
  // longer statement_timeout; each read still gets the normal deadline. Connects only when used.
  const exportSettings = {
    ...settings,
    poolSize: 2,
    statementTimeoutMs: settings.statementTimeoutMs > 0 ? DB_DEFAULTS.exportStatementTimeoutMs : 0,
  };
  const exportPool = createPool(connectionString, exportSettings);
  const exportPrimary = kyselyPool(exportPool, deadlines);
  const readPool =
    pipelined > 0
      ? pipelinedPool(
          connectionString,
          {
            connections: pipelined,
            connectTimeoutMs: settings.connectTimeoutMs,
            statementTimeoutMs: settings.statementTimeoutMs,
            deadlineMs: deadline,
            elsewhere: primary,
          },
          new PreparedStatements(),
        )
      : undefined;
  /** The pools ownConnection opened and has not ended yet (interrupt() fails them too). */
  const ownPools = new Set<pg.Pool>();
  const ownConnection = async <T>(statementTimeoutMs: number, work: (db: Kysely<Database>) => Promise<T>) => {
    const pool = createPool(connectionString, { ...settings, poolSize: 1, statementTimeoutMs });
    ownPools.add(pool);
    const own = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: kyselyPool(pool, { connect: deadlines.connect, statement: deadlineFor(statementTimeoutMs) }),
      }),
    });
    try {
      return await own.connection().execute(work);
    } finally {
      ownPools.delete(pool);
      await own.destroy();
    }
  };
  const replicas = options.replicaUrls?.length
    ? new ReplicaSet(
        pool,
        options.replicaUrls.map((url) => ({
          name: replicaName(url),
          pool: createPool(url, settings),
          exportPool: createPool(url, exportSettings),
          probePool: createPool(url, { ...settings, poolSize: 1 }),
        })),
        { maxLagMs: options.replicaMaxLagMs ?? 5_000, connectTimeoutMs: settings.connectTimeoutMs },
      )
    : undefined;
  replicas?.start();
  const reading = (own: PostgresPool, poolOf: (replica: Replica) => pg.Pool) =>
    replicas
      ? routingPool(own, replicas, poolOf, (replicaPool) =>
          kyselyPool(replicaPool, deadlines, undefined, new PreparedStatements()),
        )
      : own;
  const readDb =
    replicas || readPool
      ? new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: reading(readPool ?? primary, (replica) => replica.pool),
            cursor: Cursor,
          }),
        })
      : db;
  const exportDb = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: reading(exportPrimary, (replica) => replica.exportPool),
      cursor: Cursor,
    }),
  });
  /** COPY from a replica the request may read from, else from the primary (replicaOrPrimary). */
  const copyCsv = (select: string): AsyncGenerator<Buffer> => {
    const fromPrimary = () => pgCopyCsv(exportPool, select, deadlines);
    if (!replicas) return fromPrimary();
    return replicaOrPrimary(
      replicas,
      (replica) => pgCopyCsv(replica.exportPool, select, deadlines),
      fromPrimary,
    );
  };
  return {
    db,
    readDb,
    replicas,
    exportDb,
    kind: 'postgres',
    copyCsv,
    exportPoolStats: () => ({
      total: exportPool.totalCount,
      idle: exportPool.idleCount,
      waiting: exportPool.waitingCount,
    }),
    listen: async (channel, onMessage, onMissed) => {
      const unsubscribe = listeners.add(channel, { onMessage, onMissed });
      return async () => unsubscribe();
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: settings.poolSize,
    }),
    ...(readPool ? { pipelineStats: readPool.stats } : {}),
    ping: async () => {
      const client = await connectWithin(pool, deadlines.connect);
      try {
        await withDeadline(client, settings.connectTimeoutMs, client.query('select 1'));
      } finally {
        releaseClient(client);
      }
    },
    ownConnection,
    exec: async (script, deadlineMs = 0) => {
      // Migrations may take as long as they need; the connection is not reused after.
      const client = await pool.connect();
      const run = (text: string) => withDeadline(client, deadlineMs, client.query(text));
      try {
        await run('set statement_timeout = 0');
        await run(script);
      } catch (error) {
        await run('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release(true);
      }
    },
    interrupt: () => {
      interruptPool(pool);
      interruptPool(exportPool);
      for (const own of ownPools) interruptPool(own);
      readPool?.interrupt();
      replicas?.interrupt();
    },
    close: async () => {
      await replicas?.stop();
      await Promise.all([db.destroy(), exportDb.destroy(), readDb === db ? undefined : readDb.destroy()]);
    },
  };
}

export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  dbConnectTimeoutMs?: number;
  dbStatementTimeoutMs?: number;
  databaseReplicaUrls?: string[];
  replicaMaxLagMs?: number;
  /** This process's main pool (DB_POOL_SIZE, or its share of it in a cluster). */
  dbPoolSize?: number;
}): Promise<DatabaseHandle> {
  if (!config.databaseUrl) return openPGlite({ dataDir: config.dataDir });
  return openPostgres(config.databaseUrl, config.dbPoolSize ?? 10, {
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    replicaUrls: config.databaseReplicaUrls,
    replicaMaxLagMs: config.replicaMaxLagMs,
  });
}
