// Issue #14 item 4: the public rate limit holds across server processes. Two real server processes
// on one fresh PostgreSQL database, PUBLIC_RATE_LIMIT=10, requests alternating between them: the
// 11th gets 429. Needs PostgreSQL (TEST_DATABASE_URL or 127.0.0.1:5432); skipped, saying so,
// when none answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pgUrl } from '../../test/test-db.ts';
import { openPostgres } from '../db/connection.ts';

const SERVER_DIR = join(import.meta.dirname, '../..');
const LIMIT = 10;
const ROUTE = '/public/business-registration/api/v1/business-registration/health';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function reachable(url: string): Promise<boolean> {
  const probe = openPostgres(url, 1, { connectTimeoutMs: 2_000 });
  try {
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    await probe.close().catch(() => {});
  }
}

function startServer(databaseUrl: string, port: number, log: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      MASTER_PASSWORD: 'Dos-Procesos#2026',
      JWT_SECRET: 'two-processes-two-processes-two-processes',
      LOG_LEVEL: 'warn',
      PUBLIC_RATE_LIMIT: String(LIMIT),
      WEB_DIST: join(SERVER_DIR, 'no-portal-here'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => log.push(String(chunk)));
  child.stderr?.on('data', (chunk) => log.push(String(chunk)));
  return child;
}

async function waitForHealth(url: string, child: ChildProcess, log: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log.join('')}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} not healthy in 60 s:\n${log.join('')}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

describe('public rate limit across processes', () => {
  it(`two processes on one PostgreSQL share one budget of ${LIMIT} per IP`, {
    timeout: 120_000,
  }, async (context) => {
    const serverUrl = pgUrl();
    if (!(await reachable(serverUrl))) {
      context.skip(`PostgreSQL not reachable at ${new URL(serverUrl).host}: the two-process test needs one`);
    }
    const name = `portal_rl_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = openPostgres(serverUrl, 1);
    await sql`create database ${sql.id(name)}`.execute(admin.db);
    const children: ChildProcess[] = [];
    const log: string[] = [];
    try {
      const ports = [await freePort(), await freePort()];
      for (const port of ports) children.push(startServer(pgUrl(name), port, log));
      const urls = ports.map((port) => `http://127.0.0.1:${port}`);
      await Promise.all(urls.map((url, i) => waitForHealth(url, children[i]!, log)));

      // Fixed one-minute windows: do not start in the last seconds of one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));

      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const res = await fetch(`${urls[i % 2]}${ROUTE}`);
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          expect((await res.json()).error).toBe('Too many requests. Please try again later.');
        }
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
    } finally {
      await Promise.all(children.map(stop));
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    }
  });
});
