// Reads from a real streaming replica that the test starts (initdb, pg_basebackup -R, a second
// postmaster): lists and pages read there; a person's own save is read back at once even while
// the replica's replay is paused, and so is an import once its job is seen finished; a replica
// that stops is left for the primary within seconds. Without a server: an export whose replica
// fails goes to the primary only if it has sent nothing yet.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { csv, IMPORTS, multipartBody, SPEC_HEADERS } from '../../test/import-helpers.ts';
import { OwnPostgres, postgresBinDir } from '../../test/own-postgres.ts';
import { usePostgres } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { createSession } from '../auth/session.service.ts';
import { sendCsv } from '../http/csv-stream.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { runNextJob } from '../modules/business-import/import-job.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { migrate } from './migrate.ts';
import { formatLsn, parseLsn, type Replica, replicaOrPrimary } from './read-replicas.ts';

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

describe('an export read from a replica', () => {
  const restarted = () => Object.assign(new Error('terminating connection'), { code: '57P01' });

  /** One replica always in use; records which streams were read and whether it was marked down. */
  function setup(replicaChunks: () => AsyncGenerator<string>) {
    const replica = { name: 'replica' } as Replica;
    const state = { down: false, primaryRead: false };
    const replicas = {
      forRequest: () => replica,
      markDown: () => {
        state.down = true;
      },
      reads: { primary: 0, replica: 0 },
    };
    async function* primary() {
      state.primaryRead = true;
      for (let i = 1; i <= 3; i++) yield `${i}\n`;
    }
    return { state, replicas, chunks: () => replicaOrPrimary(replicas, replicaChunks, primary) };
  }

  async function* failingAfter(sent: number) {
    for (let i = 1; i <= sent; i++) yield `${i}\n`;
    throw restarted();
  }

  it('fails, without starting over on the primary, when the replica fails after sending rows', async () => {
    const { state, replicas, chunks } = setup(() => failingAfter(2));
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of chunks()) got.push(chunk);
      })(),
    ).rejects.toMatchObject({ code: '57P01' });
    expect(got).toEqual(['1\n', '2\n']);
    expect(state).toEqual({ down: true, primaryRead: false });
    expect(replicas.reads).toEqual({ primary: 0, replica: 1 });
  });

  it('reads the whole export from the primary when the replica fails before its first rows', async () => {
    const { state, replicas, chunks } = setup(() => failingAfter(0));
    const got: string[] = [];
    for await (const chunk of chunks()) got.push(chunk);
    expect(got).toEqual(['1\n', '2\n', '3\n']);
    expect(state).toEqual({ down: true, primaryRead: true });
    expect(replicas.reads).toEqual({ primary: 1, replica: 0 });
  });

  it('ends the download as failed, not as a complete file, when the replica fails mid-way', async () => {
    const { chunks } = setup(() => failingAfter(5));
    const app = Fastify();
    installErrorHandler(app);
    app.get('/export', (_request, reply) => sendCsv(reply, 'x.csv', chunks(), async () => {}));
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${origin}/export`);
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    } finally {
      await app.close();
    }
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
      primary = await OwnPostgres.create(BIN);
      await primary.start();
      const setup = openPostgres(primary.url, 2, { statementTimeoutMs: 0 });
      await migrate(setup);
      await setup.close();
      replica = await OwnPostgres.replicaOf(primary);
      await replica.start();
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
