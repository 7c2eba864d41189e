// Opens the database: PGlite in DATA_DIR (default) or PostgreSQL on DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { typeParsers } from './parsers.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './types.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when kind is 'pglite' (dumps for tests). */
  pglite?: PGlite;
  /** Runs a multi-statement SQL script (migrations). */
  exec(script: string): Promise<void>;
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
    kind: 'pglite',
    pglite,
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

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
    } as never,
  });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  return {
    db,
    kind: 'postgres',
    exec: async (script) => {
      const client = await pool.connect();
      try {
        await client.query(script);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPGlite({ dataDir: config.dataDir });
}
