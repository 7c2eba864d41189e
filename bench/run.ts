// `npm run bench`: the server's throughput next to PostgreSQL's own for the same SQL. For each data
// size (BENCH_SIZES, default 100k,1m) on the local PostgreSQL, then on the embedded PGlite
// (BENCH_PGLITE, default 100k):
//   1. reuse or seed the data (bench/dataset.ts);
//   2. start the production build once with bench/capture-sql.mjs to learn the SQL of every
//      request (bench/capture.ts), then start it again, plain, to measure;
//   3. per scenario (bench/scenarios.ts): BENCH_CLIENTS clients for BENCH_SECONDS after a warm-up,
//      then pgbench on the captured SQL at the same concurrency; the server's peak RSS;
//   4. write bench/results/latest.json and latest.md after every size (a failed size is reported,
//      the others still run). Figures are printed, never asserted.
// See docs/performance.md for the variables.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/connection.ts';
import { isPreparable } from '../apps/server/src/db/postgres-pool.ts';
import { BULK_SCENARIO, type BulkBench, benchBulk } from './bulk.ts';
import { captureStatements } from './capture.ts';
import { preparePGlite, preparePostgres, redact } from './dataset.ts';
import { benchExports, EXPORT_SCENARIO, type ExportBench } from './exports.ts';
import { historyDatabaseUrl, prepareHistoryVolume } from './history-volume.ts';
import { benchImports, IMPORT_SCENARIO, type ImportBench } from './imports.ts';
import { type BenchRequest, ensureWrk, LoadGenerator } from './load.ts';
import { serverNode } from './node-runtime.ts';
import { runPgbench, type Statement, toScript } from './pgbench.ts';
import { psqlCopyOf, runPsqlCopy } from './psql-copy.ts';
import {
  type BenchResults,
  markdown,
  type ScenarioResult,
  type TargetResult,
  targetHeading,
  targetTable,
} from './report.ts';
import { buildScenarios, type Scenario } from './scenarios.ts';
import { onInterrupt, ROOT, type RunningServer, run, startServer } from './server.ts';

const env = process.env;
const print = (line = '') => process.stdout.write(`${line}\n`);

