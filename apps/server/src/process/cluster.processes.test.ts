// WEB_CONCURRENCY=2 on PostgreSQL starts a primary and two server processes on one port. Both
// answer; a worker killed (SIGKILL) is replaced while the other keeps answering; /metrics sums
// both; SIGTERM to the primary ends everything within SHUTDOWN_TIMEOUT_MS, with exit code 0.
// PostgreSQL only: runs in the PostgreSQL pass (TEST_DB=postgres with TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, descendants, isListening } from '../../../../scripts/lib/processes.mjs';
import {
  postgresReachable,
  type ServerProcess,
  scratchDatabase,
  startServers,
  stopServer,
} from '../../test/server-processes.ts';
import { pgUrl, usePostgres } from '../../test/test-db.ts';

const SHUTDOWN_TIMEOUT_MS = 5_000;
const log: string[] = [];
let server: ServerProcess | undefined;
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

beforeAll(async () => {
  if (!usePostgres() || !(await postgresReachable(pgUrl()))) return;
  database = await scratchDatabase('portal_cluster_');
  [server] = await startServers(
    database.url,
    1,
    {
      WEB_CONCURRENCY: '2',
      DB_POOL_SIZE: '6',
      LOG_LEVEL: 'info',
      METRICS_ENABLED: 'true',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    },
    log,
  );
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await database?.drop();
}, 60_000);

/** The JSON log lines so far (the primary's and the workers'). */
function logLines(): { pid: number; msg?: string; request_id?: string }[] {
  // Only whole lines: the last one may still be arriving.
  const whole = log.join('').split('\n').slice(0, -1);
  return whole.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
}

/** GET `path` on a connection of its own (the cluster hands each new connection to a worker). */
function fetchAlone(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .setTimeout(10_000, function (this: { destroy(error: Error): void }) {
        this.destroy(new Error(`no answer from ${url} in 10 s`));
      });
  });
}

/** GET /health with an id of our own; the pid of the process that answered, from its log line. */
async function answeredBy(origin: string): Promise<number> {
  const id = `cluster-${randomUUID()}`;
  const response = await fetchAlone(`${origin}/health`, { 'x-request-id': id });
  expect(response.status).toBe(200);
  for (let tries = 0; tries < 100; tries++) {
    const line = logLines().find((each) => each.request_id === id);
    if (line) return line.pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no log line for request ${id}`);
}

/** Asks until `count` different processes have answered, for at most `ms` (a worker may be starting). */
async function answeringPids(origin: string, count: number, ms = 90_000): Promise<Set<number>> {
  const pids = new Set<number>();
  const deadline = Date.now() + ms;
  while (pids.size < count && Date.now() < deadline) {
    pids.add(await answeredBy(origin));
    if (pids.size < count) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pids;
}

const workersOf = (primary: number) =>
  new Set(
    logLines()
      .map((line) => line.pid)
      .filter((pid) => pid !== primary),
  );

describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('answers from both workers, replaces a killed one, sums /metrics, and ends on SIGTERM with exit 0', {
    timeout: 180_000,
  }, async (context) => {
    if (!usePostgres()) context.skip('PostgreSQL only: runs with TEST_DB=postgres and TEST_DATABASE_URL');
    if (!server) context.skip(`PostgreSQL not reachable at ${new URL(pgUrl()).host}`);
    const { url, child } = server!;
    const primary = child.pid!;

    const first = await answeringPids(url, 2);
    expect(first.size).toBe(2);
    const children = new Set(descendants(primary));
    for (const pid of first) {
      expect(pid).not.toBe(primary);
      expect(children.has(pid)).toBe(true);
    }
    expect(
      logLines().some((line) => line.pid === primary && /2 server processes listening/.test(line.msg ?? '')),
    ).toBe(true);

    // /metrics is the cluster's: both workers' requests, and the primary's own gauge.
    const metrics = (await fetchAlone(`${url}/metrics`)).body;
    expect(metrics).toMatch(/^cluster_workers 2$/m);
    const served = metrics.match(
      /^http_requests_total\{method="GET",route="\/health",status_code="200"\} (\d+)$/m,
    );
    expect(Number(served?.[1])).toBeGreaterThanOrEqual(2);

    const [victim, survivor] = [...first] as [number, number];
    process.kill(victim, 'SIGKILL');
    // The primary notices and says so; from then on every request is answered (by the other
    // worker until the replacement listens). A connection handed to the worker in the instant it
    // died, before the primary knew, would be lost: that is why the requests wait for the line.
    const replaced = new RegExp(`\\(pid ${victim}\\) exited \\(signal SIGKILL\\)`);
    const noticed = Date.now() + 10_000;
    while (!logLines().some((line) => line.pid === primary && replaced.test(line.msg ?? ''))) {
      expect(Date.now()).toBeLessThan(noticed);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (let i = 0; i < 10; i++) expect(await answeredBy(url)).not.toBe(victim);
    const after = await answeringPids(url, 2);
    expect(after.has(survivor)).toBe(true);
    expect(after.has(victim)).toBe(false);
    expect(after.size).toBe(2);
    const newcomer = [...after].find((pid) => pid !== survivor)!;
    expect(descendants(primary)).toContain(newcomer);

    const workers = [...workersOf(primary)];
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const port = Number(new URL(url).port);
    child.kill('SIGTERM');
    const outcome = await Promise.race([
      exited,
      new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SHUTDOWN_TIMEOUT_MS + 2_000)),
    ]);
    expect(outcome).toEqual({ code: 0, signal: null });
    expect(workers.filter(alive)).toEqual([]);
    expect(await isListening(port)).toBe(false);
  });
});
