// Read config, open the database, migrate, listen; finish in-flight requests on SIGTERM/SIGINT
// (within SHUTDOWN_TIMEOUT_MS). stdout carries log lines only (JSON when it is not a terminal);
// the generated master password goes to stderr as one marked line. With WEB_CONCURRENCY > 1 this
// process is the cluster's primary (process/cluster-primary.ts) and each worker runs this file too.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadSecrets } from './auth/secrets.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { loadDemoData } from './db/seed/demo-data.ts';
import { limitHeapGrowth } from './heap-growth.ts';
import { startBackgroundWork } from './process/background.ts';
import { runPrimary } from './process/cluster-primary.ts';
import { planWorkers } from './process/worker-plan.ts';
import { type ServerRole, workerRole } from './process/worker-role.ts';

const MAIN_FILE = fileURLToPath(import.meta.url);
const DEFAULT_WEB_DIST = join(dirname(MAIN_FILE), '../../web/dist');
const DEMO_BUSINESSES = 200;
/** The end of SHUTDOWN_TIMEOUT_MS kept for answering 503 and closing, once database waits are cut. */
const SHUTDOWN_RESERVE_MS = 2_000;

/** Whether `work` settled within `ms` (its failure is thrown). */
async function settle(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  const config = loadConfig();
  limitHeapGrowth(config.heapGrowingPercent ?? 0);
  if (cluster.isWorker) return runServer(config, workerRole());
  const plan = planWorkers(config, availableParallelism());
  if (plan.workers > 1) {
    return runPrimary(config, plan, {
      mainFile: MAIN_FILE,
      demoBusinesses: DEMO_BUSINESSES,
      announce: (port, password) => announce(config, port, password),
    });
  }
  return runServer(config, { poolSize: plan.poolPerWorker, prepare: true, background: true, announce: true });
}

/** One server process: this whole program, or one worker of a cluster (`role` says which parts). */
async function runServer(config: AppConfig, role: ServerRole) {
  const handle = await openDatabase({ ...config, dbPoolSize: role.poolSize });
  const applied = role.prepare ? await migrate(handle) : [];
  const freshEmbedded = handle.kind === 'pglite' && applied.includes('001_extensions_and_helpers');
  const secrets = await loadSecrets(handle.db, config);

  const app = await buildApp({
    handle,
    config: { ...config, webDist: config.webDist ?? DEFAULT_WEB_DIST },
    secrets,
    logger: {
      level: config.logLevel,
      // Readable lines for a person at a terminal; JSON lines for log collectors.
      ...(process.stdout.isTTY
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', sync: true } } }
        : {}),
      redact: ['req.headers.authorization', 'req.headers.jwt', 'req.headers["x-master-key"]'],
    },
  });

  if (role.prepare && (config.seedDemo ?? freshEmbedded)) {
    await loadDemoData(handle, DEMO_BUSINESSES, (line) => app.log.info(line));
  }

  // The outbox purge, the history's months and the trash's purge: in one process of a cluster (advisory locks
  // keep other machines from running them at the same time). They start once the server listens.
  let stopBackground = () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopBackground();
    const timeoutMs = config.shutdownTimeoutMs ?? 10_000;
    const started = Date.now();
    app.log.info(`${signal} received: finishing in-flight requests (at most ${timeoutMs} ms)`);
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${timeoutMs} ms: exiting with requests still open`);
      process.exit(1);
    }, timeoutMs);
    // Requests waiting on a database that does not answer (frozen, unreachable) would hold the
    // shutdown past its limit: near the end their connections are cut, and they answer 503.
    const reserveMs = Math.min(SHUTDOWN_RESERVE_MS, Math.floor(timeoutMs / 2));
    const cut = setTimeout(() => {
      app.log.warn('requests still waiting on the database: closing its connections');
      handle.interrupt?.();
    }, timeoutMs - reserveMs);
    try {
      await app.close();
      clearTimeout(cut);
      clearTimeout(deadline);
      // Every request has been answered; the database gets what is left of the limit to close.
      const closed = await settle(handle.close(), Math.max(0, timeoutMs - (Date.now() - started)));
      if (!closed) {
        app.log.warn('the database connections did not close in time: exiting without them');
        handle.interrupt?.();
      }
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (role.background && !closing) stopBackground = startBackgroundWork(handle, config, app.log).stop;
  if (!role.announce) return;
  // The last lines a newcomer sees: the generated password (first start), then the address to
  // open. The log lines before them go out first (pino-pretty writes from a worker thread).
  await flushLog(app.log);
  const address = app.server.address();
  await announce(
    config,
    typeof address === 'object' && address ? address.port : config.port,
    secrets.generatedMasterPassword,
  );
}

/** The generated master password (stderr, first start only), then, at a terminal, the welcome. */
async function announce(config: AppConfig, port: number, generatedMasterPassword: string | undefined) {
  if (generatedMasterPassword) {
    process.stderr.write(`${masterPasswordLine(config.masterIdentifier, generatedMasterPassword)}\n`);
  }
  // A person at a terminal gets a short welcome; a log collector gets only JSON lines.
  if (process.stdout.isTTY) {
    const banner = [
      '',
      '  Portal de Administración',
      `  Acceso maestro: identificador "${config.masterIdentifier}"`,
    ];
    if (!config.masterPassword && !generatedMasterPassword) {
      banner.push('  Contraseña maestra: la generada en el primer arranque (o defina MASTER_PASSWORD).');
    }
    banner.push(`  Portal listo en http://${config.host}:${port} (ábralo en su navegador).`);
    process.stdout.write(`${banner.join('\n')}\n\n`);
  }
}

/** Waits until the log lines written so far are out (pino's flush; Fastify's type omits it). */
function flushLog(log: object): Promise<void> {
  const { flush } = log as { flush?: (done: () => void) => void };
  return new Promise((resolve) => (flush ? flush.call(log, () => resolve()) : resolve()));
}

/** The one line that shows a generated master password (stderr, first start only). */
function masterPasswordLine(identifier: string, password: string): string {
  return `*** CONTRASEÑA MAESTRA GENERADA (se muestra una sola vez; guárdela o defina MASTER_PASSWORD) identificador="${identifier}" contraseña=${password} ***`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
