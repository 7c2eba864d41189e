// A streaming replica that freezes (behind a proxy that holds its answers back: sockets open,
// nothing comes back): the reads already sent to it and those routed to it before the poller
// noticed answer from the primary once it is known down, not after the statement deadline (set
// here far past the tests' own timeout); a transaction begun on it fails instead of ending on the
// primary; once it answers again it is read from again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { frozenableProxy } from '../../test/frozenable-proxy.ts';
import { testConfig } from '../../test/helpers.ts';
import { type OwnPostgres, postgresBinDir } from '../../test/own-postgres.ts';
import { startPrimaryWithReplica } from '../../test/streaming-replica.ts';
import { usePostgres } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { createSession } from '../auth/session.service.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { parseLsn, readScope } from './read-replicas.ts';

const BIN = postgresBinDir();
const SKIPPED = 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)';
const JWT_SECRET = new TextEncoder().encode('replica-freeze-secret-replica-freeze-secret');
const DIRECTORY = '/master/business-data/api/v1/business-data';
const PAGE = '/master/business-page/api/v1/business-page';
/** Far longer than any test here may run: a read left on the frozen replica fails the test. */
const STATEMENT_TIMEOUT_MS = 120_000;
const TEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.platform === 'linux' && usePostgres())(
  'a frozen read replica (own primary, streaming replica behind a proxy)',
  () => {
    let primary: OwnPostgres | undefined;
    let replica: OwnPostgres | undefined;
    let proxy: Awaited<ReturnType<typeof frozenableProxy>> | undefined;
    let handle: DatabaseHandle;
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      if (!BIN) return;
      ({ primary, replica } = await startPrimaryWithReplica(BIN));
      proxy = await frozenableProxy(new URL(replica.url));
      handle = openPostgres(primary.url, 5, {
        connectTimeoutMs: 1_000,
        statementTimeoutMs: STATEMENT_TIMEOUT_MS,
        replicaUrls: [proxy.url],
        replicaMaxLagMs: 5_000,
      });
      app = await buildApp({
        handle,
        config: testConfig({ metricsEnabled: true }),
        secrets: { jwtSecret: JWT_SECRET, masterPasswordHash: 'unused' },
        mailer: { send: async () => {} },
      });
      await app.ready();
    }, 90_000);

    afterAll(async () => {
      proxy?.resume();
      handle?.interrupt?.();
      await app?.close();
      await handle?.close();
      await proxy?.close();
      await replica?.destroy();
      await primary?.destroy();
    });

    async function master() {
      const tokens = { secret: JWT_SECRET, jwtTtlSeconds: 900 };
      const session = await createSession(handle.db, tokens, { loginType: 'master', adminId: null });
      return { authorization: `Bearer ${session.jwt}`, 'x-master-key': session.masterKey! };
    }

    async function business(name: string) {
      const n = String(Date.now()).slice(-7);
      const { business_registry_number: registry } = await handle.db
        .insertInto('businesses')
        .values({
          business_name: name,
          business_owner: 'Luis Ortiz',
          business_email: `congelada${n}@correo.test`,
          business_phone: `787${n}`,
          business_category: 'Restaurantes',
        })
        .returning('business_registry_number')
        .executeTakeFirstOrThrow();
      return registry;
    }

    /** Waits until the replica is in use and has replayed everything written so far. */
    async function replicaCaughtUp() {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(
        handle.db,
      );
      const target = parseLsn(rows[0]!.lsn)!;
      for (let i = 0; i < 200; i++) {
        const status = handle.replicas!.status()[0]!;
        if (status.in_use && parseLsn(status.replayed_lsn)! >= target) return;
        await sleep(100);
      }
      throw new Error('the replica did not catch up');
    }

    const onReplica = <T>(work: () => Promise<T>) => readScope.run({ readAfter: 0n }, work);

    it(
      'answers lists and a business page from the primary while the replica is frozen, then reads the replica again',
      async (ctx) => {
        if (!primary || !replica || !proxy) return ctx.skip(SKIPPED);
        const headers = await master();
        const registry = await business('Colmado Congelado');
        await replicaCaughtUp();
        // A connection of the replica's pool left open by a read, for the next ones to be sent on.
        const warm = await app.inject({ method: 'GET', url: `${DIRECTORY}?limit=5`, headers });
        expect(warm.statusCode, warm.body).toBe(200);
        const before = { ...handle.replicas!.reads };
        const failed = vi.spyOn(handle.replicas!, 'readFailed');
        proxy.freeze();
        try {
          const [list, one, page] = await Promise.all(
            [`${DIRECTORY}?limit=5`, `${DIRECTORY}/registry/${registry}`, `${PAGE}/registry/${registry}`].map(
              (url) => app.inject({ method: 'GET', url, headers }),
            ),
          );
          expect(list!.statusCode, list!.body).toBe(200);
          expect(one!.json().business.business_name).toBe('Colmado Congelado');
          expect(page!.statusCode, page!.body).toBe(200);
          expect(page!.json().business.business_name).toBe('Colmado Congelado');
          const reads = handle.replicas!.reads;
          // Sent to the replica before the poller saw it frozen, answered by the primary: counted
          // there only.
          expect(failed.mock.results.some((result) => result.value === true)).toBe(true);
          expect(reads.replica).toBe(before.replica);
          expect(reads.primary).toBeGreaterThanOrEqual(before.primary + 3);
          expect(handle.replicas!.status()[0]).toMatchObject({ up: false, in_use: false });
          const metrics = await app.inject({ method: 'GET', url: '/metrics' });
          expect(metrics.body).toContain(`db_reads_total{target="primary"} ${reads.primary}`);
        } finally {
          failed.mockRestore();
          proxy.resume();
        }
        await replicaCaughtUp();
        const again = { ...handle.replicas!.reads };
        const later = await app.inject({ method: 'GET', url: `${DIRECTORY}/registry/${registry}`, headers });
        expect(later.json().business.business_name).toBe('Colmado Congelado');
        expect(handle.replicas!.reads).toEqual({ primary: again.primary, replica: again.replica + 1 });
      },
      TEST_TIMEOUT_MS,
    );

    /** A COPY and a cursor read, at once, on the export pool of the replica (if in use). */
    const exportBoth = () =>
      Promise.all([
        onReplica(async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of handle.copyCsv('select n from generate_series(1, 3) as n'))
            chunks.push(chunk);
          return Buffer.concat(chunks).toString();
        }),
        onReplica(async () => {
          const rows = sql`select n from generate_series(1, 1200) as n`.compile(handle.exportDb);
          let count = 0;
          for await (const chunk of handle.exportDb.getExecutor().stream(rows, 500))
            count += chunk.rows.length;
          return count;
        }),
      ]);

    it(
      'reads exports whole from the primary when the replica freezes before their first rows',
      async (ctx) => {
        if (!primary || !replica || !proxy) return ctx.skip(SKIPPED);
        await replicaCaughtUp();
        // Both connections of the replica's export pool opened, for the next exports to be sent on.
        expect(await exportBoth()).toEqual(['"1"\r\n"2"\r\n"3"\r\n', 1200]);
        const before = { ...handle.replicas!.reads };
        expect(before.replica).toBeGreaterThan(0);
        proxy.freeze();
        try {
          expect(await exportBoth()).toEqual(['"1"\r\n"2"\r\n"3"\r\n', 1200]);
          // The cursor and the COPY, sent to the replica, count once each: where they were answered.
          expect(handle.replicas!.reads).toEqual({ primary: before.primary + 2, replica: before.replica });
        } finally {
          proxy.resume();
        }
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'fails a transaction begun on the replica when it freezes, instead of ending it on the primary',
      async (ctx) => {
        if (!primary || !replica || !proxy) return ctx.skip(SKIPPED);
        await replicaCaughtUp();
        const before = { ...handle.replicas!.reads };
        try {
          const ended = await onReplica(() =>
            handle.readDb.transaction().execute(async (trx) => {
              await sql`select 1`.execute(trx);
              proxy!.freeze();
              return sql`select 2`.execute(trx);
            }),
          ).then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(isDatabaseUnavailable(ended), String(ended)).toBe(true);
          expect(handle.replicas!.reads).toEqual({ primary: before.primary, replica: before.replica + 1 });
        } finally {
          proxy.resume();
        }
      },
      TEST_TIMEOUT_MS,
    );
  },
);
