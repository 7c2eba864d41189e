// WEB_CONCURRENCY > 1: this process is node:cluster's primary. It prepares the database
// once (migrations, the master password, the demo seed when asked), then forks the server
// processes, which share the port. It holds no database connection after that: each worker has
// its own pool (worker-plan.ts). A worker that dies is replaced (logged), at once the first time
// and then with a growing pause while replacements keep dying young (no crash loop). SIGTERM or
// SIGINT is passed to every worker, which finishes its requests within SHUTDOWN_TIMEOUT_MS; the
// primary exits 0 when they all did. /metrics is the sum of the workers' (cluster-metrics.ts).
import cluster, { type Worker } from 'node:cluster';
import pino, { type Logger } from 'pino';
import { loadSecrets } from '../auth/secrets.ts';
import type { AppConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { loadDemoData } from '../db/seed/demo-data.ts';
import { serveClusterMetrics } from './cluster-metrics.ts';
import type { WorkerPlan } from './worker-plan.ts';
import { WORKER_ENV } from './worker-role.ts';

/** A replacement that lived this long resets the pause before the next one. */
const HEALTHY_AFTER_MS = 30_000;
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 30_000;
/** Past SHUTDOWN_TIMEOUT_MS, the workers' own limit, a worker still running is killed. */
const KILL_MARGIN_MS = 1_000;

export interface PrimaryOptions {
  /** The server's entry file (src/main.ts, or dist/main.js when built): what each worker runs. */
  mainFile: string;
  demoBusinesses: number;
  /** Writes the generated master password and the banner (what a single process shows). */
  announce(port: number, generatedMasterPassword: string | undefined): Promise<void>;
}

export function primaryLogger(config: AppConfig): Logger {
  return pino({
    level: config.logLevel,
    base: { pid: process.pid, role: 'primary' },
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', sync: true } } }
      : {}),
  });
}

/** The pause before replacing a worker that died: none, then doubling while they die young. */
export function restartPause(youngDeaths: number): number {
  if (youngDeaths <= 0) return 0;
  return Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (youngDeaths - 1));
}

/** Node flags for the workers: the primary's, and tsx's loader when they run TypeScript sources. */
function workerExecArgv(mainFile: string): string[] {
  const args = [...process.execArgv];
  if (mainFile.endsWith('.ts') && !args.some((arg) => arg.includes('tsx'))) {
    args.push('--import', import.meta.resolve('tsx'));
  }
  return args;
}

/** Migrations, secrets and the seed, once for every worker; the connection is closed after. */
async function prepareDatabase(config: AppConfig, log: Logger, demoBusinesses: number) {
  // migrate() holds one connection for its lock and runs each migration on another.
  const handle = await openDatabase({ ...config, dbPoolSize: 2 });
  try {
    const applied = await migrate(handle);
    if (applied.length > 0) log.info(`migrations applied: ${applied.join(', ')}`);
    const secrets = await loadSecrets(handle.db, config);
    if (config.seedDemo) {
      await loadDemoData(handle, demoBusinesses, (line) => log.info(line));
    }
    return secrets.generatedMasterPassword;
  } finally {
    await handle.close();
  }
}

export async function runPrimary(
  config: AppConfig,
  plan: WorkerPlan,
  options: PrimaryOptions,
): Promise<void> {
  const log = primaryLogger(config);
  if (plan.note) log.warn(plan.note);
  const generatedPassword = await prepareDatabase(config, log, options.demoBusinesses);

  cluster.setupPrimary({ exec: options.mainFile, execArgv: workerExecArgv(options.mainFile) });
  const metrics = await serveClusterMetrics(config, log);
  const slots = new Map<Worker, { slot: number; startedAt: number }>();
  const youngDeaths = new Map<number, number>();
  const pending = new Set<NodeJS.Timeout>();
  let stopping = false;

  const fork = (slot: number) => {
    const worker = cluster.fork({
      [WORKER_ENV.slot]: String(slot),
      [WORKER_ENV.poolSize]: String(plan.poolPerWorker),
      // One worker runs the periodic jobs (and its replacement after it).
      [WORKER_ENV.background]: slot === 1 ? '1' : '0',
    });
    slots.set(worker, { slot, startedAt: Date.now() });
  };

  cluster.on('exit', (worker, code, signal) => {
    const info = slots.get(worker);
    slots.delete(worker);
    if (stopping || !info) return;
    const lived = Date.now() - info.startedAt;
    const deaths = lived >= HEALTHY_AFTER_MS ? 0 : (youngDeaths.get(info.slot) ?? 0) + 1;
    youngDeaths.set(info.slot, deaths);
    const pause = restartPause(deaths);
    metrics.restarted();
    log.error(
      `worker ${info.slot} (pid ${worker.process.pid}) exited (${signal ? `signal ${signal}` : `code ${code}`}) ` +
        `after ${Math.round(lived / 1000)} s: replacing it${pause > 0 ? ` in ${pause} ms` : ''}`,
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork(info.slot);
    }, pause);
    pending.add(timer);
  });

  // The banner as soon as one answers; the log line once all have started the first time.
  const listened = new Set<Worker>();
  cluster.on('listening', (worker, address) => {
    if (listened.size >= plan.workers) return;
    listened.add(worker);
    if (listened.size === 1) void options.announce(address.port, generatedPassword);
    if (listened.size === plan.workers) {
      log.info(`${plan.workers} server processes listening on ${config.host}:${address.port}`);
    }
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    const timeoutMs = config.shutdownTimeoutMs ?? 10_000;
    log.info(`${signal} received: stopping ${slots.size} server processes (at most ${timeoutMs} ms)`);
    let failed = false;
    const kill = setTimeout(() => {
      log.error(`server processes still running after ${timeoutMs} ms: killing them`);
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, timeoutMs + KILL_MARGIN_MS);
    const done = () => {
      if (slots.size > 0) return;
      clearTimeout(kill);
      void metrics.close().finally(() => process.exit(failed ? 1 : 0));
    };
    cluster.on('exit', (worker, code, exitSignal) => {
      slots.delete(worker);
      // A worker still starting has no handler yet: the signal itself ends it, with nothing open.
      if (exitSignal ? exitSignal !== signal : code !== 0) failed = true;
      done();
    });
    for (const worker of slots.keys()) worker.process.kill(signal);
    done();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  log.info(
    `starting ${plan.workers} server processes (WEB_CONCURRENCY), ${plan.poolPerWorker} database connections each`,
  );
  for (let slot = 1; slot <= plan.workers; slot++) fork(slot);
}
