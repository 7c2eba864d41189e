#!/usr/bin/env node
// CI: the README's "Production with PostgreSQL" recipe on a fresh copy of the repository. Copies
// the tree (the files git would commit) into a temporary folder, then, as the README says:
// `npm ci && npm run build`, `npm ci --omit=dev`, and `npm start` with NODE_ENV=production,
// DATABASE_URL (a new database on the local PostgreSQL, dropped afterwards), MASTER_PASSWORD and
// JWT_SECRET. Checks: no EBADENGINE warning, no devDependency left, /health and /health/ready,
// a master sign-in, JSON-only log lines on stdout; then SIGTERM to `npm start` must leave no
// process and nothing listening. Exits 0 when all hold.
// PROD_SMOKE_DATABASE_URL: the PostgreSQL server to create the database on
// (default postgres://postgres@127.0.0.1:5432/postgres).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { freePort } from './lib/portal-server.mjs';
import { alive, descendants, isListening } from './lib/processes.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const SERVER_URL = process.env.PROD_SMOKE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const STEP_TIMEOUT_MS = 5 * 60_000;
const HEALTH_TIMEOUT_MS = 60_000;
const EXIT_TIMEOUT_MS = 20_000;
const MASTER_PASSWORD = `Smoke-${randomBytes(6).toString('hex')}#1`;

const say = (line) => process.stdout.write(`[prod-smoke] ${line}\n`);

/** Runs a command in the copy; its output is kept and shown only when it fails. */
function run(dir, command, args, env = {}) {
  say(`$ ${command} ${args.join(' ')}`);
  try {
    return execFileSync(command, args, {
      cwd: dir,
      env: { ...process.env, NODE_ENV: '', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: STEP_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}\n`);
    throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

function runCaptured(dir, command, args, env = {}) {
  // npm prints EBADENGINE on stderr: merge both streams to look for it.
  return run(dir, 'sh', ['-c', `${command} ${args.join(' ')} 2>&1`], env);
}

/** The files a commit of this tree would hold (tracked and new, not ignored), copied to `dir`. */
function copyTree(dir) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  return files.length;
}

async function waitFor(url, child, log) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 in ${HEALTH_TIMEOUT_MS / 1000}s:\n${log()}`);
}

async function main() {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'portal-prod-smoke-'));
  const dbName = `portal_prod_smoke_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  let child;
  let tree = [];
  try {
    say(`copied ${copyTree(dir)} files to ${dir}`);

    const install = runCaptured(dir, 'npm', ['ci', '--no-audit', '--no-fund']);
    run(dir, 'npm', ['run', 'build']);
    const prune = runCaptured(dir, 'npm', ['ci', '--omit=dev', '--no-audit', '--no-fund']);
    for (const output of [install, prune]) {
      if (output.includes('EBADENGINE')) throw new Error(`npm ci printed EBADENGINE:\n${output}`);
    }
    for (const dev of ['tsx', 'vite', 'esbuild', 'typescript', 'vitest']) {
      if (existsSync(join(dir, 'node_modules', dev))) throw new Error(`devDependency ${dev} is installed`);
    }

    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const databaseUrl = new URL(SERVER_URL);
    databaseUrl.pathname = `/${dbName}`;

    const port = await freePort();
    const output = { stdout: '', stderr: '' };
    say(`$ npm start (NODE_ENV=production, port ${port}, database ${dbName})`);
    child = spawn('npm', ['start'], {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl.toString(),
        MASTER_PASSWORD,
        JWT_SECRET: randomBytes(48).toString('base64'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => {
      output.stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output.stderr += chunk;
    });
    const log = () => `--- stdout\n${output.stdout}\n--- stderr\n${output.stderr}`;
    const base = `http://127.0.0.1:${port}`;

    const health = await waitFor(`${base}/health`, child, log);
    say(`/health: ${JSON.stringify(health)}`);
    const ready = await waitFor(`${base}/health/ready`, child, log);
    say(`/health/ready: ${JSON.stringify(ready)}`);
    const signIn = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'master', password: MASTER_PASSWORD }),
    });
    if (signIn.status !== 200)
      throw new Error(`master sign-in answered ${signIn.status}: ${await signIn.text()}`);
    say('master sign-in: 200');
    const portal = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
    if (portal.status !== 200 || !(await portal.text()).includes('<div id="root"')) {
      throw new Error(`the portal is not served at / (${portal.status})`);
    }
    say('portal at /: 200');

    // stdout carries log lines only, each one JSON (npm's own "> start" header aside).
    const lines = output.stdout.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('>'));
    for (const line of lines) {
      try {
        JSON.parse(line);
      } catch {
        throw new Error(`stdout has a line that is not JSON: ${line}`);
      }
    }
    say(`stdout: ${lines.length} JSON log lines, nothing else`);

    tree = [child.pid, ...descendants(child.pid)];
    say(`SIGTERM to npm start (pid ${child.pid}; processes ${tree.join(', ')})`);
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.kill('SIGTERM');
    const deadline = Date.now() + EXIT_TIMEOUT_MS;
    while (tree.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const left = tree.filter(alive);
    if (left.length > 0)
      throw new Error(`processes still running ${EXIT_TIMEOUT_MS / 1000}s after SIGTERM: ${left}`);
    const { code, signal } = await exited;
    if (await isListening(port)) throw new Error(`port ${port} still listening after SIGTERM`);
    if (!/finishing in-flight requests/.test(output.stdout)) throw new Error(`no drain logged:\n${log()}`);
    say(`after SIGTERM: npm exited (code ${code}, signal ${signal}), no process left, port ${port} free`);
    say(`passed in ${Math.round((Date.now() - started) / 1000)}s`);
  } finally {
    for (const pid of tree.filter(alive)) process.kill(pid, 'SIGKILL');
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`[prod-smoke] FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
