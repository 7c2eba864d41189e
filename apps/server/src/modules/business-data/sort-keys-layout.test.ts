// The sorted searches' copy is laid out in name order again when its order has drifted, and
// only then; the rebuilt copy holds exactly what businesses holds, its pages in name order.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { frozenableProxy } from '../../../test/frozenable-proxy.ts';
import { freshDatabase, pgUrl, usePostgres } from '../../../test/test-db.ts';
import { type DatabaseHandle, openPostgres } from '../../db/connection.ts';
import { isRebuildHour, LAYOUT_CORRELATION_MIN, maintainSortKeysLayout } from './sort-keys-layout.ts';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

/** Businesses inserted in the order of `names` (each insert places its copy row after the last). */
async function insertNamed(handle: DatabaseHandle, names: string[]) {
  await sql`insert into businesses (business_name, business_owner, business_email, business_phone)
    select name, 'Dueña', 'capa' || n || '@correo.test', (7870000000 + n)::text
      from unnest(${names}::text[]) with ordinality as t(name, n)`.execute(handle.db);
}

/** The copy's names in the order of its pages. */
async function pageOrder(handle: DatabaseHandle) {
  const rows = await sql<{ name_key: string }>`select name_key from business_sort_keys order by ctid`.execute(
    handle.db,
  );
  return rows.rows.map((row) => row.name_key);
}

const NAMES = Array.from({ length: 400 }, (_, i) => `Negocio ${String(i).padStart(3, '0')}`);

