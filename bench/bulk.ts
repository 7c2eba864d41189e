// The bulk verify in the bench: one POST …/business-data/bulk verifying 1,000
// businesses, timed; and the list's latency at 5 clients while such calls run one after another.
// Run with BENCH_SCENARIOS=bulk (PostgreSQL targets only). The businesses are the newest 1,000
// with an unverified email (GET …/registry-numbers); each call flips their email flag, so every
// call changes 1,000 rows (1,000 change-log rows and 1,001 staff-audit rows); the last call puts
// the flag back as it was.
import type { BenchRequest, LoadGenerator, ServerFigures } from './load.ts';
import type { RunningServer } from './server.ts';

/** The name BENCH_SCENARIOS selects this with. */
export const BULK_SCENARIO = 'bulk';

const BASE = '/master/business-data/api/v1/business-data';
const LOAD_CLIENTS = 5;
/** Timed calls before the load figure: the median is kept. */
const TIMED_RUNS = 3;

export interface BulkBench {
  businesses: number;
  /** Seconds of each timed call, and their median. */
  seconds: number[];
  medianSeconds: number;
  failedLines: number;
  underLoad: { clients: number; list: ServerFigures; bulkCallsFinished: number; peakRssMb: number | null };
}

interface Options {
  server: RunningServer;
  headers: Record<string, string>;
  load: LoadGenerator;
  /** The list scenario's requests, measured while bulk verifies run. */
  listRequests: BenchRequest[];
  seconds: number;
  print: (line: string) => void;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function registryNumbers(options: Options): Promise<string[]> {
  const res = await fetch(`${options.server.origin}${BASE}/registry-numbers?verified_email=false`, {
    headers: options.headers,
  });
  if (!res.ok) throw new Error(`registry-numbers: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { registry_numbers: string[] }).registry_numbers;
}

/** One bulk verify: its seconds and how many lines failed. */
async function bulkVerify(options: Options, registries: string[], verified: boolean) {
  const started = performance.now();
  const res = await fetch(`${options.server.origin}${BASE}/bulk`, {
    method: 'POST',
    headers: { ...options.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'verify', registry_numbers: registries, verified_email: verified }),
  });
  const body = (await res.json()) as { summary?: { failed: number } };
  if (!res.ok || !body.summary) throw new Error(`bulk verify: HTTP ${res.status} ${JSON.stringify(body)}`);
  return { seconds: (performance.now() - started) / 1000, failed: body.summary.failed };
}

export async function benchBulk(options: Options): Promise<BulkBench> {
  const registries = await registryNumbers(options);
  if (registries.length === 0) throw new Error('bulk: no business with an unverified email to verify');
  let verified = false;
  const flip = async () => {
    verified = !verified;
    return bulkVerify(options, registries, verified);
  };

  const seconds: number[] = [];
  let failedLines = 0;
  for (let run = 0; run < TIMED_RUNS; run += 1) {
    const call = await flip();
    seconds.push(call.seconds);
    failedLines += call.failed;
    options.print(
      `bulk verify of ${registries.length} businesses: ${call.seconds.toFixed(2)} s, ${call.failed} failed lines`,
    );
  }

  let running = true;
  let finished = 0;
  const verifying = (async () => {
    while (running) {
      const call = await flip();
      failedLines += call.failed;
      if (running) finished += 1;
    }
  })();
  options.server.resetPeak();
  let underLoad: BulkBench['underLoad'];
  try {
    const list = await options.load.run(options.server.origin, options.listRequests, {
      clients: LOAD_CLIENTS,
      warmupSeconds: 1,
      seconds: options.seconds,
    });
    underLoad = {
      clients: LOAD_CLIENTS,
      list,
      bulkCallsFinished: finished,
      peakRssMb: options.server.peakRssMb(),
    };
  } finally {
    running = false;
    await verifying.catch(() => {});
  }
  // The flags as they were: unverified.
  if (verified) await flip();
  const bench = {
    businesses: registries.length,
    seconds,
    medianSeconds: median(seconds),
    failedLines,
    underLoad,
  };
  options.print(
    `list (no search) at ${LOAD_CLIENTS} clients during bulk verifies of ${registries.length}: ` +
      `p50 ${underLoad.list.p50.toFixed(1)} p95 ${underLoad.list.p95.toFixed(1)} ms, ` +
      `${Math.round(underLoad.list.perSecond)} req/s, ${underLoad.list.errors} errors, ` +
      `${underLoad.bulkCallsFinished} bulk calls finished, RSS ${underLoad.peakRssMb ?? '?'} MB`,
  );
  return bench;
}

const num = (value: number | null, digits = 0) =>
  value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The bench's bulk table (Markdown). */
export function bulkTable(bench: BulkBench): string {
  const l = bench.underLoad;
  return [
    '| businesses | seconds per call (median) | calls timed | failed lines | list p50 ms while running | list p95 ms | list req/s | list errors | bulk calls during the load | server peak RSS MB |',
    `|${' --- |'.repeat(10)}`,
    `| ${num(bench.businesses)} | ${num(bench.medianSeconds, 2)} | ${bench.seconds.length} | ${num(bench.failedLines)} | ` +
      `${num(l.list.p50, 1)} | ${num(l.list.p95, 1)} | ${num(l.list.perSecond)} | ${num(l.list.errors)} | ` +
      `${l.bulkCallsFinished} | ${num(l.peakRssMb)} |`,
  ].join('\n');
}
