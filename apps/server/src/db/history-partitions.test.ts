// Migration 047: the history tables partitioned by month, on PGlite and PostgreSQL.
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, freshDatabase } from '../../test/test-db.ts';
import { changeLogPage, changeLogTotals } from '../modules/change-logs/change-logs.repository.ts';
import type { DatabaseHandle } from './connection.ts';
import { maintainHistory } from './history-retention.ts';
import { listMigrations } from './migrate.ts';
import type { Database } from './types.ts';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

async function open(kind: 'fresh' | 'empty'): Promise<DatabaseHandle> {
  const handle = kind === 'fresh' ? await freshDatabase() : await emptyDatabase();
  handles.push(handle);
  return handle;
}

/** The partition holding each row, by id. */
async function partitionsOf(db: Kysely<Database>, table: 'business_change_logs' | 'staff_actions') {
  const id = table === 'business_change_logs' ? sql.ref('log_id') : sql.ref('id');
  const rows = await sql<{ id: number; part: string }>`
    select ${id}::int as id, tableoid::regclass::text as part from ${sql.table(table)} order by 1`.execute(
    db,
  );
  return Object.fromEntries(rows.rows.map((row) => [row.id, row.part]));
}

function insertLog(db: Kysely<Database>, registry: string, at: string) {
  return sql`
    insert into business_change_logs
      (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_at)
    values (1, ${registry}, 'UPDATE', 'business_name', 'Antes', 'Después', ${at}::timestamptz)`.execute(db);
}

async function monthsOf(db: Kysely<Database>) {
  const rows = await sql<{ registry: string; month: string; rows: number }>`
    select business_registry_number as registry, to_char(month at time zone 'UTC', 'YYYY-MM') as month, rows
      from business_change_log_months order by 1, 2`.execute(db);
  return rows.rows;
}

function insertAction(db: Kysely<Database>, action: string, at: string) {
  return sql`
    insert into staff_actions (action, actor_role, actor_identifier, details, created_at)
    values (${action}, 'master', 'Master', '{"n": 1}', ${at}::timestamptz)`.execute(db);
}

/** A property of `target` as its own code sees it (methods keep their class's private fields). */
function bound(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function' ? value.bind(target) : value;
}

/** A page of a business's history, as the history page reads it. */
async function historyRows(db: Kysely<Database>, registry: string, limit: number, offset: number) {
  return (await changeLogPage(db, registry, {}, { limit, offset, since: new Date() })).rows;
}

