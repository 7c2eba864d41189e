// Reads from a real streaming replica that the test starts (initdb, pg_basebackup -R, a second
// postmaster): lists and pages read there; a person's own save is read back at once even while
// the replica's replay is paused; a replica that stops is left for the primary within seconds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { OwnPostgres, postgresBinDir } from '../../test/own-postgres.ts';
import { usePostgres } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { createSession } from '../auth/session.service.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { migrate } from './migrate.ts';
import { formatLsn, parseLsn } from './read-replicas.ts';

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