function positive(name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got '${env[name]}'`);
  return value;
}

function positiveFactor(text: string): number {
  const value = Number(text.replace(/x$/i, ''));
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`BENCH_HISTORY_FACTORS: '${text}' is not a whole number from 1`);
  return value;
}

/** The scenarios of a history-size target (BENCH_HISTORY_FACTORS). */
const HISTORY_SCENARIOS = ['history', 'audit-list'];

/** '100k', '1m', '250000' → a count of businesses. */
function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`cannot read the size '${text}' (use e.g. 100k, 1m, 250000)`);
  const factor = { '': 1, k: 1_000, m: 1_000_000 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Math.round(Number(match[1]) * factor);
}

const sizeLabel = (size: number) =>
  size >= 1_000_000 && size % 1_000_000 === 0
    ? `${size / 1_000_000}M`
    : size >= 1_000 && size % 1_000 === 0
      ? `${size / 1_000}k`
      : String(size);

const list = (text: string | undefined, fallback: string) =>
  (text ?? fallback)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== 'off');

const settings = {
  sizes: list(env.BENCH_SIZES, '100k,1m').map(parseSize),
  pgliteSizes: list(env.BENCH_PGLITE, '100k').map(parseSize),
  clients: positive('BENCH_CLIENTS', 20),
  seconds: positive('BENCH_SECONDS', 10),
  warmupSeconds: Number(env.BENCH_WARMUP_SECONDS ?? 2),
  perScenario: positive('BENCH_REQUESTS_PER_SCENARIO', 10),
  scenarios: list(env.BENCH_SCENARIOS, ''),
  /** Change logs at these multiples of the 1M seed's: history and audit list only. */
  historyFactors: list(env.BENCH_HISTORY_FACTORS, '').map((text) => positiveFactor(text)),
  pgBase: env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432',
  pgbenchProtocol: env.BENCH_PGBENCH_PROTOCOL ?? 'auto',
  logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
  /** The measured server's processes (production's default: one per core) and their pools' total. */
  webConcurrency: positive('BENCH_WEB_CONCURRENCY', availableParallelism()),
  dbPoolSize: positive('BENCH_DB_POOL_SIZE', 10),
  startTimeoutMs: positive('BENCH_START_TIMEOUT_SECONDS', 600) * 1000,
  outDir: env.BENCH_OUT ?? join(ROOT, 'bench/results'),
  workDir: join(ROOT, 'bench/.data'),
};

/** What the measured server runs with on PostgreSQL (printed with its figures). */
const cluster = { webConcurrency: settings.webConcurrency, dbPoolSize: settings.dbPoolSize };

/** The Node that runs the measured server (BENCH_NODE; by default the release .nvmrc names). */
const runtime = serverNode(ROOT);

/** The database of a size: BENCH_DATABASE_URL_<LABEL>, DATABASE_URL when only one size runs, or a default name. */
function databaseUrl(size: number): string {
  const own = env[`BENCH_DATABASE_URL_${sizeLabel(size).toUpperCase()}`];
  if (own) return own;
  if (env.DATABASE_URL && settings.sizes.length === 1) return env.DATABASE_URL;
  const name = size === 1_000_000 ? 'portal_bench' : `portal_bench_${sizeLabel(size).toLowerCase()}`;
  return `${settings.pgBase.replace(/\/+$/, '')}/${name}`;
}

const MASTER_PASSWORD = 'Bench-Master-Password-1';
// Sessions the bench creates carry this user agent, so they (and only they) are removed afterwards.
const USER_AGENT = `portal-bench/${process.pid}-${Date.now()}`;

async function login(origin: string): Promise<Record<string, string>> {
  const res = await fetch(`${origin}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
    body: JSON.stringify({ email: 'master', password: MASTER_PASSWORD }),
  });
  const body = (await res.json().catch(() => ({}))) as {
    jwt?: string;
    master_key?: string;
    message?: string;
  };
  if (!res.ok || !body.jwt || !body.master_key) {
    throw new Error(`master login failed: ${res.status} ${body.message ?? JSON.stringify(body)}`);
  }
  return { authorization: `Bearer ${body.jwt}`, 'x-master-key': body.master_key, 'user-agent': USER_AGENT };
}

// Login is measured with admins of the bench's own, one per client: parallel sign-ins of one
// identifier from one address would trip the lockout (an attempt counts as a failure until its
// password is checked), which is the lockout working, not a sign-in figure.
const LOGIN_ADMIN = 'bench-login-%@bench.invalid';
const loginAdminEmail = (n: number) => LOGIN_ADMIN.replace('%', String(n));

async function createLoginAdmins(handle: DatabaseHandle, count: number): Promise<void> {
  await removeLoginAdmins(handle);
  const passwordHash = await hash(MASTER_PASSWORD);
  await handle.db
    .insertInto('admins')
    .values(
      Array.from({ length: count }, (_, i) => ({
        admin_first_name: 'Bench',
        admin_last_name: `Login ${i + 1}`,
        admin_email: loginAdminEmail(i + 1),
        admin_password_hash: passwordHash,
        access_status: 'active',
      })),
    )
    .execute();
}

/**
 * Their sessions go with them (ON DELETE CASCADE). So do their sign-in attempts: failures left by
 * an interrupted run (or by hand against a database without them) would keep them locked out.
 */
async function removeLoginAdmins(handle: DatabaseHandle): Promise<void> {
  await handle.db.deleteFrom('admins').where('admin_email', 'like', LOGIN_ADMIN).execute();
  await handle.db.deleteFrom('login_attempts').where('identifier', 'like', LOGIN_ADMIN).execute();
}