const monthName = (date: Date, plus: number) => {
  const month = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + plus, 1));
  return `${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
};

describe('history tables partitioned by month (migration 047)', () => {
  it('are partitioned by range of their timestamp, with this month, the next two and a default', async () => {
    const { db } = await open('fresh');
    const partitioned = await sql<{ name: string; strategy: string; key: string }>`
      select p.partrelid::regclass::text as name, p.partstrat as strategy,
             pg_get_partkeydef(p.partrelid) as key
        from pg_partitioned_table p order by 1`.execute(db);
    expect(partitioned.rows).toEqual([
      { name: 'business_change_logs', strategy: 'r', key: 'RANGE (changed_at)' },
      { name: 'staff_actions', strategy: 'r', key: 'RANGE (created_at)' },
    ]);
    const parts = await sql<{ parent: string; name: string }>`
      select i.inhparent::regclass::text as parent, c.relname as name
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent in ('business_change_logs'::regclass, 'staff_actions'::regclass)`.execute(db);
    const now = new Date();
    for (const table of ['business_change_logs', 'staff_actions']) {
      const names = parts.rows.filter((row) => row.parent === table).map((row) => row.name);
      expect(names).toEqual(
        expect.arrayContaining(
          [0, 1, 2].map((plus) => `${table}_${monthName(now, plus)}`).concat(`${table}_default`),
        ),
      );
    }
    // The primary keys include the partition key.
    const keys = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
       where contype = 'p' and conrelid in ('business_change_logs'::regclass, 'staff_actions'::regclass)
       order by conrelid::regclass::text`.execute(db);
    expect(keys.rows.map((row) => row.def)).toEqual([
      'PRIMARY KEY (log_id, changed_at)',
      'PRIMARY KEY (id, created_at)',
    ]);
  });

  it('moves the existing rows into their months, keeping ids, and the identities go on', async () => {
    const handle = await open('empty');
    const migrations = listMigrations();
    const at = migrations.findIndex((migration) => migration.version.startsWith('047_'));
    for (const migration of migrations.slice(0, at)) await handle.exec(migration.script);
    await insertLog(handle.db, 'REG-1', '2024-03-15T10:00:00Z');
    await insertLog(handle.db, 'REG-1', '2024-03-31T23:59:59.999999Z');
    await insertLog(handle.db, 'REG-2', '2025-07-01T00:00:00Z');
    await insertAction(handle.db, 'admin_create', '2023-12-31T23:30:00Z');
    await insertAction(handle.db, 'admin_update', '2024-01-01T00:00:00Z');
    const before = await sql`select * from business_change_logs order by log_id`.execute(handle.db);
    const actionsBefore = await sql`select * from staff_actions order by id`.execute(handle.db);

    await handle.exec(migrations[at]!.script);

    expect((await sql`select * from business_change_logs order by log_id`.execute(handle.db)).rows).toEqual(
      before.rows,
    );
    expect((await sql`select * from staff_actions order by id`.execute(handle.db)).rows).toEqual(
      actionsBefore.rows,
    );
    expect(await partitionsOf(handle.db, 'business_change_logs')).toEqual({
      1: 'business_change_logs_2024_03',
      2: 'business_change_logs_2024_03',
      3: 'business_change_logs_2025_07',
    });
    expect(await partitionsOf(handle.db, 'staff_actions')).toEqual({
      1: 'staff_actions_2023_12',
      2: 'staff_actions_2024_01',
    });
    // The months of each business's change logs, counted from the moved rows, then by the trigger.
    expect(await monthsOf(handle.db)).toEqual([
      { registry: 'REG-1', month: '2024-03', rows: 2 },
      { registry: 'REG-2', month: '2025-07', rows: 1 },
    ]);
    await insertLog(handle.db, 'REG-3', new Date().toISOString());
    const next = await sql<{ id: number }>`select max(log_id)::int as id from business_change_logs`.execute(
      handle.db,
    );
    expect(next.rows[0]?.id).toBe(4);
    const old = await sql`select to_regclass('business_change_logs_unpartitioned') as a,
                                 to_regclass('staff_actions_unpartitioned') as b`.execute(handle.db);
    expect(old.rows[0]).toEqual({ a: null, b: null });
  });

  it('puts a row dated in a month without partition in the default one; maintenance gives it its month', async () => {
    const handle = await open('fresh');
    await insertLog(handle.db, 'REG-9', '2041-05-05T05:05:05Z');
    await insertLog(handle.db, 'REG-9', '1999-01-01T00:00:00Z');
    await insertAction(handle.db, 'admin_delete', '2041-05-06T00:00:00Z');
    expect(Object.values(await partitionsOf(handle.db, 'business_change_logs'))).toEqual([
      'business_change_logs_default',
      'business_change_logs_default',
    ]);
    expect(Object.values(await partitionsOf(handle.db, 'staff_actions'))).toEqual(['staff_actions_default']);

    const result = await maintainHistory(handle, {});
    expect(result).toMatchObject({ skipped: false, created: 3, dropped: [] });
    expect(Object.values(await partitionsOf(handle.db, 'business_change_logs')).sort()).toEqual([
      'business_change_logs_1999_01',
      'business_change_logs_2041_05',
    ]);
    expect(Object.values(await partitionsOf(handle.db, 'staff_actions'))).toEqual(['staff_actions_2041_05']);
    // Moved, not new: the months of each business are counted once.
    expect(await monthsOf(handle.db)).toEqual([
      { registry: 'REG-9', month: '1999-01', rows: 1 },
      { registry: 'REG-9', month: '2041-05', rows: 1 },
    ]);
    // The default partition is attached again, and still refuses to rewrite the audit.
    await insertAction(handle.db, 'admin_delete', '2090-01-01T00:00:00Z');
    await expect(sql`delete from staff_actions_default`.execute(handle.db)).rejects.toThrow(/append-only/);
    expect(await maintainHistory(handle, {}, new Date('2041-05-20T00:00:00Z'))).toMatchObject({ created: 5 });
  });

  it('keeps the audit append-only: UPDATE, DELETE and TRUNCATE refused on the table and on each month', async () => {
    const { db } = await open('fresh');
    const now = new Date();
    await insertAction(db, 'admin_create', now.toISOString());
    await insertAction(db, 'admin_create', '2090-01-01T00:00:00Z'); // into the default partition
    const month = `staff_actions_${monthName(now, 0)}`;
    for (const target of ['staff_actions', month, 'staff_actions_default']) {
      const table = sql.table(target);
      await expect(sql`update ${table} set action = 'x'`.execute(db)).rejects.toThrow(/append-only: UPDATE/);
      await expect(sql`delete from ${table}`.execute(db)).rejects.toThrow(/append-only: DELETE/);
      await expect(sql`truncate ${table}`.execute(db)).rejects.toThrow(/append-only: TRUNCATE/);
    }
    const count = await sql<{ n: number }>`select count(*)::int as n from staff_actions`.execute(db);
    expect(count.rows[0]?.n).toBe(2);
  });

  it("reads a business's history from its months only, all of them, the default partition's too", async () => {
    const handle = await open('fresh');
    for (const at of [
      '2019-02-03T00:00:00Z',
      '2019-03-31T23:00:00Z',
      '2023-08-08T08:00:00Z',
      '2044-01-01T00:00:00Z',
    ]) {
      await insertLog(handle.db, 'REG-5', at);
    }
    await insertLog(handle.db, 'REG-6', '2023-08-09T00:00:00Z');
    const page = await historyRows(handle.db, 'REG-5', 20, 0);
    expect(page.map((row) => row.changed_at.toISOString())).toEqual([
      '2044-01-01T00:00:00.000Z',
      '2023-08-08T08:00:00.000Z',
      '2019-03-31T23:00:00.000Z',
      '2019-02-03T00:00:00.000Z',
    ]);
    expect(await historyRows(handle.db, 'REG-5', 2, 1)).toHaveLength(2);
    const totals = await changeLogTotals(
      handle.db,
      'REG-5',
      { operation_type: 'UPDATE' },
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(totals).toMatchObject({
      total_logs: 4,
      update_operations: 4,
      recent_changes: 1,
      filtered_count: 4,
    });
    expect(await historyRows(handle.db, 'REG-NONE', 20, 0)).toEqual([]);
    expect(await changeLogTotals(handle.db, 'REG-NONE', {}, new Date())).toMatchObject({ total_logs: 0 });
  });

  it('reads the history again when the retention drops one of its months between the lookup and the read', async () => {
    const handle = await open('fresh');
    const now = new Date();
    const [thisMonth, nextMonth] = [monthName(now, 0), monthName(now, 1)];
    await insertLog(handle.db, 'REG-7', `${thisMonth.replace('_', '-')}-02T00:00:00Z`);
    await insertLog(handle.db, 'REG-7', `${nextMonth.replace('_', '-')}-02T00:00:00Z`);
    // Right after the first lookup of the business's months (its connection given back), next
    // month goes as the retention takes it: its partition dropped, its months row deleted.
    let dropped = false;
    const executor = handle.db.getExecutor();
    const retentionMidway = new Proxy(executor, {
      get(target, property) {
        if (property !== 'executeQuery') return bound(target, property);
        return async (...args: Parameters<typeof executor.executeQuery>) => {
          const result = await target.executeQuery(...args);
          const first = result.rows[0] as { part?: unknown } | undefined;
          if (!dropped && first && 'part' in first) {
            dropped = true;
            await sql`drop table ${sql.table(`business_change_logs_${nextMonth}`)}`.execute(handle.db);
            const month = `${nextMonth.replace('_', '-')}-01T00:00:00Z`;
            await sql`delete from business_change_log_months where month = ${month}::timestamptz`.execute(
              handle.db,
            );
          }
          return result;
        };
      },
    });
    const db = new Proxy(handle.db, {
      get: (target, property) =>
        property === 'getExecutor' ? () => retentionMidway : bound(target, property),
    });
    const page = await changeLogPage(db, 'REG-7', {}, { limit: 20, offset: 0, since: new Date(0) });
    expect(dropped).toBe(true);
    expect(page.rows.map((row) => row.changed_at.toISOString().slice(0, 7))).toEqual([
      thisMonth.replace('_', '-'),
    ]);
    expect(page.totals).toMatchObject({ total_logs: 1, filtered_count: 1, recent_changes: 1 });
  });

  it('keeps the change-log trigger writing into the partitioned table', async () => {
    const { db } = await open('fresh');
    await sql`
      insert into businesses (business_name, business_owner, business_email, business_phone, business_category, business_year)
      values ('Panadería La Esperanza', 'Carmen Rivera', 'esperanza@example.com', '7875550101', 'Panaderías', 1998)`.execute(
      db,
    );
    await sql`update businesses set business_owner = 'Luis Rivera'`.execute(db);
    const logs = await sql<{
      log_id: number;
      operation_type: string;
      changed_column: string | null;
      part: string;
    }>`
      select log_id, operation_type, changed_column, tableoid::regclass::text as part
        from business_change_logs order by log_id`.execute(db);
    const thisMonth = `business_change_logs_${monthName(new Date(), 0)}`;
    expect(logs.rows).toEqual([
      { log_id: 1, operation_type: 'INSERT', changed_column: null, part: thisMonth },
      { log_id: 2, operation_type: 'UPDATE', changed_column: 'business_owner', part: thisMonth },
    ]);
  });
});
