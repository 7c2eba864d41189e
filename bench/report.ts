// The bench's results as JSON (bench/results/latest.json) and as Markdown tables (latest.md).
import { type BulkBench, bulkTable } from './bulk.ts';
import { type ExportBench, exportTables } from './exports.ts';
import { type ImportBench, importTable } from './imports.ts';
import type { ServerFigures } from './load.ts';
import type { PgbenchFigures } from './pgbench.ts';

export interface ScenarioResult {
  name: string;
  label: string;
  urls: number;
  server: ServerFigures;
  pgbench: PgbenchFigures | null;
  /** server req/s ÷ pgbench transactions/s for the same SQL. */
  ratio: number | null;
  peakRssMb: number | null;
  /** The pgbench script of the scenario's first request (the server's SQL, parameters inlined). */
  sql?: string;
  note?: string;
}

export interface TargetResult {
  label: string;
  engine: 'postgres' | 'pglite';
  size: number;
  businesses: number;
  database: string;
  seededNow: number;
  seedSeconds: number;
  serverStartSeconds: number;
  /** Server processes (node:cluster) and the connections of their pools together. */
  webConcurrency?: number;
  dbPoolSize?: number;
  peakRssMb: number | null;
  scenarios: ScenarioResult[];
  /** The directory exports next to psql \copy (bench/exports.ts), when asked for. */
  exports?: ExportBench;
  /** Upload, preview and commit of a spreadsheet (bench/imports.ts), when asked for. */
  imports?: ImportBench;
  /** A bulk verify of 1,000 businesses and the list meanwhile (bench/bulk.ts), when asked for. */
  bulk?: BulkBench;
}

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  durationSeconds?: number;
  machine: {
    cpus: number;
    memoryGb: number;
    node: string;
    serverNode?: string;
    postgres?: string;
    pgbench?: string;
  };
  settings: {
    clients: number;
    seconds: number;
    warmupSeconds: number;
    requestsPerScenario: number;
    pgbenchProtocol: string;
    serverLogLevel: string;
  };
  targets: TargetResult[];
  errors: string[];
}

const num = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined || Number.isNaN(value)
    ? '—'
    : value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : num(value, value < 10 ? 2 : 1);

export function targetTable(target: TargetResult): string {
  const header =
    '| scenario | server req/s | p50 ms | p95 ms | p99 ms | errors | pgbench tps | pgbench p50 | pgbench p95 | pgbench p99 | server/pgbench | peak RSS MB |';
  const rule = `|${' --- |'.repeat(12)}`;
  const rows = target.scenarios.map((s) =>
    [
      s.label,
      num(s.server.perSecond, s.server.perSecond < 100 ? 1 : 0),
      ms(s.server.p50),
      ms(s.server.p95),
      ms(s.server.p99),
      num(s.server.errors),
      s.pgbench ? `${num(s.pgbench.perSecond, s.pgbench.perSecond < 100 ? 1 : 0)} (${s.pgbench.mode})` : '—',
      ms(s.pgbench?.p50),
      ms(s.pgbench?.p95),
      ms(s.pgbench?.p99),
      s.ratio === null ? '—' : `${Math.round(s.ratio * 100)} %`,
      num(s.peakRssMb),
    ].join(' | '),
  );
  return [header, rule, ...rows.map((row) => `| ${row} |`)].join('\n');
}

export function targetHeading(target: TargetResult): string {
  const seeded =
    target.seededNow > 0 ? `seeded ${num(target.seededNow)} now in ${target.seedSeconds} s` : 'data reused';
  return (
    `${target.label}: ${num(target.businesses)} businesses (${target.database}; ${seeded}); ` +
    `server ready in ${target.serverStartSeconds} s with WEB_CONCURRENCY=${target.webConcurrency ?? 1}` +
    `${target.dbPoolSize ? ` (DB_POOL_SIZE=${target.dbPoolSize})` : ''}, peak RSS ${num(target.peakRssMb)} MB`
  );
}

