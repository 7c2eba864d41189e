// The spreadsheet import in the bench: upload, preview and commit of a CSV of
// BENCH_IMPORT_ROWS rows (default 100,000), half new businesses and half updates of existing ones,
// each timed, with rows/s, the server's peak RSS, and the list's p95 at 5 clients while the
// commit's job runs (BENCH_IMPORT_LIST=off: the commit alone). Run with BENCH_SCENARIOS=imports
// (PostgreSQL targets only). On a shared machine keep it small: BENCH_SIZES=10k
// BENCH_IMPORT_ROWS=2000.
import pg from 'pg';
import type { BenchRequest, LoadGenerator, ServerFigures } from './load.ts';
import type { RunningServer } from './server.ts';

export const IMPORT_SCENARIO = 'imports';
const IMPORTS = '/master/business-import/api/v1/imports';
const LOAD_CLIENTS = 5;
const LIST_WINDOW_SECONDS = 5;

export interface ImportBench {
  rows: number;
  uploadSeconds: number;
  previewSeconds: number;
  commitSeconds: number;
  commitRowsPerSecond: number;
  summary: Record<string, number>;
  peakRssMb: number | null;
  /** The peak of the one process that used the most (the one running the import's job). */
  largestProcessPeakMb: number | null;
  /** null when the list was not loaded (BENCH_IMPORT_LIST=off: the commit alone). */
  listDuringCommit: ServerFigures | null;
}

interface Options {
  server: RunningServer;
  headers: Record<string, string>;
  url: string;
  rows: number;
  load: LoadGenerator;
  listRequests: BenchRequest[];
  /** Load the list during the commit (false: time the commit alone). */
  loadList: boolean;
  print: (line: string) => void;
}

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The file: `rows / 2` updates (a new name and category for existing businesses), then new ones. */
async function buildCsv(url: string, rows: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const existing = await client.query<{ r: string; e: string; p: string; o: string }>(
    `select business_registry_number as r, business_email as e, business_phone as p, business_owner as o
       from businesses order by id limit $1`,
    [Math.floor(rows / 2)],
  );
  await client.end();
  const stamp = Date.now().toString(36);
  const lines = ['Número de registro,Nombre,Propietario,Email,Teléfono,Categoría'];
  for (const [i, b] of existing.rows.entries()) {
    lines.push([b.r, `Importado ${stamp} ${i}`, b.o, b.e, b.p, 'Colmados'].map(cell).join(','));
  }
  for (let i = existing.rows.length; i < rows; i++) {
    const phone = `939${String((Date.now() + i * 7919) % 10_000_000).padStart(7, '0')}`;
    lines.push(
      ['', `Nuevo ${stamp} ${i}`, 'Ana Ruiz', `nuevo.${stamp}.${i}@bench.test`, phone, 'Colmados'].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function call(origin: string, path: string, init: RequestInit) {
  const res = await fetch(`${origin}${path}`, init);
  const body = (await res.json()) as { import?: Record<string, unknown> } & Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function benchImports(options: Options): Promise<ImportBench> {
  const { server, headers, print } = options;
  const json = { ...headers, 'content-type': 'application/json' };
  const csv = await buildCsv(options.url, options.rows);
  server.resetPeak();

  let started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const uploaded = await call(server.origin, IMPORTS, { method: 'POST', headers, body: form });
  const uploadSeconds = (performance.now() - started) / 1000;
  const id = String(uploaded.import?.import_id);

  started = performance.now();
  const preview = await call(server.origin, `${IMPORTS}/${id}/preview`, {
    method: 'POST',
    headers: json,
    body: '{}',
  });
  const previewSeconds = (performance.now() - started) / 1000;
  print(
    `import ${options.rows} rows: upload ${uploadSeconds.toFixed(2)} s, preview ${previewSeconds.toFixed(2)} s ` +
      `(${JSON.stringify(preview.import?.summary)})`,
  );

  started = performance.now();
  await call(server.origin, `${IMPORTS}/${id}/commit`, { method: 'POST', headers: json, body: '{}' });
  let done = false;
  let finalImport: Record<string, unknown> = {};
  const waiting = (async () => {
    try {
      while (!done) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        finalImport = (await call(server.origin, `${IMPORTS}/${id}`, { headers })).import ?? {};
        if (finalImport.status === 'done' || finalImport.status === 'failed') done = true;
      }
      return (performance.now() - started) / 1000;
    } finally {
      // A failed status call also ends the list's windows below, instead of loading it forever.
      done = true;
    }
  })();
  // Handled where it is awaited; this keeps a failure meanwhile from ending the process first.
  waiting.catch(() => {});
  // The list while the job runs, in windows of LIST_WINDOW_SECONDS until it ends; the figure is
  // the window with the worst p95.
  const windows: ServerFigures[] = [];
  while (options.loadList && !done) {
    windows.push(
      await options.load.run(server.origin, options.listRequests, {
        clients: LOAD_CLIENTS,
        warmupSeconds: 0,
        seconds: LIST_WINDOW_SECONDS,
      }),
    );
  }
  const listDuringCommit = windows.reduce<ServerFigures | null>(
    (worst, each) => (worst === null || each.p95 > worst.p95 ? each : worst),
    null,
  );
  if (windows.length > 0) {
    print(
      `list p95 in each ${LIST_WINDOW_SECONDS} s of the commit: ${windows.map((w) => w.p95.toFixed(1)).join(', ')} ms`,
    );
  }
  const commitSeconds = await waiting;
  const figure: ImportBench = {
    rows: options.rows,
    uploadSeconds,
    previewSeconds,
    commitSeconds,
    commitRowsPerSecond: options.rows / commitSeconds,
    summary: (finalImport.summary as Record<string, number>) ?? {},
    peakRssMb: server.peakRssMb(),
    largestProcessPeakMb: server.largestProcessPeakMb(),
    listDuringCommit,
  };
  print(
    `import commit ${commitSeconds.toFixed(2)} s, ${Math.round(figure.commitRowsPerSecond)} rows/s, ` +
      `status ${String(finalImport.status)} ${JSON.stringify(figure.summary)}, RSS ${figure.peakRssMb ?? '?'} MB ` +
      `(largest process ${figure.largestProcessPeakMb ?? '?'} MB) | ` +
      (listDuringCommit
        ? `list at ${LOAD_CLIENTS} clients during the commit: p50 ${listDuringCommit.p50.toFixed(1)} ` +
          `worst window's p95 ${listDuringCommit.p95.toFixed(1)} ms, ${listDuringCommit.errors} errors`
        : 'no list load during the commit (BENCH_IMPORT_LIST=off)'),
  );
  return figure;
}

const num = (value: number | null, digits = 0) =>
  value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The bench's import table (Markdown). */
export function importTable(b: ImportBench): string {
  return [
    '| rows | upload s | preview s | commit s | commit rows/s | server peak RSS MB, all processes | largest process MB | list p95 ms at 5 clients during the commit |',
    `|${' --- |'.repeat(8)}`,
    `| ${num(b.rows)} | ${num(b.uploadSeconds, 2)} | ${num(b.previewSeconds, 2)} | ${num(b.commitSeconds, 2)} | ` +
      `${num(b.commitRowsPerSecond)} | ${num(b.peakRssMb)} | ${num(b.largestProcessPeakMb)} | ${num(b.listDuringCommit?.p95 ?? null, 1)} |`,
  ].join('\n');
}
