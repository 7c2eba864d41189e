// Reads from a real streaming replica that the test starts (initdb, pg_basebackup -R, a second
// postmaster): lists and pages read there; a person's own save is read back at once even while
// the replica's replay is paused, and so is an import once its job is seen finished; a replica
// that stops is left for the primary within seconds. Without a server: which failures of a read
// on a replica run it again on the primary.
import Fastify from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { csv, IMPORTS, multipartBody, SPEC_HEADERS } from '../../test/import-helpers.ts';
import { type OwnPostgres, postgresBinDir } from '../../test/own-postgres.ts';
import { startPrimaryWithReplica } from '../../test/streaming-replica.ts';
import { usePostgres } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { createSession } from '../auth/session.service.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { installReadRouting } from '../http/read-routing.ts';
import { runNextJob } from '../modules/business-import/import-job.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { formatLsn, parseLsn, ReplicaSet, readScope } from './read-replicas.ts';

const BIN = postgresBinDir();
const SKIPPED = 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)';
const JWT_SECRET = new TextEncoder().encode('replica-test-secret-replica-test-secret-1');
const BASE = '/master/business-data/api/v1/business-data';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WAL positions', () => {
  it('reads and writes PostgreSQL LSNs so that they compare in WAL order', () => {
    expect(parseLsn('0/3000060')).toBe(0x3000060n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('16/B374D848')! > parseLsn('15/FFFFFFFF')!).toBe(true);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    for (const bad of ['', '16', '16/', 'x/1', '1/2/3', '123456789/1']) expect(parseLsn(bad)).toBeUndefined();
  });
});

describe('a replica set without servers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A pool whose one query answers `lsn()`, or fails when it returns undefined. */
  const poolAnswering = (lsn: () => string | undefined) =>
    ({
      connect: async () => ({
        query: async () => {
          const answer = lsn();
          if (answer === undefined) throw new Error('timeout exceeded when trying to connect');
          return { rows: [{ lsn: answer }] };
        },
        release: () => {},
      }),
    }) as unknown as pg.Pool;

  const withoutReplicas = () =>
    new ReplicaSet(
      poolAnswering(() => '0/1'),
      [],
      { maxLagMs: 5_000, connectTimeoutMs: 100 },
    );

  it("forgets a session's write once every replica in use has it (REPLICA_MAX_LAG_MS later)", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const replicas = withoutReplicas();
    replicas.rememberWrite('early', 7n);
    vi.advanceTimersByTime(5_000);
    expect(replicas.writeOf('early')).toBe(7n);
    vi.advanceTimersByTime(1);
    expect(replicas.writeOf('early')).toBe(0n);
  });

  it('drops the oldest sessions, not all of them, past 10,000', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const replicas = withoutReplicas();
    for (let i = 0; i < 10_000; i++) replicas.rememberWrite(`s${i}`, BigInt(i + 1));
    replicas.rememberWrite('one more', 99n);
    expect(replicas.writeOf('s0')).toBe(0n);
    expect(replicas.writeOf('s1')).toBe(2n);
    expect(replicas.writeOf('s9999')).toBe(10_000n);
    expect(replicas.writeOf('one more')).toBe(99n);
  });

  it("takes a replica out of use once the primary's position has not been read for REPLICA_MAX_LAG_MS", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    let primaryAnswers = true;
    const replica = {
      name: 'replica',
      pool: poolAnswering(() => '0/100'),
      exportPool: poolAnswering(() => '0/100'),
      probePool: poolAnswering(() => '0/100'),
    };
    const replicas = new ReplicaSet(
      poolAnswering(() => (primaryAnswers ? '0/100' : undefined)),
      [replica],
      { maxLagMs: 5_000, connectTimeoutMs: 100 },
    );
    await replicas.poll();
    expect(replicas.status()[0]).toMatchObject({ up: true, lag_ms: 0, in_use: true });
    // The primary's pool has no connection to spare: it may be far past the replica by now.
    primaryAnswers = false;
    vi.advanceTimersByTime(3_000);
    await replicas.poll();
    expect(replicas.status()[0]).toMatchObject({ up: true, lag_ms: 3_000, in_use: true });
    vi.advanceTimersByTime(2_001);
    await replicas.poll();
    expect(replicas.status()[0]).toMatchObject({ up: true, lag_ms: 5_001, in_use: false });
    expect(replicas.pick(0n)).toBeUndefined();
    primaryAnswers = true;
    await replicas.poll();
    expect(replicas.status()[0]).toMatchObject({ lag_ms: 0, in_use: true });
  });
});