describe('the layout of business_sort_keys', () => {
  it('is built again in name order once its order has drifted, and matches businesses after', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    // Inserted Z to A: the copy's pages hold the names in reverse order.
    await insertNamed(handle, [...NAMES].reverse());
    await sql`update businesses set business_name = 'Zafiro ' || id where id % 7 = 0`.execute(handle.db);

    const result = await maintainSortKeysLayout(handle);
    expect(result.rebuilt).toBe(true);
    expect(result.correlation).toBeLessThan(LAYOUT_CORRELATION_MIN);

    const order = await pageOrder(handle);
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const differences = await sql<{ n: number }>`
      select count(*)::int as n from (
        (select id, f_search_text(business_name), search_text, registration_date, verified_email,
                verified_phone, business_category, business_year from businesses
         except all
         select id, name_key, search_text, registration_date, verified_email, verified_phone,
                business_category, business_year from business_sort_keys)
        union all
        (select id, name_key, search_text, registration_date, verified_email, verified_phone,
                business_category, business_year from business_sort_keys
         except all
         select id, f_search_text(business_name), search_text, registration_date, verified_email,
                verified_phone, business_category, business_year from businesses)) as d`.execute(handle.db);
    expect(differences.rows[0]!.n).toBe(0);
    expect(order).toHaveLength(NAMES.length);

    // In order now: the next check leaves it as it is.
    const again = await maintainSortKeysLayout(handle);
    expect(again).toMatchObject({ rebuilt: false });
    expect(again.correlation).toBeGreaterThan(0.99);
  });

  it('leaves a copy written in name order alone', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    await insertNamed(handle, NAMES);
    const before = await sql<{ ctid: string }>`select ctid::text from business_sort_keys order by id`.execute(
      handle.db,
    );
    expect(await maintainSortKeysLayout(handle)).toMatchObject({ rebuilt: false, skipped: false });
    const after = await sql<{ ctid: string }>`select ctid::text from business_sort_keys order by id`.execute(
      handle.db,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it.runIf(usePostgres())(
    'gives up after its lock wait while a write holds businesses, and the copy stays',
    async () => {
      const handle = await freshDatabase();
      handles.push(handle);
      await insertNamed(handle, [...NAMES].reverse());
      const before = await pageOrder(handle);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let writing!: () => void;
      const written = new Promise<void>((resolve) => {
        writing = resolve;
      });
      const writer = handle.db.transaction().execute(async (trx) => {
        await sql`update businesses set business_description = 'Abierto' where id = 1`.execute(trx);
        writing();
        await held;
      });
      await written;
      const started = Date.now();
      await expect(maintainSortKeysLayout(handle, { force: true })).rejects.toMatchObject({ code: '55P03' });
      expect(Date.now() - started).toBeLessThan(30_000);
      release();
      await writer;
      expect(await pageOrder(handle)).toEqual(before);
    },
  );

  it.runIf(usePostgres())(
    'gives up a database that stops answering a little past its limit; the pool serves again after',
    async () => {
      const direct = await freshDatabase();
      handles.push(direct);
      await insertNamed(direct, [...NAMES].reverse());
      const name = await sql<{ name: string }>`select current_database() as name`.execute(direct.db);
      const proxy = await frozenableProxy(new URL(pgUrl(name.rows[0]!.name)));
      // A worker's small pool: two connections (and a pipelined one).
      const handle = openPostgres(proxy.url, 3, { connectTimeoutMs: 2_000, statementTimeoutMs: 2_000 });
      try {
        proxy.freezeWhenSent('refresh_business_sort_keys');
        const rebuild = maintainSortKeysLayout(handle, { force: true, limitMs: 500 });
        // Left to the driver, it would wait for ever: the proxy keeps the socket open.
        const hung = new Promise((resolve) => setTimeout(resolve, 30_000, 'hung'));
        const outcome = await Promise.race([
          rebuild.then(
            () => 'rebuilt',
            (error: unknown) => error,
          ),
          hung,
        ]);
        expect(outcome).toMatchObject({ code: 'DB_DEADLINE' });

        proxy.resume();
        // The run's lock was its own connection's: it goes once the server has ended that session.
        const advisoryLocks = async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_locks
              where locktype = 'advisory'
                and database = (select oid from pg_database where datname = current_database())`.execute(
              direct.db,
            )
          ).rows[0]!.n;
        await expect.poll(advisoryLocks).toBe(0);
        expect(await maintainSortKeysLayout(handle, { force: true })).toMatchObject({ rebuilt: true });
      } finally {
        proxy.resume();
        await handle.close();
        await proxy.close();
      }
    },
  );

  it.runIf(usePostgres())(
    "holds none of a worker's two pooled connections while it runs: requests keep both",
    async () => {
      const direct = await freshDatabase();
      handles.push(direct);
      await insertNamed(direct, [...NAMES].reverse());
      const name = await sql<{ name: string }>`select current_database() as name`.execute(direct.db);
      // The background worker's pool with the default DB_POOL_SIZE on five cores or more: two
      // connections, none pipelined.
      const worker = openPostgres(pgUrl(name.rows[0]!.name), 2);
      handles.push(worker);
      // A write holds businesses, so the rebuild waits for its lock while the pool is looked at.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let writing!: () => void;
      const written = new Promise<void>((resolve) => {
        writing = resolve;
      });
      const writer = direct.db.transaction().execute(async (trx) => {
        await sql`update businesses set business_description = 'Abierto' where id = 1`.execute(trx);
        writing();
        await held;
      });
      await written;
      const rebuilding = maintainSortKeysLayout(worker, { force: true }).catch((error: unknown) => error);
      try {
        const waitingForLock = async () =>
          (
            await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%lock table businesses in share mode%'`.execute(
              direct.db,
            )
          ).rows[0]!.n;
        await expect.poll(waitingForLock).toBe(1);
        const pool = worker.poolStats!();
        expect(pool.total - pool.idle, 'pooled connections checked out by the rebuild').toBe(0);
        // A request's transaction and a read beside it: both of the pool's connections at once.
        await worker.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await sql`select 1`.execute(worker.db);
        });
      } finally {
        release();
        await writer;
      }
      expect(await rebuilding).toMatchObject({ rebuilt: true });
    },
  );

  it('starts a rebuild only at 3 a.m. in Puerto Rico (UTC-4, no daylight saving)', () => {
    expect(isRebuildHour(new Date('2026-11-27T07:15:00Z'))).toBe(true);
    expect(isRebuildHour(new Date('2026-07-01T07:59:00Z'))).toBe(true);
    expect(isRebuildHour(new Date('2026-11-27T03:15:00Z'))).toBe(false);
    expect(isRebuildHour(new Date('2026-11-27T08:00:00Z'))).toBe(false);
  });
});
