// Retention of the history tables: expired whole months archived, then dropped;
// archives restore; each drop recorded in the staff audit; one purge at a time, on a connection of
// its own (PostgreSQL), never one of the pool's.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase, pgUrl, usePostgres } from '../../test/test-db.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { archiveRecords } from './history-archive.ts';
import { maintainHistory, restoreArchive } from './history-retention.ts';
import type { Database } from './types.ts';

const dirs: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function archiveDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'history-archive-'));
  dirs.push(dir);
  return dir;
}

/** The months of 2025 from `first` to `last` (1–12), written `2025${sep}03`. */
const months2025 = (first: number, last: number, sep = '_') =>
  Array.from({ length: last - first + 1 }, (_, i) => `2025${sep}${String(first + i).padStart(2, '0')}`);

async function fresh(): Promise<DatabaseHandle> {
  const handle = await freshDatabase();
  handles.push(handle);
  return handle;
}

// 2025-01 … 2025-06, a few rows each, values that test the CSV (quotes, commas, line breaks,
// empty text, NULL, JSON, microseconds).
async function seedMonths(db: Kysely<Database>) {
  for (const [month, days] of [
    ['2025-01', [1, 31]],
    ['2025-02', [14]],
    ['2025-03', [1, 15]],
    ['2025-04', [30]],
    ['2025-05', [2]],
    ['2025-06', [20]],
  ] as const) {
    for (const day of days) {
      const at = `${month}-${String(day).padStart(2, '0')}T12:34:56.123456Z`;
      await sql`
        insert into business_change_logs
          (business_id, business_registry_number, operation_type, changed_column, old_value, new_value,
           changed_at, changed_by, ip_address, user_agent)
        values (7, 'REG-7', 'UPDATE', 'business_description', ${`Dijo "hola", luego\nadiós ${month}`}, '',
                ${at}::timestamptz, 'ana@example.com', null, 'Navegador/1')`.execute(db);
      await sql`
        insert into staff_actions (action, actor_role, actor_admin_id, actor_identifier, target_kind, details, created_at)
        values ('admin_update', 'admin', 3, 'ana@example.com', 'admin',
                ${JSON.stringify({ fields: ['admin_email'], note: 'a,"b"' })}::jsonb, ${at}::timestamptz)`.execute(
        db,
      );
    }
  }
}

const allLogs = (db: Kysely<Database>) =>
  sql<Record<string, unknown>>`select * from business_change_logs order by log_id`.execute(db);
const allActions = (db: Kysely<Database>) =>
  sql`select * from staff_actions where actor_role <> 'system' order by id`.execute(db);

