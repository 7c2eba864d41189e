// Where test databases come from: PGlite by default, PostgreSQL when TEST_DB=postgres
// (with TEST_DATABASE_URL pointing at a server the tests may create databases on).

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { type DatabaseHandle, openPGlite, openPostgres } from '../src/db/connection.ts';

export const ADMIN_STATEMENT_TIMEOUT_MS = 120_000;

export const TEST_DIR = join(import.meta.dirname, '../../../.data-test');

export const usePostgres = () => process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

export function pgUrl(database?: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A name for a database this run creates on TEST_DATABASE_URL. Every one starts with the run's
 * prefix, so the run's teardown drops whatever a failed or interrupted test left behind.
 */
export function testDatabaseName(): string {
  return `${inject('pgRunPrefix')}${randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/** A fresh, migrated, empty database of the kind this run tests. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (!usePostgres()) {
    return openPGlite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  }
  return serverDatabase(inject('pgTemplate'), 5);
}

/** A database with nothing in it, not even the migrations (for the migration tests). */
export async function emptyDatabase(): Promise<DatabaseHandle> {
  if (!usePostgres()) return openPGlite();
  return serverDatabase(undefined, 2);
}

/** A database this run creates on TEST_DATABASE_URL (a copy of `template`, else empty). */
async function serverDatabase(template: string | undefined, poolSize: number): Promise<DatabaseHandle> {
  const name = testDatabaseName();
  // CREATE and DROP DATABASE checkpoint: on a busy machine they can outlast the server's 15 s
  // statement timeout, which once failed a test's teardown.
  const server = openPostgres(pgUrl(), 1, { statementTimeoutMs: ADMIN_STATEMENT_TIMEOUT_MS });
  const create = template
    ? sql`create database ${sql.id(name)} template ${sql.id(template)}`
    : sql`create database ${sql.id(name)}`;
  await create.execute(server.db);
  const handle = openPostgres(pgUrl(name), poolSize);
  let closed: Promise<void> | undefined;
  return {
    ...handle,
    // Once, however many times it is called (a test may close it early to see the database go).
    close: () => {
      closed ??= (async () => {
        await handle.close();
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db);
        await server.close();
      })();
      return closed;
    },
  };
}
