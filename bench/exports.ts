// The directory exports in the bench: the 10,000-row export and every business
// (all=true), as CSV and XLSX, each timed next to `psql \copy` of the same SELECT in the same run
// (the server's CSV is that COPY, so the share of \copy's rate is the server's whole overhead),
// with the server's peak RSS; and the list's latency at 5 clients while 1M-row exports run.
// Run with BENCH_SCENARIOS=exports (PostgreSQL targets only).
import { spawn } from 'node:child_process';
import { directoryCsvSelect } from '../apps/server/src/modules/business-data/directory-export.repository.ts';
import type { BenchRequest, LoadGenerator, ServerFigures } from './load.ts';
import type { RunningServer } from './server.ts';

/** The name BENCH_SCENARIOS selects these with. */
export const EXPORT_SCENARIO = 'exports';

const EXPORT_PATH = '/master/business-data/api/v1/business-data/export';
/** Downloads of the 10,000-row exports (and \copy runs) per figure: the median is kept. */
const SMALL_RUNS = 5;
const LOAD_CLIENTS = 5;

export interface ExportFigure {
  label: string;
  format: 'csv' | 'xlsx';
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number | null;
  /** psql \copy of the same SELECT to /dev/null: seconds and rows/s (CSV only). */
  copySeconds: number | null;
  copyRowsPerSecond: number | null;
  /** The export's rows/s ÷ \copy's. */
  shareOfCopy: number | null;
}

export interface ExportLoadFigure {
  label: string;
  clients: number;
  list: ServerFigures;
  exportsFinished: number;
  peakRssMb: number | null;
}

export interface ExportBench {
  figures: ExportFigure[];
  underLoad: ExportLoadFigure[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Downloads one export to nowhere: its seconds, bytes and the rows the server announced. */
async function download(origin: string, query: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(`${origin}${EXPORT_PATH}?${query}`, { headers });
  if (!res.ok || !res.body) throw new Error(`export ${query}: HTTP ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  return {
    seconds: (performance.now() - started) / 1000,
    bytes,
    rows: Number(res.headers.get('x-export-total') ?? Number.NaN),
  };
}

/** `psql \copy (select) to '/dev/null'`, timed from the outside like the server's download. */
async function psqlCopy(url: string, select: string): Promise<number> {
  const command = `\\copy (${select.replace(/\s+/g, ' ')}) to '/dev/null' with (format csv, force_quote *)`;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql \\copy: ${errors.trim()}`))));
  });
  return (performance.now() - started) / 1000;
}

interface Options {
  server: RunningServer;
  headers: Record<string, string>;
  url: string;
  load: LoadGenerator;
  /** The list scenario's requests, measured while 1M-row exports run. */
  listRequests: BenchRequest[];
  seconds: number;
  print: (line: string) => void;
}

async function measure(options: Options, all: boolean, format: 'csv' | 'xlsx'): Promise<ExportFigure> {
  const { server, url } = options;
  const query = `format=${format}${all ? '&all=true' : ''}`;
  const runs = all ? 1 : SMALL_RUNS;
  const downloads = [];
  server.resetPeak();
  for (let i = 0; i < runs; i++) downloads.push(await download(server.origin, query, options.headers));
  const peakRssMb = server.peakRssMb();
  const seconds = median(downloads.map((d) => d.seconds));
  const rows = downloads[0]!.rows;
  let copySeconds: number | null = null;
  if (format === 'csv') {
    const select = directoryCsvSelect({}, all ? null : 10_000, 0);
    const copies = [];
    for (let i = 0; i < runs; i++) copies.push(await psqlCopy(url, select));
    copySeconds = median(copies);
  }
  const rowsPerSecond = rows / seconds;
  const copyRowsPerSecond = copySeconds ? rows / copySeconds : null;
  const figure: ExportFigure = {
    label: `${all ? 'every business (all=true)' : '10,000 rows'}, ${format.toUpperCase()}`,
    format,
    rows,
    bytes: downloads[0]!.bytes,
    seconds,
    rowsPerSecond,
    peakRssMb,
    copySeconds,
    copyRowsPerSecond,
    shareOfCopy: copyRowsPerSecond ? rowsPerSecond / copyRowsPerSecond : null,
  };
  options.print(
    `export ${figure.label.padEnd(34)} ${figure.seconds.toFixed(2)} s, ${Math.round(rowsPerSecond)} rows/s, ` +
      `RSS ${peakRssMb ?? '?'} MB` +
      (copySeconds
        ? ` | \\copy ${copySeconds.toFixed(2)} s, share ${Math.round((figure.shareOfCopy ?? 0) * 100)} %`
        : ''),
  );
  return figure;
}

