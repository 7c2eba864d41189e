// Real server processes (src/main.ts through tsx) on a database of their own, for the tests that
// check what several servers on one PostgreSQL share: sessions, limits, data.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openPostgres } from '../src/db/connection.ts';
import { ADMIN_STATEMENT_TIMEOUT_MS, pgUrl, usePostgres } from './test-db.ts';

const SERVER_DIR = join(import.meta.dirname, '..');

export const PROCESS_MASTER = { identifier: 'master', password: 'Dos-Procesos#2026' };

/** The body that creates an active admin 'Ana <lastName>' with a fresh email and `password`. */
export const activeAdminBody = (lastName: string, password: string) => ({
  admin_first_name: 'Ana',
  admin_last_name: lastName,
  admin_email: `ana.${randomUUID().slice(0, 8)}@example.com`,
  admin_password: password,
  access_status: 'active',
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function postgresReachable(url: string): Promise<boolean> {
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

/** An empty database on the test server (the processes migrate it), and a way to drop it. */
export async function scratchDatabase(prefix: string) {
  const name = `${prefix}${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = openPostgres(pgUrl(), 1, { statementTimeoutMs: ADMIN_STATEMENT_TIMEOUT_MS });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  return {
    name,
    url: pgUrl(name),
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}

/**
 * A session's end reaches the other processes by a database notice, after the commit: usually
 * within milliseconds, never in the same instant. The servers of these tests trust a session they
 * have read for a minute (SESSION_CACHE_MS), so a refusal seen within this wait is the notice's.
 */
export const NOTICE_WAIT_MS = 3_000;
const PROCESS_SESSION_CACHE_MS = '60000';

/** Asks `probe` again until it answers `expected` or NOTICE_WAIT_MS pass; its last answer. */
export async function answerSoon<T>(probe: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + NOTICE_WAIT_MS;
  for (;;) {
    const answer = await probe();
    if (isDeepStrictEqual(answer, expected) || Date.now() >= deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
}

function spawnServer(databaseUrl: string, port: number, env: Record<string, string>, log: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      MASTER_IDENTIFIER: PROCESS_MASTER.identifier,
      MASTER_PASSWORD: PROCESS_MASTER.password,
      JWT_SECRET: 'two-processes-two-processes-two-processes',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(SERVER_DIR, 'no-portal-here'),
      SESSION_CACHE_MS: PROCESS_SESSION_CACHE_MS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => log.push(String(chunk)));
  child.stderr?.on('data', (chunk) => log.push(String(chunk)));
  return child;
}

async function waitForHealth(server: ServerProcess, log: string[]) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited (${server.child.exitCode}):\n${log.join('')}`);
    }
    try {
      if ((await fetch(`${server.url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${server.url} not healthy in 60 s:\n${log.join('')}`);
}

export async function stopServer(server: ServerProcess) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** `count` servers on one database, started together (they migrate it under one lock). */
export async function startServers(
  databaseUrl: string,
  count: number,
  env: Record<string, string>,
  log: string[],
): Promise<ServerProcess[]> {
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      servers.push({ url: `http://127.0.0.1:${port}`, child: spawnServer(databaseUrl, port, env, log) });
    }
    await Promise.all(servers.map((server) => waitForHealth(server, log)));
    return servers;
  } catch (error) {
    await Promise.all(servers.map(stopServer));
    throw error;
  }
}

/**
 * Two server processes on a scratch database of their own for a test file, in the PostgreSQL pass
 * (TEST_DB=postgres with TEST_DATABASE_URL): started before the file's tests (they migrate the
 * database), stopped and the database dropped after them. `origins(context)` gives both servers'
 * origins, or skips the test saying why there are none; `databaseUrl()` is their database.
 */
export function twoServers(prefix: string, env: Record<string, string>) {
  const enabled = usePostgres();
  let servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

  beforeAll(async () => {
    if (!enabled || !(await postgresReachable(pgUrl()))) return;
    database = await scratchDatabase(prefix);
    servers = await startServers(database.url, 2, env, []);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await database?.drop();
  }, 60_000);

  return {
    origins(context: { skip(note: string): void }): [string, string] {
      if (!enabled) context.skip('PostgreSQL only: runs with TEST_DB=postgres and TEST_DATABASE_URL');
      if (servers.length < 2) context.skip(`PostgreSQL not reachable at ${new URL(pgUrl()).host}`);
      return [servers[0]!.url, servers[1]!.url];
    },
    databaseUrl: () => database!.url,
  };
}
