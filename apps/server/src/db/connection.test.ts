// A database outage at the connection level on PostgreSQL (the outage test runs the whole server
// against a PostgreSQL of its own), and migrations started by two processes at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, pgUrl, testDatabaseName, usePostgres } from '../../test/test-db.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { listMigrations, migrate } from './migrate.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(usePostgres())('PostgreSQL connections', () => {
  let handle: DatabaseHandle;
  let url: string;
  beforeAll(async () => {
    handle = await freshDatabase();
    const row = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    url = pgUrl(row.rows[0]!.name);
  });
  afterAll(() => handle.close());

  it('a connection terminated while checked out fails its transaction, not the process', async () => {
    const work = handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(handle.db);
      await sleep(300); // the 57P01 and the close arrive while no query runs on this connection
      await sql`select 1`.execute(trx);
    });
    await expect(work).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(sql`select 1 as one`.execute(handle.db)).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('closes a connection that got read_only_sql_transaction instead of lending it again', async () => {
    // A pool of one connection, made read-only as a demoted primary's (or a standby's) are; a new
    // connection is writable, as one to the new primary would be.
    const one = openPostgres(url, 1);
    const backend = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(one.db)).rows[0]!.pid;
    const write = (db: DatabaseHandle['db']) =>
      sql`update businesses set business_name = business_name where false`.execute(db);
    const demote = () => sql`set session characteristics as transaction read only`.execute(one.db);
    try {
      await demote();
      const demoted = await backend();
      await expect(write(one.db)).rejects.toMatchObject({ code: '25006' });
      await expect(write(one.db)).resolves.toBeDefined();
      expect(await backend()).not.toBe(demoted);

      // In a transaction too: the connection is closed once Kysely has rolled it back.
      await demote();
      const again = await backend();
      await expect(one.db.transaction().execute((trx) => write(trx))).rejects.toMatchObject({
        code: '25006',
      });
      await expect(one.db.transaction().execute((trx) => write(trx))).resolves.toBeDefined();
      expect(await backend()).not.toBe(again);
    } finally {
      await one.close();
    }
  });

  it('keeps a connection whose statement timed out or lost a deadlock: it is still sound', async () => {
    const one = openPostgres(url, 1, { statementTimeoutMs: 300 });
    const backend = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(one.db)).rows[0]!.pid;
    try {
      const before = await backend();
      await expect(sql`select pg_sleep(2)`.execute(one.db)).rejects.toMatchObject({ code: '57014' });
      await expect(
        sql`do $$ begin raise exception 'deadlock' using errcode = '40P01'; end $$`.execute(one.db),
      ).rejects.toMatchObject({ code: '40P01' });
      expect(await backend()).toBe(before);
    } finally {
      await one.close();
    }
  });

  it('stops a statement at DB_STATEMENT_TIMEOUT_MS (503), but lets an export read for longer', async () => {
    const short = openPostgres(url, 2, { statementTimeoutMs: 500 });
    try {
      const slow = sql`select pg_sleep(2)`.execute(short.db);
      await expect(slow).rejects.toMatchObject({ code: '57014' });
      await expect(slow).rejects.toSatisfy(isDatabaseUnavailable);

      // A cursor's statement lasts until its last row: 3,000 rows read over about 1.5 s.
      const readSlowly = async (db: DatabaseHandle['db']) => {
        const series = db
          .selectFrom(sql<{ g: number }>`generate_series(1, 3000)`.as('g'))
          .select(sql<number>`g`.as('n'));
        let read = 0;
        for await (const _ of series.stream(500)) if (++read % 500 === 0) await sleep(250);
        return read;
      };
      await expect(readSlowly(short.db)).rejects.toMatchObject({ code: '57014' });
      expect(await readSlowly(short.exportDb)).toBe(3000);
    } finally {
      await short.close();
    }
  });

  // What a shutdown does when the database would keep it waiting.
  it('interrupt() fails the running query and the ones waiting for a connection, and close() ends', async () => {
    const one = openPostgres(url, 1, { statementTimeoutMs: 0, connectTimeoutMs: 0 });
    try {
      const running = sql`select pg_sleep(5)`.execute(one.db);
      await sleep(200);
      const waiting = sql`select 1`.execute(one.db);
      await sleep(100);
      one.interrupt?.();
      await expect(running).rejects.toMatchObject({ code: 'DB_SHUTDOWN' });
      await expect(waiting).rejects.toMatchObject({ code: 'DB_SHUTDOWN' });
      await expect(waiting).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      await one.close();
    }
  });

  it('lets two processes migrate a new database at once: one applies, the other waits', async () => {
    const name = testDatabaseName();
    await sql`create database ${sql.id(name)}`.execute(handle.db);
    const [a, b] = [openPostgres(pgUrl(name), 2), openPostgres(pgUrl(name), 2)];
    try {
      const [first, second] = await Promise.all([migrate(a), migrate(b)]);
      expect([...first, ...second]).toEqual(listMigrations().map((migration) => migration.version));
    } finally {
      await Promise.all([a.close(), b.close()]);
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(handle.db);
    }
  });
});
