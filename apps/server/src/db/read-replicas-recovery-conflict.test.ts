// A read the streaming replica cancels for a conflict with its recovery (max_standby_streaming_delay
// = 0 there: the replay of a lock taken on the primary cancels the reads holding the table at once):
// one that had received nothing runs again on the primary and the replica stays in use, its other
// reads going on; an export that had sent rows ends as a failed download, as one failing on the
// primary does, and is not started over.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnPostgres, postgresBinDir } from '../../test/own-postgres.ts';
import { startPrimaryWithReplica } from '../../test/streaming-replica.ts';
import { usePostgres } from '../../test/test-db.ts';
import { csvChunks, sendCsv } from '../http/csv-stream.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { installReadRouting } from '../http/read-routing.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { parseLsn, readScope } from './read-replicas.ts';

const BIN = postgresBinDir();
const SKIPPED = 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)';
const ROWS = 2_000;
const TEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.platform === 'linux' && usePostgres())(
  'a read cancelled by a conflict with the replica’s recovery (own primary and streaming replica)',
  () => {
    let primary: OwnPostgres | undefined;
    let replica: OwnPostgres | undefined;
    let handle: DatabaseHandle;
    let replicaDb: DatabaseHandle;

    beforeAll(async () => {
      if (!BIN) return;
      ({ primary, replica } = await startPrimaryWithReplica(BIN));
      replicaDb = openPostgres(replica.url, 1, { connectTimeoutMs: 1_000, statementTimeoutMs: 0 });
      await sql`alter system set max_standby_streaming_delay = 0`.execute(replicaDb.db);
      await sql`select pg_reload_conf()`.execute(replicaDb.db);
      handle = openPostgres(primary.url, 5, {
        connectTimeoutMs: 1_000,
        statementTimeoutMs: 5_000,
        replicaUrls: [replica.url],
        replicaMaxLagMs: 5_000,
      });
      await sql`create table conflict_scratch (n int primary key) with (autovacuum_enabled = false)`.execute(
        handle.db,
      );
      await sql`insert into conflict_scratch select generate_series(1, ${ROWS})`.execute(handle.db);
    }, 90_000);

    afterAll(async () => {
      await handle?.close();
      await replicaDb?.close().catch(() => {});
      await replica?.destroy();
      await primary?.destroy();
    });

    /** Waits until the replica is in use and has replayed everything written so far. */
    async function caughtUp() {
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

    /** Waits until `count` statements on the replica mention `text`. */
    async function onReplicaNow(text: string, count: number) {
      for (let i = 0; i < 200; i++) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where query like ${`%${text}%`} and pid <> pg_backend_pid()`.execute(replicaDb.db);
        if (rows[0]!.n === count) return;
        await sleep(50);
      }
      throw new Error(`never ${count} × ${text} on the replica`);
    }

    /** Committed on the primary: its replay on the replica cancels the reads holding the table. */
    const lockOnPrimary = () =>
      handle.db
        .transaction()
        .execute((trx) => sql`lock table conflict_scratch in access exclusive mode`.execute(trx));

    it(
      'runs a read cancelled before its answer again on the primary, and keeps reading the replica',
      async (ctx) => {
        if (!primary || !replica) return ctx.skip(SKIPPED);
        await caughtUp();
        const app = Fastify();
        installErrorHandler(app);
        installReadRouting(app, handle.replicas);
        app.get('/held', async () => {
          const { rows } = await sql<{ on_replica: boolean; n: number }>`
            select pg_is_in_recovery() as on_replica,
              (select count(*)::int from conflict_scratch as held) as n
            from pg_sleep(2)`.execute(handle.readDb);
          return rows[0];
        });
        app.get('/elsewhere', async () => {
          const { rows } = await sql<{ on_replica: boolean }>`
            select pg_is_in_recovery() as on_replica from pg_sleep(2.5) as elsewhere`.execute(handle.readDb);
          return rows[0];
        });
        try {
          const before = { ...handle.replicas!.reads };
          const held = app.inject({ method: 'GET', url: '/held' });
          const elsewhere = app.inject({ method: 'GET', url: '/elsewhere' });
          await onReplicaNow('conflict_scratch as held', 1);
          await onReplicaNow('pg_sleep(2.5)', 1);
          await lockOnPrimary();

          const [answer, other] = await Promise.all([held, elsewhere]);
          expect(answer.statusCode, answer.body).toBe(200);
          expect(answer.json()).toEqual({ on_replica: false, n: ROWS });
          expect(other.json()).toEqual({ on_replica: true });
          expect(handle.replicas!.status()[0]).toMatchObject({ up: true, in_use: true });
          // Each read once, where it was answered: the held one on the primary only.
          expect(handle.replicas!.reads).toEqual({
            primary: before.primary + 1,
            replica: before.replica + 1,
          });
        } finally {
          await app.close();
        }
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'reads an export whole from the primary when the replica cancels its COPY before the first rows',
      async (ctx) => {
        if (!primary || !replica) return ctx.skip(SKIPPED);
        await caughtUp();
        const before = { ...handle.replicas!.reads };
        const exported = readScope.run({ readAfter: 0n }, async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of handle.copyCsv(
            'select pg_is_in_recovery(), (select count(*) from conflict_scratch as copied) from pg_sleep(2)',
          ))
            chunks.push(chunk);
          return Buffer.concat(chunks).toString();
        });
        await onReplicaNow('conflict_scratch as copied', 1);
        await lockOnPrimary();
        expect(await exported).toBe(`"f","${ROWS}"\r\n`);
        expect(handle.replicas!.status()[0]).toMatchObject({ up: true, in_use: true });
        expect(handle.replicas!.reads).toEqual({ primary: before.primary + 1, replica: before.replica });
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'ends a download cancelled after its first rows as failed, without starting it over on the primary',
      async (ctx) => {
        if (!primary || !replica) return ctx.skip(SKIPPED);
        await caughtUp();
        let conflicted = () => {};
        const held = new Promise<void>((resolve) => {
          conflicted = resolve;
        });
        const app = Fastify();
        installErrorHandler(app);
        installReadRouting(app, handle.replicas);
        app.get('/export', (_request, reply) => {
          const select = sql<{ n: number }>`
            select n, pg_is_in_recovery() as on_replica from conflict_scratch as streamed order by n`;
          async function* rows() {
            let batches = 0;
            for await (const batch of handle.exportDb
              .getExecutor()
              .stream(select.compile(handle.exportDb), 500)) {
              for (const row of batch.rows) yield [row.n];
              // The first rows are out: the cursor waits on the replica while the primary locks.
              if (++batches === 1) await held;
            }
          }
          return sendCsv(reply, 'x.csv', csvChunks(['n'], rows()), async () => {});
        });
        const origin = await app.listen({ port: 0, host: '127.0.0.1' });
        try {
          const before = { ...handle.replicas!.reads };
          const response = await fetch(`${origin}/export`);
          expect(response.status).toBe(200);
          const body = response.text();
          body.catch(() => {});
          await onReplicaNow('conflict_scratch as streamed', 1);
          await lockOnPrimary();
          // The cursor's connection on the replica is ended by the conflict.
          await onReplicaNow('conflict_scratch as streamed', 0);
          conflicted();
          await expect(body).rejects.toThrow();
          expect(handle.replicas!.status()[0]).toMatchObject({ up: true, in_use: true });
          expect(handle.replicas!.reads).toEqual({ primary: before.primary, replica: before.replica + 1 });
        } finally {
          conflicted();
          await app.close();
        }
      },
      TEST_TIMEOUT_MS,
    );
  },
);
