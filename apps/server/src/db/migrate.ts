// Applies migrations/NNN_name.sql in order, each in its own transaction, once.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from './connection.ts';
import type { Database } from './types.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant: serialises migrations when several server processes start on one PostgreSQL.
const MIGRATION_LOCK_KEY = 724_110_001;
const LOCK_POLL_MS = 200;

export function listMigrations(): { version: string; script: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      script: readFileSync(join(MIGRATIONS_DIR, name), 'utf8'),
    }));
}

/** Polls for the lock: another process's migration may outlast any one statement's time limit. */
async function waitForLock(conn: Kysely<Database>): Promise<void> {
  const tryLock = sql<{ locked: boolean }>`select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}) as locked`;
  while (!(await tryLock.execute(conn)).rows[0]?.locked) {
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const { db } = handle;
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await waitForLock(conn);
    try {
      // Inside the lock: two processes starting on a new database would both create it.
      await handle.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = await sql<{ version: string }>`select version from schema_migrations`.execute(conn);
      const doneSet = new Set(done.rows.map((row) => row.version));
      for (const migration of listMigrations()) {
        if (doneSet.has(migration.version)) continue;
        const version = migration.version.replace(/'/g, "''");
        await handle.exec(
          `BEGIN;\n${migration.script}\n;INSERT INTO schema_migrations (version) VALUES ('${version}');\nCOMMIT;`,
        );
        applied.push(migration.version);
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
  return applied;
}
