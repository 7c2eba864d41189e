// A database outage: the real server process on a PostgreSQL of its own, which is stopped under a
// load with writes, started again, and frozen. The server must stay up, answer 503 (not 500, not a
// hang) while the database is away, and recover by itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { MSG } from '@portal/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, OwnPostgres, postgresBinDir } from '../../test/own-postgres.ts';
import { usePostgres } from '../../test/test-db.ts';
import { openPostgres } from './connection.ts';

const REPO = join(import.meta.dirname, '../../../..');
const BIN = postgresBinDir();
const SKIPPED = 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)';
const CONNECT_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 4_000;
/** Shorter than a frozen query's deadline: the shutdown cannot just wait for it. */
const SHUTDOWN_TIMEOUT_MS = 3_000;
/** What a request may take past DB_STATEMENT_TIMEOUT_MS, whatever the database does. */
const DEADLINE_MARGIN_MS = 2_000;
const MASTER_PASSWORD = 'Maestro#Outage1';

interface Outcome {
  started: number;
  ended: number;
  status: number | 'no answer';
  error?: unknown;
  retryAfter: string | null;
}

async function call(url: string, init: RequestInit = {}): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(8_000), ...init });
    const body = (await res.json().catch(() => ({}))) as { error?: unknown };
    return {
      started,
      ended: Date.now(),
      status: res.status,
      error: body.error,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch {
    return { started, ended: Date.now(), status: 'no answer', retryAfter: null };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// In the PostgreSQL pass only (TEST_DB=postgres): it starts its own server either way, once is enough.
describe.runIf(process.platform === 'linux' && usePostgres())(
  'database outage (own PostgreSQL, real server process)',
  () => {
    let pg: OwnPostgres | undefined;
    let server: ChildProcess | undefined;
    let base = '';
    let output = '';

    beforeAll(async () => {
      if (!BIN) return;
      pg = await OwnPostgres.create(BIN);
      await pg.start();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: REPO,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: pg.url,
          MASTER_PASSWORD,
          JWT_SECRET: 'outage-test-secret-outage-test-secret-1',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
          PUBLIC_RATE_LIMIT: '0',
          DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
          DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
          SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
          METRICS_ENABLED: 'true',
        },
      });
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
      };
      server.stdout?.on('data', collect);
      server.stderr?.on('data', collect);
      for (let i = 0; i < 150; i++) {
        if ((await call(`${base}/health`)).status === 200) return;
        if (server.exitCode !== null) break;
        await sleep(200);
      }
      throw new Error(`the server did not start:\n${output}`);
    }, 60_000);

    afterAll(async () => {
      server?.kill('SIGKILL');
      await pg?.destroy();
    });

    /** The master's headers and a business to write to. */
    async function prepare() {
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'master', password: MASTER_PASSWORD }),
      });
      const session = (await login.json()) as { jwt: string; master_key: string };
      const handle = openPostgres(pg!.url, 1);
      const business = await handle.db
        .insertInto('businesses')
        .values({
          business_name: 'Panadería La Caída',
          business_owner: 'Luis Ortiz',
          business_email: `caida${Date.now()}@correo.test`,
          business_phone: `787${String(Date.now()).slice(-7)}`,
          business_category: 'Restaurantes',
        })
        .returning('business_registry_number')
        .executeTakeFirstOrThrow();
      await handle.close();
      const headers = {
        authorization: `Bearer ${session.jwt}`,
        'x-master-key': session.master_key,
        'content-type': 'application/json',
      };
      return { headers, registry: business.business_registry_number };
    }

    /** Workers alternating a verification PATCH (a write transaction) and a list read. */
    function startLoad(headers: Record<string, string>, registry: string, workers = 8) {
      const outcomes: Outcome[] = [];
      let running = true;
      const worker = async (n: number) => {
        for (let i = 0; running; i++) {
          outcomes.push(
            i % 2 === 0
              ? await call(`${base}/master/verification/registry/${registry}`, {
                  method: 'PATCH',
                  headers,
                  body: JSON.stringify({ verified_email: (i + n) % 4 === 0 }),
                })
              : await call(`${base}/master/business-data/api/v1/business-data?limit=5`, { headers }),
          );
          await sleep(5);
        }
      };
      const done = Promise.all(Array.from({ length: workers }, (_, n) => worker(n)));
      return {
        outcomes,
        stop: async () => {
          running = false;
          await done;
          return outcomes;
        },
      };
    }

    const alive = () => server?.exitCode === null && server.signalCode === null;

    it('stays up through a stop and restart under load: 503 within 5 s meanwhile, success within 10 s after', async (ctx) => {
      if (!pg || !server) return ctx.skip(SKIPPED);
      const { headers, registry } = await prepare();
      const load = startLoad(headers, registry);
      await sleep(1_000);
      await pg.stop('fast');
      const down = Date.now();
      await sleep(3_000);
      const restarting = Date.now();
      await pg.start();
      const up = Date.now();
      while (Date.now() - up < 10_000 && !load.outcomes.some((o) => o.started >= up && o.status === 200)) {
        await sleep(100);
      }
      await sleep(500);
      const outcomes = await load.stop();

      expect(alive(), output).toBe(true);
      expect(output).not.toMatch(/Unhandled 'error' event|uncaught/i);
      expect(outcomes.filter((o) => o.started < down && o.status === 200).length).toBeGreaterThan(0);

      const during = outcomes.filter((o) => o.started >= down && o.ended <= restarting);
      expect(during.length).toBeGreaterThan(5);
      for (const o of during) {
        expect(o.status).toBe(503);
        expect(o.error).toBe(MSG.serviceUnavailable);
        expect(o.retryAfter).toMatch(/^\d+$/);
        expect(o.ended - o.started).toBeLessThan(5_000);
      }
      // Never a 500, a hang or a dropped connection, before, during or after.
      for (const o of outcomes) {
        expect([200, 503]).toContain(o.status);
        expect(o.ended - o.started).toBeLessThan(5_000);
      }
      const recovered = outcomes.find((o) => o.started >= up && o.status === 200);
      expect(recovered, 'a request succeeded after the restart').toBeDefined();
      expect(recovered!.ended - up).toBeLessThan(10_000);
      expect(outcomes.filter((o) => o.started > recovered!.ended).every((o) => o.status === 200)).toBe(true);
    }, 45_000);

    it('answers /health with 503 within the connect timeout while PostgreSQL is frozen, then recovers', async (ctx) => {
      if (!pg || !server) return ctx.skip(SKIPPED);
      expect((await call(`${base}/health`)).status).toBe(200);
      pg.freeze();
      try {
        for (let i = 0; i < 2; i++) {
          const health = await call(`${base}/health`);
          expect(health.status).toBe(503);
          expect(health.retryAfter).toMatch(/^\d+$/);
          expect(health.ended - health.started).toBeLessThan(CONNECT_TIMEOUT_MS + 1_500);
        }
      } finally {
        pg.resume();
      }
      let health = await call(`${base}/health`);
      for (let i = 0; i < 50 && health.status !== 200; i++) {
        await sleep(200);
        health = await call(`${base}/health`);
      }
      expect(health.status).toBe(200);
      expect(alive(), output).toBe(true);
    }, 30_000);

    /** A gauge of the server's /metrics (the main pool's connections). */
    async function gauge(name: string): Promise<number> {
      const text = await (await fetch(`${base}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      return Number(line?.split(' ')[1]);
    }

    // A request that arrives while PostgreSQL is frozen, after the stop and restart above, ten times
    // over: each one ends with a 503 within its deadline, and what it held goes back to the pool.
    it('ends a request started during a freeze within its deadline, ten freezes over, and keeps the pool whole', async (ctx) => {
      if (!pg || !server) return ctx.skip(SKIPPED);
      const { headers } = await prepare();
      const list = `${base}/master/business-data/api/v1/business-data?limit=1`;
      const deadline = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + DEADLINE_MARGIN_MS;
      const bounded = () => ({ headers, signal: AbortSignal.timeout(deadline + 1_000) });
      for (let round = 0; round < 10; round++) {
        const warm = await Promise.all([1, 2, 3].map(() => call(list, { headers })));
        expect(warm.map((o) => o.status)).toEqual([200, 200, 200]);
        pg.freeze();
        try {
          await sleep(300);
          // Three pages at once: the first is sent, the others wait for it to be read together
          // (batched-reads.ts); each still ends with a 503 within the deadline.
          const [health, ...listed] = await Promise.all([
            call(`${base}/health`, bounded()),
            ...[1, 2, 3].map(() => call(list, bounded())),
          ]);
          for (const each of listed) {
            expect(each.status, `round ${round + 1}`).toBe(503);
            expect(each.error).toBe(MSG.serviceUnavailable);
            expect(each.ended - each.started).toBeLessThan(deadline);
          }
          expect(health.status).toBe(503);
        } finally {
          pg.resume();
        }
        let after = await call(list, { headers });
        for (let i = 0; i < 50 && after.status !== 200; i++) {
          await sleep(100);
          after = await call(list, { headers });
        }
        expect(after.status, `round ${round + 1}: a list after the freeze`).toBe(200);
      }
      const parallel = await Promise.all(Array.from({ length: 12 }, () => call(list, { headers })));
      expect(parallel.map((o) => o.status)).toEqual(Array(12).fill(200));
      expect(await gauge('db_pool_connections')).toBeLessThanOrEqual(10);
      expect(await gauge('db_pool_waiting_requests')).toBe(0);
      // The list reads through the pipelined connections: cut at each freeze, opened again after.
      expect(await gauge('db_pipelined_connections')).toBeGreaterThanOrEqual(1);
      expect(await gauge('db_pipelined_connections')).toBeLessThanOrEqual(2);
      expect(await gauge('db_pipelined_statements_waiting')).toBe(0);
      expect(alive(), output).toBe(true);
    }, 150_000);

    // A freeze after the restart above. PostgreSQL's own statement_timeout cannot fire in a stopped
    // server, and a frozen socket neither answers nor closes.
    it('ends requests when PostgreSQL freezes, and exits 0 on SIGTERM with one still waiting on it', async (ctx) => {
      if (!pg || !server) return ctx.skip(SKIPPED);
      const { headers } = await prepare();
      const list = `${base}/master/business-data/api/v1/business-data?limit=1`;
      // Several pooled connections open and idle, so the requests below wait on a query.
      const warm = await Promise.all([1, 2, 3, 4].map(() => call(list, { headers })));
      expect(warm.map((o) => o.status)).toEqual([200, 200, 200, 200]);
      const bounded = () => ({
        headers,
        signal: AbortSignal.timeout(STATEMENT_TIMEOUT_MS + DEADLINE_MARGIN_MS),
      });
      pg.freeze();
      try {
        const frozen = await call(list, bounded());
        expect(frozen.status).toBe(503);
        expect(frozen.error).toBe(MSG.serviceUnavailable);

        const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
        const inFlight = call(list, bounded());
        await sleep(300);
        server.kill('SIGTERM');
        expect((await inFlight).status).toBe(503);
        expect(await exited, output).toBe(0);
        expect(output).not.toMatch(/shutdown took longer/);
      } finally {
        pg.resume();
      }
    }, 40_000);
  },
);
