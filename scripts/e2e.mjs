#!/usr/bin/env node
// `npm run test:e2e`: build the portal, start real servers on fresh embedded databases, run Playwright
// in Debian's Chromium, stop the servers, exit with Playwright's code.
// Three servers: the main one (empty), a seeded one (SEED_DEMO: 200 businesses with content,
// subscriptions and history) and one whose JWTs live 3 s for the refresh-and-retry test.
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- e2e/login.spec.ts`).
// E2E_SKIP_BUILD=1 reuses the last build. E2E_WEB_DIST=/abs/dir builds into (and serves) that folder
// instead of apps/web/dist, so that two people can run the suite side by side.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const MASTER_IDENTIFIER = 'master';
const MASTER_PASSWORD = 'E2e-Master-Clave#2026';
// A loaded machine may need longer (E2E_HEALTH_TIMEOUT_MS).
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_MS) || 180_000;
const WEB_DIST = process.env.E2E_WEB_DIST || undefined;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not become healthy in ${HEALTH_TIMEOUT_MS / 1000}s`);
}

async function startServer(name, extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `portal-e2e-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      MASTER_IDENTIFIER,
      MASTER_PASSWORD,
      JWT_SECRET: '',
      LOG_LEVEL: 'warn',
      ...(WEB_DIST ? { WEB_DIST } : {}),
      // Every test signs in from 127.0.0.1: the per-IP limits would trip on the suite itself.
      LOGIN_IP_LIMIT: '0',
      PUBLIC_RATE_LIMIT: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const keep = (chunk) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    process.stderr.write(`[e2e] ${name} server failed to start:\n${log.join('')}\n`);
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.stdout.write(`[e2e] ${name} server ready at ${url}\n`);
  return { url, child, dataDir, log };
}

async function stopServer(server) {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function main() {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const outDir = WEB_DIST ? ['--', '--outDir', WEB_DIST, '--emptyOutDir'] : [];
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', ...outDir], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) return build.status ?? 1;
  }

  let main;
  let seeded;
  let shortLived;
  const stopAll = () => Promise.all([stopServer(main), stopServer(seeded), stopServer(shortLived)]);
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    // allSettled: when one server fails to start, the others are still known and stopped below.
    const started = await Promise.allSettled([
      startServer('main'),
      startServer('seeded', { SEED_DEMO: 'true' }),
      startServer('short-jwt', { JWT_TTL_SECONDS: '3' }),
    ]);
    [main, seeded, shortLived] = started.map((result) =>
      result.status === 'fulfilled' ? result.value : undefined,
    );
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: main.url,
        E2E_SEEDED_BASE_URL: seeded.url,
        E2E_SHORT_JWT_BASE_URL: shortLived.url,
        E2E_MASTER_IDENTIFIER: MASTER_IDENTIFIER,
        E2E_MASTER_PASSWORD: MASTER_PASSWORD,
      },
    });
    return run.status ?? 1;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`[e2e] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