/** The list at LOAD_CLIENTS clients while 1M-row exports of `format` run one after another. */
async function listDuringExports(options: Options, format: 'csv' | 'xlsx'): Promise<ExportLoadFigure> {
  const { server } = options;
  let running = true;
  let finished = 0;
  const exporting = (async () => {
    while (running) {
      await download(server.origin, `format=${format}&all=true`, options.headers);
      if (running) finished += 1;
    }
  })();
  server.resetPeak();
  try {
    const list = await options.load.run(server.origin, options.listRequests, {
      clients: LOAD_CLIENTS,
      warmupSeconds: 1,
      seconds: options.seconds,
    });
    const figure = {
      label: `list (no search) at ${LOAD_CLIENTS} clients during 1M ${format.toUpperCase()} exports`,
      clients: LOAD_CLIENTS,
      list,
      exportsFinished: finished,
      peakRssMb: server.peakRssMb(),
    };
    options.print(
      `${figure.label}: p50 ${list.p50.toFixed(1)} p95 ${list.p95.toFixed(1)} ms, ${Math.round(list.perSecond)} req/s, ` +
        `${list.errors} errors, RSS ${figure.peakRssMb ?? '?'} MB`,
    );
    return figure;
  } finally {
    running = false;
    await exporting.catch(() => {});
  }
}

export async function benchExports(options: Options): Promise<ExportBench> {
  const figures: ExportFigure[] = [];
  for (const all of [false, true]) {
    for (const format of ['csv', 'xlsx'] as const) figures.push(await measure(options, all, format));
  }
  const underLoad = [await listDuringExports(options, 'csv'), await listDuringExports(options, 'xlsx')];
  return { figures, underLoad };
}

const num = (value: number | null, digits = 0) =>
  value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The bench's export tables (Markdown). */
export function exportTables(bench: ExportBench): string {
  const head =
    '| export | rows | MB | seconds | rows/s | server peak RSS MB | psql \\copy s | \\copy rows/s | share of \\copy |';
  const rows = bench.figures.map(
    (f) =>
      `| ${f.label} | ${num(f.rows)} | ${num(f.bytes / 1e6, 1)} | ${num(f.seconds, 2)} | ${num(f.rowsPerSecond)} | ` +
      `${num(f.peakRssMb)} | ${num(f.copySeconds, 2)} | ${num(f.copyRowsPerSecond)} | ` +
      `${f.shareOfCopy === null ? '—' : `${Math.round(f.shareOfCopy * 100)} %`} |`,
  );
  const loadHead =
    '| while | list req/s | p50 ms | p95 ms | errors | exports finished | server peak RSS MB |';
  const loadRows = bench.underLoad.map(
    (l) =>
      `| ${l.label} | ${num(l.list.perSecond)} | ${num(l.list.p50, 1)} | ${num(l.list.p95, 1)} | ` +
      `${num(l.list.errors)} | ${l.exportsFinished} | ${num(l.peakRssMb)} |`,
  );
  return [head, `|${' --- |'.repeat(9)}`, ...rows, '', loadHead, `|${' --- |'.repeat(7)}`, ...loadRows].join(
    '\n',
  );
}