async function monthsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = ${table}::regclass and c.relname like '%_2025_%' order by 1`.execute(db);
  return rows.rows.map((row) => row.name.slice(-7));
}

async function businessMonths(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ month: string; rows: number }>`
    select to_char(month at time zone 'UTC', 'YYYY-MM') as month, rows from business_change_log_months
     where business_registry_number = 'REG-7' order by 1`.execute(db);
  return rows.rows.map((row) => row.month);
}

async function systemActions(db: Kysely<Database>) {
  const rows = await sql<{ action: string; actor_role: string; actor_identifier: string; details: object }>`
    select action, actor_role, actor_identifier, details from staff_actions
     where actor_role = 'system' order by id`.execute(db);
  return rows.rows;
}

// 3 months kept on 2025-06-15: a month goes when its end is before 2025-03-15.
const NOW = new Date('2025-06-15T08:00:00Z');

describe('history retention', () => {
  it('drops exactly the expired months, archives each first, records each drop; the archives restore', async () => {
    const handle = await fresh();
    const { db } = handle;
    await seedMonths(db);
    const logsBefore = (await allLogs(db)).rows;
    const actionsBefore = (await allActions(db)).rows;
    const dir = archiveDir();

    const result = await maintainHistory(
      handle,
      { changeLogMonths: 3, staffAuditMonths: 4, archiveDir: dir },
      NOW,
    );

    expect(result.skipped).toBe(false);
    expect(result.dropped.map(({ table, month, rows }) => ({ table, month, rows }))).toEqual([
      { table: 'business_change_logs', month: '2025-01', rows: 2 },
      { table: 'business_change_logs', month: '2025-02', rows: 1 },
      { table: 'staff_actions', month: '2025-01', rows: 2 },
    ]);
    expect(await monthsOf(db, 'business_change_logs')).toEqual(months2025(3, 8));
    expect(await monthsOf(db, 'staff_actions')).toEqual(months2025(2, 8));
    expect(readdirSync(dir).sort()).toEqual([
      'business_change_logs-2025-01.csv.gz',
      'business_change_logs-2025-02.csv.gz',
      'staff_actions-2025-01.csv.gz',
    ]);
    // What is left is the rows of the kept months, untouched.
    const keptLogs = logsBefore.filter((row) => (row.changed_at as Date) >= new Date('2025-03-01T00:00:00Z'));
    expect((await allLogs(db)).rows).toEqual(keptLogs);
    expect((await allActions(db)).rows).toEqual(actionsBefore.slice(2));
    expect(await systemActions(db)).toEqual([
      {
        action: 'history_month_archived',
        actor_role: 'system',
        actor_identifier: 'Sistema',
        details: {
          table: 'business_change_logs',
          month: '2025-01',
          rows: 2,
          archive: 'business_change_logs-2025-01.csv.gz',
        },
      },
      {
        action: 'history_month_archived',
        actor_role: 'system',
        actor_identifier: 'Sistema',
        details: {
          table: 'business_change_logs',
          month: '2025-02',
          rows: 1,
          archive: 'business_change_logs-2025-02.csv.gz',
        },
      },
      {
        action: 'history_month_archived',
        actor_role: 'system',
        actor_identifier: 'Sistema',
        details: {
          table: 'staff_actions',
          month: '2025-01',
          rows: 2,
          archive: 'staff_actions-2025-01.csv.gz',
        },
      },
    ]);

    // The business's months go with them (the history reads only the months it lists).
    expect(await businessMonths(db)).toEqual(['2025-03', '2025-04', '2025-05', '2025-06']);

    // The archive is a CSV with a header of the table's columns.
    const records: (string | null)[][] = [];
    for await (const record of archiveRecords(join(dir, 'business_change_logs-2025-01.csv.gz')))
      records.push(record);
    expect(records[0]).toEqual(Object.keys(logsBefore[0]!));
    expect(records).toHaveLength(3);
    expect(records[1]![records[0]!.indexOf('old_value')]).toBe('Dijo "hola", luego\nadiós 2025-01');
    expect(records[1]![records[0]!.indexOf('new_value')]).toBe('');
    expect(records[1]![records[0]!.indexOf('ip_address')]).toBeNull();

    // A second run finds nothing more to drop.
    expect(
      (await maintainHistory(handle, { changeLogMonths: 3, staffAuditMonths: 4, archiveDir: dir }, NOW))
        .dropped,
    ).toEqual([]);

    // Round trip: every archived month back, the tables as they were before the purge.
    for (const name of readdirSync(dir)) await restoreArchive(handle, join(dir, name));
    expect((await allLogs(db)).rows).toEqual(logsBefore);
    expect((await allActions(db)).rows).toEqual(actionsBefore);
    expect(await monthsOf(db, 'business_change_logs')).toContain('2025_01');
    expect(await businessMonths(db)).toEqual(months2025(1, 6, '-'));
    const restored = (await systemActions(db)).filter((row) => row.action === 'history_month_restored');
    expect(restored.map((row) => row.details)).toEqual([
      {
        table: 'business_change_logs',
        month: '2025-01',
        rows: 2,
        archive: 'business_change_logs-2025-01.csv.gz',
      },
      {
        table: 'business_change_logs',
        month: '2025-02',
        rows: 1,
        archive: 'business_change_logs-2025-02.csv.gz',
      },
      { table: 'staff_actions', month: '2025-01', rows: 2, archive: 'staff_actions-2025-01.csv.gz' },
    ]);

    // Loading the same archive again is refused, and loads nothing.
    await expect(restoreArchive(handle, join(dir, 'business_change_logs-2025-01.csv.gz'))).rejects.toThrow(
      /already loaded/,
    );
    expect((await allLogs(db)).rows).toEqual(logsBefore);

    // Expired again, a restored month gets a second archive file; the first one stays.
    await maintainHistory(handle, { changeLogMonths: 3, archiveDir: dir }, NOW);
    expect(readdirSync(dir).filter((name) => name.startsWith('business_change_logs-2025-01'))).toEqual([
      'business_change_logs-2025-01.2.csv.gz',
      'business_change_logs-2025-01.csv.gz',
    ]);
  });

  it('keeps everything when no retention is set', async () => {
    const handle = await fresh();
    await seedMonths(handle.db);
    const result = await maintainHistory(handle, {}, new Date('2030-01-01T00:00:00Z'));
    expect(result.dropped).toEqual([]);
    expect(await monthsOf(handle.db, 'business_change_logs')).toHaveLength(6);
  });

  it('refuses a file that is not an archive, or is missing', async () => {
    const handle = await fresh();
    await expect(restoreArchive(handle, '/tmp/businesses-2025-01.csv.gz')).rejects.toThrow(
      /not an archive name/,
    );
    await expect(restoreArchive(handle, '/tmp/none/staff_actions-2025-01.csv.gz')).rejects.toThrow(
      /does not exist/,
    );
  });

  it('runs one purge at a time: two racing, one does the work', async () => {
    const handle = await fresh();
    await seedMonths(handle.db);
    const dir = archiveDir();
    const retention = { changeLogMonths: 3, staffAuditMonths: 3, archiveDir: dir };
    // Another process: the same database through another object (PostgreSQL: other connections,
    // serialised by the advisory lock). PGlite has one process, so the same handle.
    const other = handle.kind === 'postgres' ? { ...handle } : handle;
    const [a, b] = await Promise.all([
      maintainHistory(handle, retention, NOW),
      maintainHistory(other, retention, NOW),
    ]);
    const dropped = [...a.dropped, ...b.dropped].map((month) => `${month.table} ${month.month}`).sort();
    expect(dropped).toEqual([
      'business_change_logs 2025-01',
      'business_change_logs 2025-02',
      'staff_actions 2025-01',
      'staff_actions 2025-02',
    ]);
    expect([a, b].filter((run) => run.dropped.length > 0)).toHaveLength(1);
    expect(await systemActions(handle.db)).toHaveLength(4);
    expect(readdirSync(dir)).toHaveLength(4);
    expect(readdirSync(dir).some((name) => name.endsWith('.partial'))).toBe(false);

    if (handle.kind === 'postgres') {
      // While another connection holds the lock, a purge does nothing and says so.
      await handle.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(724110047)`.execute(conn);
        try {
          expect(await maintainHistory({ ...handle }, retention, new Date('2026-01-01T00:00:00Z'))).toEqual({
            skipped: true,
            created: 0,
            dropped: [],
            postponed: [],
          });
        } finally {
          await sql`select pg_advisory_unlock(724110047)`.execute(conn);
        }
      });
    } else {
      const first = maintainHistory(handle, retention, NOW);
      expect(await maintainHistory(handle, retention, NOW)).toEqual({
        skipped: true,
        created: 0,
        dropped: [],
        postponed: [],
      });
      await first;
    }
    expect(existsSync(join(dir, 'staff_actions-2025-02.csv.gz'))).toBe(true);
  });

  it.runIf(usePostgres())(
    "holds none of a worker's two pooled connections while it archives: requests keep both",
    async () => {
      const direct = await fresh();
      await seedMonths(direct.db);
      // The months created (no retention yet): the rows leave the DEFAULT partition.
      expect(await maintainHistory(direct, {}, NOW)).toMatchObject({ postponed: [] });
      const name = await sql<{ name: string }>`select current_database() as name`.execute(direct.db);
      // The background worker's pool with the default DB_POOL_SIZE on five cores or more: two
      // connections, none pipelined.
      const worker = openPostgres(pgUrl(name.rows[0]!.name), 2);
      handles.push(worker);
      const dir = archiveDir();
      // A month held, so the run waits on its first batch of that month while the pool is looked at.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locking!: () => void;
      const locked = new Promise<void>((resolve) => {
        locking = resolve;
      });
      const holder = direct.db.transaction().execute(async (trx) => {
        await sql`lock table business_change_logs_2025_01 in access exclusive mode`.execute(trx);
        locking();
        await held;
      });
      await Promise.race([locked, holder]);
      const retention = { changeLogMonths: 3, archiveDir: dir, statementTimeoutMs: 60_000 };
      const running = maintainHistory(worker, retention, NOW).catch((error: unknown) => error);
      try {
        const waitingForMonth = async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%from "business_change_logs_2025_01"%'`.execute(
              direct.db,
            )
          ).rows[0]!.n;
        await expect.poll(waitingForMonth).toBe(1);
        const pool = worker.poolStats!();
        expect(pool.total - pool.idle, 'pooled connections checked out by the retention run').toBe(0);
        // A request's transaction and a read beside it: both of the pool's connections at once.
        await worker.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await sql`select 1`.execute(worker.db);
        });
      } finally {
        release();
        await holder;
      }
      const result = await running;
      expect(result).toMatchObject({ skipped: false, postponed: [] });
      expect((result as { dropped: { month: string }[] }).dropped.map(({ month }) => month)).toEqual([
        '2025-01',
        '2025-02',
      ]);
      // The run's lock was its own connection's: it went with that connection (whose backend ends
      // a moment after the client has closed it, hence the poll).
      const advisoryLocks = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_locks
            where locktype = 'advisory'
              and database = (select oid from pg_database where datname = current_database())`.execute(
            direct.db,
          )
        ).rows[0]!.n;
      await expect.poll(advisoryLocks).toBe(0);
    },
  );

  it.runIf(usePostgres())(
    'leaves its work for the next run while an export reads the table, without holding the writes',
    async () => {
      const handle = await fresh();
      const { db } = handle;
      await seedMonths(db);
      const business = await db
        .insertInto('businesses')
        .values({
          business_name: 'Colmado La Espera',
          business_owner: 'Rosa Díaz',
          business_email: 'espera@correo.test',
          business_phone: '7875550101',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const dir = archiveDir();
      const retention = { changeLogMonths: 3, staffAuditMonths: 4, archiveDir: dir };

      /** `run` while an export reads business_change_logs; a business write goes through meanwhile. */
      async function whileExporting<T>(run: () => Promise<T>): Promise<T> {
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let reading!: () => void;
        const read = new Promise<void>((resolve) => {
          reading = resolve;
        });
        // An export's open cursor: the table read in a transaction on its own connection.
        const reader = db.transaction().execute(async (trx) => {
          await sql`select count(*) from business_change_logs`.execute(trx);
          reading();
          await held;
        });
        await read;
        try {
          const running = run();
          running.catch(() => {});
          await vi.waitFor(
            async () => {
              const queued = await sql<{ n: number }>`
                select count(*)::int as n from pg_locks
                 where relation = 'business_change_logs'::regclass and mode = 'AccessExclusiveLock'
                   and not granted`.execute(db);
              expect(queued.rows[0]!.n).toBe(1);
            },
            { timeout: 10_000, interval: 50 },
          );
          // Queued behind the maintenance, the write (its change-log row) goes through before the
          // export ends: at worst once the maintenance has stopped waiting.
          const write = db
            .updateTable('businesses')
            .set({ business_description: `Abierto ${Date.now()}` })
            .where('id', '=', business.id)
            .execute();
          const late = new Promise((resolve) => setTimeout(resolve, 12_000, 'late'));
          expect(await Promise.race([write.then(() => 'written'), late])).toBe('written');
          return await running;
        } finally {
          release();
          await reader;
        }
      }

      // Creating the months: none created, the next run does.
      const first = await whileExporting(() => maintainHistory(handle, retention, NOW));
      expect(first).toMatchObject({ created: 0, dropped: [], postponed: ['months ahead'] });
      expect(await monthsOf(db, 'business_change_logs')).toEqual([]);
      expect(readdirSync(dir)).toEqual([]);
      const created = await maintainHistory(handle, {}, NOW);
      expect(created).toMatchObject({ postponed: [] });
      expect(await monthsOf(db, 'business_change_logs')).toEqual(months2025(1, 8));

      // Dropping the expired months: the busy table's are left, the other table's go.
      const second = await whileExporting(() => maintainHistory(handle, retention, NOW));
      expect(second.dropped.map(({ table, month }) => `${table} ${month}`)).toEqual([
        'staff_actions 2025-01',
      ]);
      expect(second.postponed).toEqual(['business_change_logs 2025-01', 'business_change_logs 2025-02']);
      expect(await monthsOf(db, 'business_change_logs')).toEqual(months2025(1, 8));
      expect(readdirSync(dir)).toEqual(['staff_actions-2025-01.csv.gz']);

      // The export over, the next run drops them.
      const third = await maintainHistory(handle, retention, NOW);
      expect(third.dropped.map(({ table, month }) => `${table} ${month}`)).toEqual([
        'business_change_logs 2025-01',
        'business_change_logs 2025-02',
      ]);
      expect(third.postponed).toEqual([]);
      expect(await monthsOf(db, 'business_change_logs')).toEqual(months2025(3, 8));
      expect(readdirSync(dir).sort()).toEqual([
        'business_change_logs-2025-01.csv.gz',
        'business_change_logs-2025-02.csv.gz',
        'staff_actions-2025-01.csv.gz',
      ]);
    },
  );
});