function requestsOf(scenario: Scenario, headers: Record<string, string>): BenchRequest[] {
  if (scenario.login) {
    return Array.from({ length: settings.clients }, (_, i) => ({
      method: 'POST',
      path: '/auth/login',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify({ email: loginAdminEmail(i + 1), password: MASTER_PASSWORD }),
    }));
  }
  return scenario.paths.map((path) => ({ method: 'GET', path, headers }));
}

async function removeBenchSessions(handle: DatabaseHandle, pattern: string): Promise<number> {
  const result = await sql`delete from sessions where user_agent like ${pattern}`.execute(handle.db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * pgbench's protocol for a scenario: the server's own for these statements (BENCH_PGBENCH_PROTOCOL
 * =auto) or the one asked for. The server prepares every plain SELECT once it has run 3 times, so
 * when all of a scenario's statements are of that kind pgbench prepares them too; otherwise
 * (searches, which are planned for their own words, and writes) each is planned as it comes.
 */
function pgbenchProtocol(statements: Statement[]): string {
  if (settings.pgbenchProtocol !== 'auto') return settings.pgbenchProtocol;
  return statements.every((statement) => isPreparable(statement.text)) ? 'prepared' : 'simple';
}

const fmt = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

interface Target {
  engine: 'postgres' | 'pglite';
  size: number;
  label: string;
  location: string;
  /** A copy of the 1M database with this many times the seed's change logs (bench/history-volume.ts). */
  historyFactor?: number;
}

async function benchTarget(target: Target, load: LoadGenerator): Promise<TargetResult> {
  const logDir = join(settings.workDir, 'logs');
  const slug = `${target.engine}-${sizeLabel(target.size).toLowerCase()}${target.historyFactor ? `-${target.historyFactor}x-logs` : ''}`;
  print(`\n== ${target.label}`);
  if (target.historyFactor) {
    await prepareHistoryVolume(databaseUrl(target.size), target.location, target.historyFactor);
  }
  const prepared =
    target.engine === 'postgres'
      ? await preparePostgres(target.location, target.size)
      : await preparePGlite(target.location, target.size);
  let handle: DatabaseHandle | null = prepared.handle;
  let server: RunningServer | null = null;
  const cleanUp = async () => {
    if (target.engine !== 'postgres' || !handle) return;
    await removeBenchSessions(handle, `${USER_AGENT}%`).catch(() => 0);
    await removeLoginAdmins(handle).catch(() => {});
  };
  const unregister = onInterrupt(cleanUp);
  try {
    const all = await buildScenarios(handle.db, settings.perScenario);
    const scenarios = all.filter(
      (s) =>
        (settings.scenarios.length === 0 || settings.scenarios.includes(s.name)) &&
        (!target.historyFactor || HISTORY_SCENARIOS.includes(s.name)),
    );
    const version = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(
      handle.db,
    );
    if (scenarios.some((s) => s.login)) await createLoginAdmins(handle, settings.clients);
    if (target.engine === 'pglite') {
      // Left by earlier runs (PGlite cannot be opened while its server runs, so they go now).
      await removeBenchSessions(handle, 'portal-bench/%');
      await handle.close();
      handle = null;
    }
    const database =
      target.engine === 'postgres'
        ? redact(target.location)
        : `PGlite ${version.rows[0]!.v} in ${relative(ROOT, target.location)}`;

    // 1. The SQL of every request (PostgreSQL only: pgbench needs a PostgreSQL server).
    const scripts = new Map<string, string[]>();
    const protocols = new Map<string, string>();
    const captureNotes = new Map<string, string>();
    const copies = new Map<string, string>();
    if (target.engine === 'postgres') {
      const captureFile = join(settings.workDir, `capture-${slug}.jsonl`);
      rmSync(captureFile, { force: true });
      print('learning the SQL of each request (server with bench/capture-sql.mjs)');
      server = await startServer({
        database: { url: target.location },
        masterPassword: MASTER_PASSWORD,
        logFile: join(logDir, `capture-${slug}.log`),
        captureFile,
        logLevel: settings.logLevel,
        startTimeoutMs: settings.startTimeoutMs,
        // One process: the statements of each request land in the capture file in order.
        webConcurrency: 1,
        node: runtime.path,
      });
      const headers = await login(server.origin);
      for (const scenario of scenarios) {
        const captured = await captureStatements(server.origin, captureFile, requestsOf(scenario, headers));
        const failed = captured.statuses.filter((status) => status < 200 || status >= 300);
        if (failed.length > 0) {
          // Measured all the same (its errors show in the figures); pgbench has nothing to replay.
          captureNotes.set(
            scenario.name,
            `the server answered ${failed.join(', ')} while its SQL was captured`,
          );
          continue;
        }
        const statements = captured.statements.filter((list) => list.length > 0);
        // pgbench refuses COPY: a CSV export is compared with psql \copy of its COPY instead.
        const copy = psqlCopyOf(statements.flat());
        if (copy) copies.set(scenario.name, copy);
        scripts.set(scenario.name, statements.map(toScript));
        protocols.set(scenario.name, pgbenchProtocol(statements.flat()));
      }
      await server.stop();
      server = null;
    }

    // 2. The measured server.
    const started = performance.now();
    server = await startServer({
      database: target.engine === 'postgres' ? { url: target.location } : { dataDir: target.location },
      masterPassword: MASTER_PASSWORD,
      logFile: join(logDir, `server-${slug}.log`),
      logLevel: settings.logLevel,
      startTimeoutMs: settings.startTimeoutMs,
      // The embedded database is one process; PostgreSQL gets the cluster.
      ...(target.engine === 'postgres' ? cluster : {}),
      node: runtime.path,
    });
    const serverStartSeconds = Math.round((performance.now() - started) / 100) / 10;
    const processes =
      target.engine === 'postgres'
        ? `WEB_CONCURRENCY=${cluster.webConcurrency}, DB_POOL_SIZE=${cluster.dbPoolSize}`
        : 'WEB_CONCURRENCY=1';
    const startupPeak = server.peakRssMb();
    const headers = await login(server.origin);
    print(`server ready in ${serverStartSeconds} s (${processes}; pid ${server.pid}, log ${server.logFile})`);

    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      const requests = requestsOf(scenario, headers);
      const canReset = server.resetPeak();
      const figures = await load.run(server.origin, requests, {
        clients: settings.clients,
        warmupSeconds: settings.warmupSeconds,
        seconds: settings.seconds,
      });
      const peakRssMb = server.peakRssMb();
      const scenarioScripts = scripts.get(scenario.name) ?? [];
      let pgbench = null;
      let note: string | undefined = canReset ? undefined : 'peak RSS since start (clear_refs refused)';
      const copy = copies.get(scenario.name);
      if (target.engine === 'postgres' && copy) {
        try {
          pgbench = await runPsqlCopy({
            url: target.location,
            command: copy,
            clients: settings.clients,
            seconds: settings.seconds,
          });
        } catch (error) {
          note = `psql \\copy failed: ${(error as Error).message.split('\n')[0]}`;
          process.stderr.write(`bench: ${scenario.name}: ${(error as Error).message}\n`);
        }
      } else if (target.engine === 'postgres' && scenarioScripts.length > 0) {
        const dir = join(settings.workDir, 'pgbench', slug, scenario.name);
        try {
          pgbench = await runPgbench({
            url: target.location,
            scripts: scenarioScripts,
            clients: settings.clients,
            seconds: settings.seconds,
            mode: protocols.get(scenario.name) ?? 'simple',
            dir,
          });
        } catch (error) {
          note = `pgbench failed (scripts in ${dir}): ${(error as Error).message.split('\n')[0]}`;
          process.stderr.write(`bench: ${scenario.name}: ${(error as Error).message}\n`);
        }
      } else if (target.engine === 'postgres') {
        note = captureNotes.get(scenario.name) ?? 'the server ran no SQL for these requests';
      }
      const ratio =
        pgbench && pgbench.perSecond > 0
          ? Math.round((figures.perSecond / pgbench.perSecond) * 1000) / 1000
          : null;
      if (figures.errors > 0) {
        note = `${note ? `${note}; ` : ''}errors ${JSON.stringify(figures.errorKinds)}`;
      }
      results.push({
        name: scenario.name,
        label: scenario.label,
        urls: requests.length,
        server: figures,
        pgbench,
        ratio,
        peakRssMb,
        sql: scenarioScripts[0],
        note,
      });
      print(
        `${scenario.label.padEnd(40)} server ${fmt(figures.perSecond).padStart(8)} req/s ` +
          `p50 ${fmt(figures.p50)} p95 ${fmt(figures.p95)} p99 ${fmt(figures.p99)} ms, ${figures.errors} errors` +
          (pgbench
            ? ` | ${pgbench.mode === 'psql \\copy' ? 'psql \\copy' : 'pgbench'} ${fmt(pgbench.perSecond)} tps p50 ${fmt(pgbench.p50)} p95 ${fmt(pgbench.p95)} ms` +
              ` | ratio ${Math.round((ratio ?? 0) * 100)} %`
            : '') +
          ` | RSS ${peakRssMb ?? '?'} MB`,
      );
    }
    // The directory exports next to psql \copy (BENCH_SCENARIOS=exports; bench/exports.ts).
    let exports: ExportBench | undefined;
    if (target.engine === 'postgres' && settings.scenarios.includes(EXPORT_SCENARIO)) {
      const list = all.find((s) => s.name === 'list');
      exports = await benchExports({
        server,
        headers,
        url: target.location,
        load,
        listRequests: list ? requestsOf(list, headers) : [],
        seconds: settings.seconds,
        print,
      });
    }
    // Upload, preview and commit of a spreadsheet (BENCH_SCENARIOS=imports; bench/imports.ts).
    let imports: ImportBench | undefined;
    if (target.engine === 'postgres' && settings.scenarios.includes(IMPORT_SCENARIO)) {
      const list = all.find((s) => s.name === 'list');
      imports = await benchImports({
        server,
        headers,
        url: target.location,
        rows: positive('BENCH_IMPORT_ROWS', 100_000),
        load,
        listRequests: list ? requestsOf(list, headers) : [],
        loadList: env.BENCH_IMPORT_LIST !== 'off',
        print,
      });
    }
    // A bulk verify of 1,000 businesses, and the list while they run (BENCH_SCENARIOS=bulk; bench/bulk.ts).
    let bulk: BulkBench | undefined;
    if (target.engine === 'postgres' && settings.scenarios.includes(BULK_SCENARIO)) {
      const list = all.find((s) => s.name === 'list');
      bulk = await benchBulk({
        server,
        headers,
        load,
        listRequests: list ? requestsOf(list, headers) : [],
        seconds: settings.seconds,
        print,
      });
    }
    await server.stop();
    server = null;
    const peaks = [
      startupPeak,
      ...results.map((r) => r.peakRssMb),
      ...(exports?.figures.map((f) => f.peakRssMb) ?? []),
      imports?.peakRssMb ?? null,
      bulk?.underLoad.peakRssMb ?? null,
    ].filter((v): v is number => v !== null);
    return {
      label: target.label,
      engine: target.engine,
      size: target.size,
      businesses: prepared.info.businesses,
      database,
      seededNow: prepared.info.seededNow,
      seedSeconds: prepared.info.seedSeconds,
      serverStartSeconds,
      ...(target.engine === 'postgres' ? cluster : { webConcurrency: 1 }),
      peakRssMb: peaks.length > 0 ? Math.max(...peaks) : null,
      scenarios: results,
      ...(exports ? { exports } : {}),
      ...(imports ? { imports } : {}),
      ...(bulk ? { bulk } : {}),
    };
  } finally {
    unregister();
    await server?.stop();
    await cleanUp();
    await handle?.close();
  }
}

async function main() {
  const startedAt = new Date();
  const results: BenchResults = {
    startedAt: startedAt.toISOString(),
    machine: {
      cpus: cpus().length,
      memoryGb: Math.round(totalmem() / 1024 ** 3),
      node: process.version,
      serverNode: runtime.version,
    },
    settings: {
      clients: settings.clients,
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
      requestsPerScenario: settings.perScenario,
      pgbenchProtocol: settings.pgbenchProtocol,
      serverLogLevel: settings.logLevel,
    },
    targets: [],
    errors: [],
  };
  const targets: Target[] = [
    ...settings.sizes.map((size) => ({
      engine: 'postgres' as const,
      size,
      label: `PostgreSQL, ${sizeLabel(size)} businesses`,
      location: databaseUrl(size),
    })),
    ...settings.historyFactors.map((factor) => ({
      engine: 'postgres' as const,
      size: 1_000_000,
      label: `PostgreSQL, 1M businesses, ${factor}× change logs`,
      location: historyDatabaseUrl(databaseUrl(1_000_000), factor),
      historyFactor: factor,
    })),
    ...settings.pgliteSizes.map((size) => ({
      engine: 'pglite' as const,
      size,
      label: `Embedded PGlite, ${sizeLabel(size)} businesses`,
      location: env.BENCH_PGLITE_DIR ?? join(settings.workDir, `pglite-${sizeLabel(size).toLowerCase()}`),
    })),
  ];
  if (env.DATABASE_URL && settings.sizes.length > 1) {
    print('bench: DATABASE_URL is used only when one size runs (BENCH_SIZES); see BENCH_DATABASE_URL_<SIZE>');
  }
  print(
    `bench: ${targets.map((t) => t.label).join('; ')}; ${settings.clients} clients, ` +
      `${settings.warmupSeconds} s warm-up + ${settings.seconds} s per scenario`,
  );
  mkdirSync(settings.outDir, { recursive: true });
  mkdirSync(settings.workDir, { recursive: true });

  if (env.BENCH_SKIP_BUILD !== '1') {
    print('building the server (scripts/build-server.mjs)');
    await run(process.execPath, ['scripts/build-server.mjs']);
  }

  const write = () => {
    const finished = new Date();
    results.finishedAt = finished.toISOString();
    results.durationSeconds = Math.round((finished.getTime() - startedAt.getTime()) / 1000);
    writeFileSync(join(settings.outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(settings.outDir, 'latest.md'), markdown(results));
  };

  ensureWrk();
  const load = new LoadGenerator(join(settings.workDir, 'wrk'));
  for (const target of targets) {
    try {
      const result = await benchTarget(target, load);
      results.targets.push(result);
      if (target.engine === 'postgres' && !results.machine.postgres) {
        results.machine.postgres = await postgresVersion(target.location);
      }
    } catch (error) {
      const message = `${target.label}: ${error instanceof Error ? error.message : String(error)}`;
      results.errors.push(message);
      process.stderr.write(`\nbench: ${message}\n`);
    }
    write();
  }

  print(`\n== Results (${results.durationSeconds} s in all)`);
  for (const target of results.targets) print(`\n${targetHeading(target)}\n\n${targetTable(target)}`);
  print(`\nwritten: ${join(settings.outDir, 'latest.json')}, ${join(settings.outDir, 'latest.md')}`);
  if (results.errors.length > 0) {
    process.stderr.write(`\nbench: ${results.errors.length} size(s) failed:\n${results.errors.join('\n')}\n`);
    process.exitCode = 1;
  }
}

async function postgresVersion(url: string): Promise<string | undefined> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const result = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return result.rows[0]?.v;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
