// Bulk writers, one per kind of connection, all inside one transaction:
// - PostgreSQL with a connection string: COPY FROM STDIN on a dedicated client (pg-copy-streams);
// - PGlite: COPY FROM '/dev/blob' with the rows as a blob;
// - anything else (a PostgreSQL handle without its URL): large multi-row INSERTs through Kysely.
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../connection.ts';
import type { Database } from '../types.ts';
import { EXPLICIT_ID_TABLES, type Row, SEED_TABLES, type SeedTable } from './tables.ts';

export interface Loader {
  readonly method: 'copy-stdin' | 'copy-blob' | 'insert';
  query<R>(text: string): Promise<R[]>;
  copy(table: SeedTable, rows: Row[]): Promise<void>;
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Rows in COPY's text format. */
export function copyText(rows: readonly Row[]): string {
  const lines: string[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    let line = '';
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      if (c > 0) line += '\t';
      if (value === null) line += '\\N';
      else if (typeof value === 'boolean') line += value ? 't' : 'f';
      else if (typeof value === 'number') line += String(value);
      else line += NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (ch) => ESCAPES[ch]!) : value;
    }
    lines[r] = line;
  }
  return `${lines.join('\n')}\n`;
}

const copyStatement = (table: SeedTable, source: string) =>
  `COPY ${table} (${SEED_TABLES[table].join(', ')}) FROM ${source}`;

async function withCopyStdin<T>(connectionString: string, work: (loader: Loader) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  // A dropped connection also fails the statement in flight; this keeps it from crashing the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const loader: Loader = {
      method: 'copy-stdin',
      query: async <R>(text: string) => (await client.query(text)).rows as R[],
      copy: (table, rows) =>
        new Promise<void>((resolve, reject) => {
          const stream = client.query(copyFrom(copyStatement(table, 'STDIN')));
          stream.on('error', reject);
          stream.on('finish', () => resolve());
          stream.end(copyText(rows));
        }),
    };
    await client.query('BEGIN');
    try {
      const result = await work(loader);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    await client.end();
  }
}

async function withCopyBlob<T>(handle: DatabaseHandle, work: (loader: Loader) => Promise<T>): Promise<T> {
  const pglite = handle.pglite!;
  return pglite.transaction(async (tx) =>
    work({
      method: 'copy-blob',
      query: async <R>(text: string) => (await tx.query<R>(text)).rows,
      copy: async (table, rows) => {
        await tx.query(copyStatement(table, "'/dev/blob'"), [], { blob: new Blob([copyText(rows)]) });
      },
    }),
  );
}

// PostgreSQL accepts at most 65535 bind parameters per statement.
const MAX_PARAMETERS = 60_000;

async function withInserts<T>(db: Kysely<Database>, work: (loader: Loader) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) =>
    work({
      method: 'insert',
      query: async <R>(text: string) => (await sql.raw<R>(text).execute(trx)).rows,
      copy: async (table, rows) => {
        const columns = SEED_TABLES[table];
        const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
        const overriding = EXPLICIT_ID_TABLES.has(table) ? sql`overriding system value` : sql``;
        for (let start = 0; start < rows.length; start += perStatement) {
          const values = rows.slice(start, start + perStatement).map((row) => sql`(${sql.join(row)})`);
          await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
                    ${overriding} values ${sql.join(values)}`.execute(trx);
        }
      },
    }),
  );
}

/** Runs `work` in one transaction with the fastest bulk writer the handle allows. */
export function withLoader<T>(
  handle: DatabaseHandle,
  connectionString: string | undefined,
  work: (loader: Loader) => Promise<T>,
): Promise<T> {
  if (handle.kind === 'pglite' && handle.pglite) return withCopyBlob(handle, work);
  if (connectionString) return withCopyStdin(connectionString, work);
  return withInserts(handle.db, work);
}

/** Runs one statement outside any transaction (VACUUM refuses one), on its own connection when it can. */
export async function runAlone(
  handle: DatabaseHandle,
  connectionString: string | undefined,
  statement: string,
): Promise<void> {
  if (handle.kind === 'pglite' && handle.pglite) {
    await handle.pglite.exec(statement);
    return;
  }
  if (!connectionString) {
    await sql.raw(statement).execute(handle.db);
    return;
  }
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
