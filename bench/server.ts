// The server under test: the production build (scripts/build-server.mjs) started as a child
// process, exactly as `npm start` runs it in production (a cluster of WEB_CONCURRENCY processes),
// and its peak memory read from /proc.
// Every child is stopped when the bench ends, fails or is interrupted.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendants } from '../scripts/lib/processes.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'apps/server/dist/main.js');

const children = new Set<ChildProcess>();
const interruptCleanups = new Set<() => Promise<unknown>>();

/** Work to do (at most 5 s) when the bench is interrupted; returns the function that unregisters it. */
export function onInterrupt(cleanup: () => Promise<unknown>): () => void {
  interruptCleanups.add(cleanup);
  return () => interruptCleanups.delete(cleanup);
}
let exitHooked = false;

/** Stops every child still running (synchronously: this also runs from process 'exit'). */
function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping the server\n`);
      killAll();
      const cleanups = [...interruptCleanups].map((cleanup) => cleanup().catch(() => {}));
      const deadline = new Promise((resolve) => setTimeout(resolve, 5_000).unref());
      void Promise.race([Promise.all(cleanups), deadline]).then(() => process.exit(130));
    });
  }
}

/** Runs a command to its end with the bench's own output; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  hookExit();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

/** VmHWM of the process and of each of its descendants, in kB. */
function processPeaksKb(pid: number): number[] {
  const peaks: number[] = [];
  for (const each of [pid, ...descendants(pid)]) {
    try {
      peaks.push(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      // gone meanwhile
    }
  }
  return peaks;
}

const toMb = (kb: number) => (kb > 0 ? Math.round(kb / 102.4) / 10 : null);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  origin: string;
  pid: number;
  logFile: string;
  /** Peak resident memory since start or since the last resetPeak, in MB (null if unreadable). */
  peakRssMb(): number | null;
  /** The largest of the processes' own peaks (one process's memory, whatever WEB_CONCURRENCY is). */
  largestProcessPeakMb(): number | null;
  /** Starts a new peak measurement (Linux clear_refs 5); false where the kernel refuses. */
  resetPeak(): boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** DATABASE_URL, or DATA_DIR for the embedded PGlite. */
  database: { url: string } | { dataDir: string };
  masterPassword: string;
  logFile: string;
  /** Preload bench/capture-sql.mjs, writing every statement to this file (and read sessions uncached). */
  captureFile?: string;
  logLevel: string;
  startTimeoutMs: number;
  /** WEB_CONCURRENCY and DB_POOL_SIZE of the server (unset: the server's own defaults). */
  webConcurrency?: number;
  dbPoolSize?: number;
  /** The node binary that runs it (default: the bench's own). */
  node?: string;
}

function lastLines(file: string, n = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-n).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  hookExit();
  const port = await freePort();
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    MASTER_PASSWORD: options.masterPassword,
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-bench-jwt-secret',
    JWT_TTL_SECONDS: '7200',
    LOG_LEVEL: options.logLevel,
    // The bench's 20 clients all come from 127.0.0.1: no per-IP budget may get in the way.
    PUBLIC_RATE_LIMIT: '0',
    LOGIN_IP_LIMIT: '0',
    SEED_DEMO: 'false',
    // V8 flags for the measured server only (e.g. --max-semi-space-size=4; docs/performance.md "Memory").
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    ...('url' in options.database
      ? { DATABASE_URL: options.database.url }
      : { DATA_DIR: options.database.dataDir }),
    // The capture reads the session on every request, so every authenticated request's SQL holds
    // the guard's session lookup, whichever scenario came first (bench/capture.ts).
    ...(options.captureFile ? { BENCH_CAPTURE_FILE: options.captureFile, SESSION_CACHE_MS: '0' } : {}),
    ...(options.webConcurrency ? { WEB_CONCURRENCY: String(options.webConcurrency) } : {}),
    ...(options.dbPoolSize ? { DB_POOL_SIZE: String(options.dbPoolSize) } : {}),
  };
  const args = [
    ...(options.captureFile ? ['--import', join(ROOT, 'bench/capture-sql.mjs')] : []),
    '--enable-source-maps',
    MAIN,
  ];
  const child = spawn(options.node ?? process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  children.add(child);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('exit', () => children.delete(child));
  const origin = `http://127.0.0.1:${port}`;
  const pid = child.pid ?? 0;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + options.startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited while starting; last lines of ${options.logFile}:\n${lastLines(options.logFile)}`,
      );
    }
    try {
      const res = await fetch(`${origin}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server did not answer /health within ${options.startTimeoutMs / 1000} s; last lines of ` +
          `${options.logFile}:\n${lastLines(options.logFile)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    pid,
    logFile: options.logFile,
    // The cluster's primary and its workers: their peaks added up.
    peakRssMb: () => toMb(processPeaksKb(pid).reduce((sum, kb) => sum + kb, 0)),
    largestProcessPeakMb: () => toMb(Math.max(0, ...processPeaksKb(pid))),
    resetPeak: () => {
      try {
        for (const each of [pid, ...descendants(pid)]) writeFileSync(`/proc/${each}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    stop,
  };
}
