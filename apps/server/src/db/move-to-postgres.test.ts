// Moving an embedded deployment to PostgreSQL: `npm run move-to-postgres` copies a seeded PGlite
// into a new PostgreSQL database, table for table, with the sequences moved on. Needs PostgreSQL:
// runs when TEST_DATABASE_URL is set, on a database it creates and drops.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUrl } from '../../test/test-db.ts';
import { type DatabaseHandle, openPGlite, openPostgres } from './connection.ts';
import { migrate } from './migrate.ts';
import { MoveError, moveToPostgres } from './move-to-postgres.ts';
import { seedDatabase } from './seed/seed.ts';
import type { Database } from './types.ts';

const ROOT = join(import.meta.dirname, '../../../..');

/**
 * Every table's rows as one checksum, timestamps in UTC: equal sums, equal tables. A partitioned
 * table (migration 047) counts as one: which month partitions exist is not data.
 */
async function tableSums(db: Kysely<Database>): Promise<Record<string, { rows: number; sum: string }>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local time zone 'UTC'`.execute(trx);
    const { rows: tables } = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
         and c.relname <> 'schema_migrations'
       order by 1`.execute(trx);
    const sums: Record<string, { rows: number; sum: string }> = {};
    for (const { name } of tables) {
      const { rows } = await sql<{ rows: number; sum: string | null }>`
        select count(*)::int as rows,
               md5(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text)) as sum
          from ${sql.table(name)} t`.execute(trx);
      sums[name] = { rows: rows[0]!.rows, sum: rows[0]!.sum ?? '' };
    }
    return sums;
  });
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('npm run move-to-postgres', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-move-'));
  const dataDir = join(dir, 'data');
  const database = `portal_test_move_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const targetUrl = pgUrl(database);
  const server = openPostgres(pgUrl(), 1);
  let source: Record<string, { rows: number; sum: string }>;
  let sourceMax: { id: number; registry: string; log: number };

  beforeAll(async () => {
    const embedded = await openPGlite({ dataDir });
    try {
      await migrate(embedded);
      await seedDatabase(embedded, { businesses: 40, seed: 11 });
      // Edits through the trigger, so the change log holds INSERT and UPDATE rows of its own.
      await embedded.db
        .updateTable('businesses')
        .set({ business_name: 'Colmado Núñez' })
        .where('id', '=', 3)
        .execute();
      await embedded.db.deleteFrom('businesses').where('id', '=', 5).execute();
      source = await tableSums(embedded.db);
      const max = await sql<{ id: number; registry: string; log: number }>`
        select (select max(id) from businesses) as id,
               (select max(business_registry_number) from businesses) as registry,
               (select max(log_id) from business_change_logs)::int as log`.execute(embedded.db);
      sourceMax = max.rows[0]!;
    } finally {
      await embedded.close();
    }
    await sql`create database ${sql.id(database)}`.execute(server.db);
  }, 120_000);

  afterAll(async () => {
    await sql`drop database if exists ${sql.id(database)} with (force)`.execute(server.db);
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const withTarget = async <T>(work: (handle: DatabaseHandle) => Promise<T>) => {
    const target = openPostgres(targetUrl, 2);
    try {
      return await work(target);
    } finally {
      await target.close();
    }
  };

  it('copies every row of every table, the change log without a second entry', {
    timeout: 120_000,
  }, async () => {
    const moved = await promisify(execFile)('npm', ['run', '--silent', 'move-to-postgres', '--', targetUrl], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 100_000,
    });
    expect(moved.stdout).toMatch(/^businesses: 39 rows$/m);
    expect(moved.stdout).toMatch(/Start the server with DATABASE_URL set to it/);

    const target = await withTarget((handle) => tableSums(handle.db));
    expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
    expect(source.businesses?.rows).toBe(39);
    expect(source.business_change_logs?.rows).toBeGreaterThan(39);
    for (const [table, expected] of Object.entries(source)) {
      expect(target[table], table).toEqual(expected);
    }
    await withTarget(async ({ db }) => {
      const edited = await db
        .selectFrom('businesses')
        .select(['business_name', 'search_text'])
        .where('id', '=', 3)
        .executeTakeFirstOrThrow();
      expect(edited.business_name).toBe('Colmado Núñez');
      expect(edited.search_text).toContain('colmado nunez'); // the generated column, recomputed
    });
  });

  it('moves the sequences on: a new row gets the next id, not one the copy holds', {
    timeout: 60_000,
  }, async () => {
    await withTarget(async ({ db }) => {
      const created = await db
        .insertInto('businesses')
        .values({
          business_name: 'Recién Mudado',
          business_owner: 'Marta Colón',
          business_email: 'mudado@correo.test',
          business_phone: '7875550177',
        })
        .returning(['id', 'business_registry_number'])
        .executeTakeFirstOrThrow();
      expect(created.id).toBe(sourceMax.id + 1);
      expect(created.business_registry_number > sourceMax.registry).toBe(true);
      // The trigger is on again: the insert is logged, with the next log id.
      const log = await db
        .selectFrom('business_change_logs')
        .select(['log_id', 'operation_type'])
        .where('business_id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(log).toEqual({ log_id: sourceMax.log + 1, operation_type: 'INSERT' });
    });
  });

  it('refuses a target that already has businesses, and changes nothing', { timeout: 60_000 }, async () => {
    const before = await withTarget((handle) => tableSums(handle.db));
    await expect(moveToPostgres(dataDir, targetUrl)).rejects.toThrow(
      new MoveError(
        'The target database already has businesses: move into a new, empty database (nothing was changed).',
      ),
    );
    expect(await withTarget((handle) => tableSums(handle.db))).toEqual(before);
  });

  it('refuses while the embedded database is open (the server running)', { timeout: 60_000 }, async () => {
    const open = await openPGlite({ dataDir });
    try {
      await expect(moveToPostgres(dataDir, targetUrl)).rejects.toThrow(/is in use \(postmaster\.pid\)/);
    } finally {
      await open.close();
    }
  });
});