describe('a read that fails on a replica', () => {
  const idle = { connect: async () => ({}), end: async () => {} } as unknown as pg.Pool;
  const withReplica = () => {
    const pools = { name: 'replica', pool: idle, exportPool: idle, probePool: idle };
    const replicas = new ReplicaSet(idle, [pools], { maxLagMs: 5_000, connectTimeoutMs: 100 });
    return { replicas, replica: { ...pools, up: true, replayed: 0n, currentAt: null } };
  };
  const failure = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  it('runs again on the primary when the replica is gone, not when the statement itself failed', () => {
    const { replicas, replica } = withReplica();
    const again = (error: unknown) => replicas.readFailed(replica, error);
    expect(again(failure('ECONNRESET'))).toBe(true);
    expect(again(failure('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(again(failure('DB_DEADLINE'))).toBe(true);
    expect(again(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(again(failure('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(again(failure('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(again(failure('DB_SHUTDOWN'))).toBe(false);
  });

  it('keeps the replica in use after a statement it cancelled at statement_timeout', () => {
    const { replicas, replica } = withReplica();
    const timeout = failure('57014', 'canceling statement due to statement timeout');
    expect(replicas.readFailed(replica, timeout)).toBe(false);
    expect(replica.up).toBe(true);
    expect(replicas.readFailed(replica, failure('57P01', 'terminating connection'))).toBe(true);
    expect(replica.up).toBe(false);
  });

  it('runs again on the primary a read cancelled for a conflict with recovery, and keeps the replica', () => {
    const { replicas, replica } = withReplica();
    const conflict = 'canceling statement due to conflict with recovery';
    expect(replicas.readFailed(replica, failure('40001', conflict))).toBe(true);
    expect(replicas.readFailed(replica, failure('40P01', conflict))).toBe(true);
    expect(replica.up).toBe(true);
  });

  it('never hands a read to the primary once our own shutdown has begun', () => {
    const { replicas, replica } = withReplica();
    replicas.interrupt();
    expect(replicas.readFailed(replica, failure('ECONNRESET'))).toBe(false);
    expect(replicas.shuttingDown).toBe(true);
  });
});

// In the PostgreSQL pass only (TEST_DB=postgres), like the other tests that start servers.
describe.runIf(process.platform === 'linux' && usePostgres())(
  'read replica (own primary and streaming replica)',
  () => {
    let primary: OwnPostgres | undefined;
    let replica: OwnPostgres | undefined;
    let handle: DatabaseHandle;
    let replicaDb: DatabaseHandle;
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      if (!BIN) return;
      ({ primary, replica } = await startPrimaryWithReplica(BIN));
      handle = openPostgres(primary.url, 5, {
        connectTimeoutMs: 1_000,
        statementTimeoutMs: 4_000,
        replicaUrls: [replica.url],
        replicaMaxLagMs: 5_000,
      });
      replicaDb = openPostgres(replica.url, 1, { connectTimeoutMs: 1_000 });
      app = await buildApp({
        handle,
        config: testConfig({ metricsEnabled: true }),
        secrets: { jwtSecret: JWT_SECRET, masterPasswordHash: 'unused' },
        mailer: { send: async () => {} },
      });
      await app.ready();
      for (let i = 0; i < 100 && !handle.replicas?.status()[0]?.in_use; i++) await sleep(100);
    }, 90_000);

    afterAll(async () => {
      await app?.close();
      await handle?.close();
      await replicaDb?.close().catch(() => {});
      await replica?.destroy();
      await primary?.destroy();
    });

    const tokens = { secret: JWT_SECRET, jwtTtlSeconds: 900 };
    async function master() {
      const session = await createSession(handle.db, tokens, { loginType: 'master', adminId: null });
      return { authorization: `Bearer ${session.jwt}`, 'x-master-key': session.masterKey! };
    }

    async function business(name: string) {
      const n = String(Date.now()).slice(-7);
      return handle.db
        .insertInto('businesses')
        .values({
          business_name: name,
          business_owner: 'Luis Ortiz',
          business_email: `replica${n}${name.length}@correo.test`,
          business_phone: `787${n}`,
          business_category: 'Restaurantes',
        })
        .returning('business_registry_number')
        .executeTakeFirstOrThrow();
    }

    /** Waits until the replica has replayed everything the primary has written so far. */
    async function caughtUp() {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(
        handle.db,
      );
      const target = parseLsn(rows[0]!.lsn)!;
      for (let i = 0; i < 100; i++) {
        const replayed = await sql<{ lsn: string }>`select pg_last_wal_replay_lsn()::text as lsn`.execute(
          replicaDb.db,
        );
        const status = handle.replicas!.status()[0]!;
        if (
          parseLsn(replayed.rows[0]!.lsn)! >= target &&
          status.in_use &&
          parseLsn(status.replayed_lsn)! >= target
        )
          return;
        await sleep(100);
      }
      throw new Error('the replica did not catch up');
    }

    const replay = (action: 'pause' | 'resume') =>
      sql.raw(`select pg_wal_replay_${action}()`).execute(replicaDb.db);

    it('reads lists and a business from the replica', async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      const headers = await master();
      const { business_registry_number: registry } = await business('Colmado Réplica');
      await caughtUp();
      const before = { ...handle.replicas!.reads };
      const list = await app.inject({ method: 'GET', url: `${BASE}?search=replica`, headers });
      expect(list.statusCode, list.body).toBe(200);
      const one = await app.inject({ method: 'GET', url: `${BASE}/registry/${registry}`, headers });
      expect(one.json().business.business_name).toBe('Colmado Réplica');
      expect(handle.replicas!.reads.replica - before.replica).toBeGreaterThanOrEqual(2);

      // What the replica has not replayed yet is not seen by a reader who did not write it.
      await replay('pause');
      try {
        const { business_registry_number: unseen } = await business('Colmado Pendiente');
        const stale = await app.inject({ method: 'GET', url: `${BASE}/registry/${unseen}`, headers });
        expect(stale.statusCode).toBe(404);
      } finally {
        await replay('resume');
      }
    });

    it("reads a person's own save back at once while the replica's replay is paused", async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      const writer = await master();
      const other = await master();
      const { business_registry_number: registry } = await business('Panadería Al Día');
      await caughtUp();
      await replay('pause');
      try {
        const saved = await app.inject({
          method: 'PATCH',
          url: `/master/verification/registry/${registry}`,
          headers: writer,
          payload: { verified_email: true },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const cookie = String(saved.headers['set-cookie']).split(';')[0]!;
        expect(cookie).toMatch(/^portal_read_after=/);

        const url = `${BASE}/registry/${registry}`;
        // The portal: the cookie comes back with the next request (whichever process answers it).
        const withCookie = await app.inject({ method: 'GET', url, headers: { ...writer, cookie } });
        expect(withCookie.json().business.verified_email).toBe(true);
        // An API client without cookies, on this process: its session is remembered.
        const sameSession = await app.inject({ method: 'GET', url, headers: writer });
        expect(sameSession.json().business.verified_email).toBe(true);
        // Someone who wrote nothing still reads the replica, which has not replayed the save.
        const elsewhere = await app.inject({ method: 'GET', url, headers: other });
        expect(elsewhere.json().business.verified_email).toBe(false);
      } finally {
        await replay('resume');
      }
      await caughtUp();
      const before = handle.replicas!.reads.replica;
      const later = await app.inject({ method: 'GET', url: `${BASE}/registry/${registry}`, headers: writer });
      expect(later.json().business.verified_email).toBe(true);
      expect(handle.replicas!.reads.replica).toBe(before + 1);
    });

    it('shows an import that a job finished to the person who saw it finish', async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      const importer = await master();
      const other = await master();
      const n = String(Date.now()).slice(-7);
      const file = multipartBody(
        'negocios.csv',
        csv([
          SPEC_HEADERS,
          ['Ferretería Importada', 'Rosa Díaz', `importada${n}@correo.test`, `939${n}`, 'Ferreterías'],
        ]),
      );
      const imports = `/master${IMPORTS}`;
      const uploaded = await app.inject({
        method: 'POST',
        url: imports,
        headers: { ...importer, 'content-type': file.contentType },
        payload: file.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const id = uploaded.json().import.import_id as string;
      const post = (tail: string) =>
        app.inject({ method: 'POST', url: `${imports}/${id}/${tail}`, headers: importer, payload: {} });
      expect((await post('preview')).statusCode).toBe(200);
      const committed = await post('commit');
      expect(committed.statusCode).toBe(202);
      // The portal's cookie: the last one the server set.
      let cookie = String(committed.headers['set-cookie']).split(';')[0]!;
      const queued = await app.inject({ method: 'GET', url: `${imports}/${id}`, headers: importer });
      expect(queued.json().import.status).toBe('queued');
      expect(queued.headers['set-cookie']).toBeUndefined(); // polling a running job costs no query
      await caughtUp();
      await replay('pause');
      try {
        expect(await runNextJob({ db: handle.db })).toBe(true);
        const finished = await app.inject({
          method: 'GET',
          url: `${imports}/${id}`,
          headers: { ...importer, cookie },
        });
        expect(finished.json().import.status).toBe('done');
        if (finished.headers['set-cookie']) cookie = String(finished.headers['set-cookie']).split(';')[0]!;

        const url = `${BASE}?search=${encodeURIComponent('Ferretería Importada')}`;
        const names = async (headers: Record<string, string>) =>
          (
            (await app.inject({ method: 'GET', url, headers })).json().businesses as {
              business_name: string;
            }[]
          ).map((row) => row.business_name);
        expect(await names({ ...importer, cookie })).toContain('Ferretería Importada');
        expect(await names(importer)).toContain('Ferretería Importada');
        // The replica has not replayed the job's rows: someone else does not see them yet.
        expect(await names(other)).not.toContain('Ferretería Importada');
      } finally {
        await replay('resume');
      }
    });

    it('says which replica is in use on /health/ready and /metrics', async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      const replicas = ready.json().replicas as {
        name: string;
        up: boolean;
        in_use: boolean;
        lag_ms: number;
      }[];
      expect(replicas).toHaveLength(1);
      expect(replicas[0]).toMatchObject({
        name: `127.0.0.1:${replica!.port}/postgres`,
        up: true,
        in_use: true,
      });
      expect(replicas[0]!.lag_ms).toBeGreaterThanOrEqual(0);
    });

    /** A handle of its own on the primary and the replica, once the replica is in use. */
    async function ownHandle(poolSize: number) {
      const own = openPostgres(primary!.url, poolSize, {
        connectTimeoutMs: 1_000,
        statementTimeoutMs: 0,
        replicaUrls: [replica!.url],
        replicaMaxLagMs: 5_000,
      });
      for (let i = 0; i < 100 && !own.replicas?.status()[0]?.in_use; i++) await sleep(100);
      expect(own.replicas!.status()[0]!.in_use).toBe(true);
      return own;
    }

    /** Waits until `count` statements that mention `text` run on `db`'s server. */
    async function running(db: DatabaseHandle['db'], text: string, count: number) {
      for (let i = 0; i < 100; i++) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where query like ${`%${text}%`} and pid <> pg_backend_pid()`.execute(db);
        if (rows[0]!.n >= count) return;
        await sleep(50);
      }
      throw new Error(`${count} × ${text} never ran`);
    }

    it('interrupt() cuts reads and exports running on a replica, without handing them to the primary', async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      const own = await ownHandle(3);
      try {
        const onReplica = <T>(work: () => Promise<T>) => readScope.run({ readAfter: 0n }, work);
        const read = onReplica(() => sql`select pg_sleep(10)`.execute(own.readDb));
        const exported = onReplica(async () => {
          for await (const _ of own.copyCsv('select pg_sleep(10)')) {
            // nothing comes before the interrupt
          }
        });
        read.catch(() => {});
        exported.catch(() => {});
        await running(replicaDb.db, 'pg_sleep(10)', 2);
        const cut = Date.now();
        own.interrupt!();
        await expect(read).rejects.toMatchObject({ code: 'DB_SHUTDOWN' });
        await expect(exported).rejects.toMatchObject({ code: 'DB_SHUTDOWN' });
        expect(Date.now() - cut).toBeLessThan(1_000);
        expect(own.replicas!.reads).toEqual({ primary: 0, replica: 1 }); // the COPY never sent a row
      } finally {
        await own.close();
      }
    }, 30_000);

    it("sends a session's next read to the primary when its write's position cannot be read", async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      // A main pool of 2 (and one pipelined connection for the primary's reads).
      const own = await ownHandle(3);
      const routed = Fastify();
      installErrorHandler(routed);
      installReadRouting(routed, own.replicas);
      let held: Promise<unknown> | undefined;
      routed.post('/write', async () => {
        const { business_registry_number: registry } = await own.db
          .insertInto('businesses')
          .values({
            business_name: 'Librería Sin Posición',
            business_owner: 'Luis Ortiz',
            business_email: `sinposicion${Date.now()}@correo.test`,
            business_phone: `787${String(Date.now()).slice(-7)}`,
            business_category: 'Restaurantes',
          })
          .returning('business_registry_number')
          .executeTakeFirstOrThrow();
        // Both connections busy until after the answer: no WAL position for it.
        held = Promise.all([1, 2].map(() => sql`select pg_sleep(3)`.execute(own.db)));
        await running(handle.db, 'pg_sleep(3)', 2);
        return { registry };
      });
      routed.get<{ Params: { registry: string } }>('/read/:registry', async (request) => {
        const row = await own.readDb
          .selectFrom('businesses')
          .select('business_name')
          .where('business_registry_number', '=', request.params.registry)
          .executeTakeFirst();
        return { found: row !== undefined };
      });
      const bearer = (sid: string) =>
        `Bearer x.${Buffer.from(JSON.stringify({ sid })).toString('base64url')}.y`;
      const writer = { authorization: bearer('writer-session') };
      await replay('pause');
      try {
        const written = await routed.inject({ method: 'POST', url: '/write', headers: writer });
        expect(written.statusCode, written.body).toBe(200);
        const url = `/read/${written.json().registry}`;
        const before = { ...own.replicas!.reads };
        // By session (an API client without cookies), and by cookie (the portal), for 5 s.
        expect((await routed.inject({ method: 'GET', url, headers: writer })).json()).toEqual({
          found: true,
        });
        const cookie = String(written.headers['set-cookie']);
        expect(cookie).toMatch(/^portal_read_after=FFFFFFFF%2FFFFFFFFF; Path=\/; Max-Age=5;/);
        const withCookie = { cookie: cookie.split(';')[0]! };
        expect((await routed.inject({ method: 'GET', url, headers: withCookie })).json()).toEqual({
          found: true,
        });
        expect(own.replicas!.reads).toEqual({ primary: before.primary + 2, replica: before.replica });
        // Another session still reads the replica, which has not replayed the write.
        const other = { authorization: bearer('other-session') };
        expect((await routed.inject({ method: 'GET', url, headers: other })).json()).toEqual({
          found: false,
        });
        expect(own.replicas!.reads.replica).toBe(before.replica + 1);
      } finally {
        await replay('resume');
        await held?.catch(() => {});
        await routed.close();
        await own.close();
      }
    }, 30_000);

    // With synchronous_commit off a COMMIT returns before the WAL writer writes it (within
    // wal_writer_delay, 10 s here): the WAL's write position can be short of it, its insert
    // position cannot. Where the COMMIT record ends is read back from the WAL (pg_walinspect).
    it('leaves a read-after position past a COMMIT that the WAL writer has not written yet', async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      const own = await ownHandle(5);
      const routed = Fastify();
      installReadRouting(routed, own.replicas);
      routed.post('/write', async () =>
        own.db.transaction().execute(async (trx) => {
          await sql`set local synchronous_commit = off`.execute(trx);
          const n = `${Date.now()}`.slice(-7);
          await trx
            .insertInto('businesses')
            .values({
              business_name: 'Cafetería Asíncrona',
              business_owner: 'Luis Ortiz',
              business_email: `asincrona${n}@correo.test`,
              business_phone: `939${n}`,
              business_category: 'Restaurantes',
            })
            .execute();
          const { rows } = await sql<{ xid: string }>`select xid(pg_current_xact_id())::text as xid`.execute(
            trx,
          );
          return rows[0]!;
        }),
      );
      const position = async (name: 'insert_lsn' | 'lsn') =>
        parseLsn(
          (await sql.raw<{ lsn: string }>(`select pg_current_wal_${name}()::text as lsn`).execute(handle.db))
            .rows[0]!.lsn,
        )!;
      await sql`create extension if not exists pg_walinspect`.execute(handle.db);
      await sql`alter system set wal_writer_delay = '10s'`.execute(handle.db);
      await sql`select pg_reload_conf()`.execute(handle.db);
      let unwritten = 0;
      try {
        // A WAL writer that had gone idle is woken by the first COMMIT: up to three tries.
        for (let attempt = 0; attempt < 3 && unwritten === 0; attempt++) {
          await sleep(200);
          const from = await position('insert_lsn');
          const written = await routed.inject({ method: 'POST', url: '/write', payload: {} });
          expect(written.statusCode, written.body).toBe(200);
          const writtenUpTo = await position('lsn');
          const cookie = /^portal_read_after=([^;]+)/.exec(String(written.headers['set-cookie']))![1]!;
          await sql`select pg_switch_wal()`.execute(handle.db); // writes out all the WAL
          const { rows } = await sql<{ end: string }>`
            select end_lsn::text as end
            from pg_get_wal_records_info(${formatLsn(from)}::pg_lsn, pg_current_wal_flush_lsn())
            where resource_manager = 'Transaction' and record_type = 'COMMIT' and xid = ${written.json().xid}::xid`.execute(
            handle.db,
          );
          const commitEnd = parseLsn(rows[0]!.end)!;
          expect(parseLsn(decodeURIComponent(cookie))).toBeGreaterThanOrEqual(commitEnd);
          if (writtenUpTo < commitEnd) unwritten++;
        }
        expect(unwritten, 'a COMMIT not yet written when the answer went out').toBe(1);
      } finally {
        await sql`alter system reset wal_writer_delay`.execute(handle.db);
        await sql`select pg_reload_conf()`.execute(handle.db);
        await sql`drop extension if exists pg_walinspect`.execute(handle.db);
        await routed.close();
        await own.close();
      }
    }, 30_000);

    it('reads from the primary within seconds of the replica stopping', async (ctx) => {
      if (!primary || !replica) return ctx.skip(SKIPPED);
      const headers = await master();
      await replica.stop('immediate');
      const stopped = Date.now();
      const outcomes: { at: number; status: number }[] = [];
      while (Date.now() - stopped < 4_000) {
        const res = await app.inject({ method: 'GET', url: `${BASE}?limit=5`, headers });
        outcomes.push({ at: Date.now() - stopped, status: res.statusCode });
        await sleep(50);
      }
      for (const o of outcomes) expect([200, 503]).toContain(o.status);
      const firstOk = outcomes.findIndex((o) => o.status === 200);
      expect(firstOk).toBeGreaterThanOrEqual(0);
      expect(outcomes[firstOk]!.at).toBeLessThan(2_000);
      expect(outcomes.slice(firstOk).every((o) => o.status === 200)).toBe(true);
      expect(handle.replicas!.status()[0]).toMatchObject({ up: false, in_use: false });
    }, 20_000);
  },
);