/** One row per scenario, one column per target: server req/s, p95 and the ratio to pgbench. */
export function summaryTable(results: BenchResults): string {
  const targets = results.targets;
  if (targets.length === 0) return '';
  const names = [...new Set(targets.flatMap((t) => t.scenarios.map((s) => s.name)))];
  const header = `| scenario | ${targets.map((t) => t.label).join(' | ')} |`;
  const rule = `|${' --- |'.repeat(targets.length + 1)}`;
  const rows = names.map((name) => {
    const label = targets.flatMap((t) => t.scenarios).find((s) => s.name === name)?.label ?? name;
    const cells = targets.map((t) => {
      const s = t.scenarios.find((sc) => sc.name === name);
      if (!s) return '—';
      const ratio = s.ratio === null ? '' : `, ${Math.round(s.ratio * 100)} %`;
      const errors = s.server.errors > 0 ? `, ${num(s.server.errors)} errors` : '';
      return `${num(s.server.perSecond, s.server.perSecond < 100 ? 1 : 0)}, ${ms(s.server.p95)}${ratio}${errors}`;
    });
    return `| ${label} | ${cells.join(' | ')} |`;
  });
  const rss = `| peak RSS (MB) | ${targets.map((t) => num(t.peakRssMb)).join(' | ')} |`;
  return [header, rule, ...rows, rss].join('\n');
}

export function markdown(results: BenchResults): string {
  const s = results.settings;
  const m = results.machine;
  const lines = [
    '# Bench results',
    '',
    `Run ${results.startedAt}${results.durationSeconds ? ` (${Math.round(results.durationSeconds)} s)` : ''} ` +
      `on ${m.cpus} CPUs, ${m.memoryGb} GB, Node ${m.node}${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}` +
      `${m.serverNode && m.serverNode !== m.node ? `; the server runs on Node ${m.serverNode}` : ''}. ` +
      `${s.clients} clients, ${s.seconds} s per scenario after ${s.warmupSeconds} s of warm-up, ` +
      `up to ${s.requestsPerScenario} different requests per scenario. The server is the production build ` +
      `(LOG_LEVEL=${s.serverLogLevel}); pgbench (--protocol=${s.pgbenchProtocol}) replays the SQL the server ` +
      'issued for the same requests, session lookup included (writes rolled back). With --protocol=auto, ' +
      'pgbench prepares the statements of a scenario whose statements the server prepares (every plain ' +
      'SELECT), and plans each one as it comes otherwise (searches, writes), as the server does; the ' +
      "mode is shown next to pgbench's rate. The load is wrk (one thread). Latencies in ms; " +
      "peak RSS is the VmHWM of the server's processes (the cluster's primary and workers) during the " +
      'scenario, added up. The CSV export is compared with psql \\copy of its COPY (pgbench refuses COPY).',
    '',
  ];
  if (results.targets.length > 0) {
    lines.push(
      '## Summary',
      '',
      'Each cell: server req/s, p95 ms, server ÷ pgbench.',
      '',
      summaryTable(results),
      '',
    );
  }
  for (const target of results.targets) {
    lines.push(`## ${target.label}`, '', targetHeading(target), '', targetTable(target), '');
    const notes = target.scenarios.filter((sc) => sc.note).map((sc) => `- ${sc.label}: ${sc.note}`);
    if (notes.length > 0) lines.push(...notes, '');
    if (target.exports) lines.push('### Directory exports', '', exportTables(target.exports), '');
    if (target.imports) lines.push('### Spreadsheet import', '', importTable(target.imports), '');
    if (target.bulk) lines.push('### Bulk verify', '', bulkTable(target.bulk), '');
  }
  if (results.errors.length > 0) lines.push('## Errors', '', ...results.errors.map((e) => `- ${e}`), '');
  return lines.join('\n');
}
