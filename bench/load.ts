// HTTP load from wrk (Debian's package), a C load generator: the figures are the server's, not
// the cost of a Node client sharing the machine's two cores with it. A Node client on a worker
// thread took about as much CPU per request as the server itself, which capped the list at a
// third of what the server answers (579 against ~1,750 req/s at 100k).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

export interface ServerFigures extends Figures {
  /** What the errors were (wrk counts 4xx/5xx answers as `status`). */
  errorKinds: Record<string, number>;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Latency figures (ms) and the rate over `wallMs`. */
export function figures(times: number[], wallMs: number, errors: number): Figures {
  const sorted = Float64Array.from(times).sort();
  return {
    requests: times.length,
    perSecond: round(wallMs > 0 ? (times.length / wallMs) * 1000 : 0),
    p50: round(percentile(sorted, 50), 2),
    p95: round(percentile(sorted, 95), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.at(-1) ?? Number.NaN, 2),
    errors,
  };
}

/** A Lua string literal: printable ASCII as is, every other byte as \ddd. */
function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte >= 0x20 && byte < 0x7f && char !== '"' && char !== '\\' ? char : `\\${byte}`;
  }
  return `${out}"`;
}

/**
 * The wrk script: the requests, taken in turn by every connection (one wrk thread, so one shared
 * counter), and a JSON line of figures at the end (latencies from wrk's histogram, in µs).
 */
function luaScript(requests: BenchRequest[]): string {
  const entries = requests.map((request) => {
    const headers = Object.entries(request.headers)
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ');
    const body = request.body === undefined ? 'nil' : luaString(request.body);
    return `  { ${luaString(request.method)}, ${luaString(request.path)}, { ${headers} }, ${body} },`;
  });
  return `local requests = {
${entries.join('\n')}
}
local formatted = {}
local n = 0
init = function(args)
  for i, r in ipairs(requests) do formatted[i] = wrk.format(r[1], r[2], r[3], r[4]) end
end
request = function()
  n = n + 1
  return formatted[(n - 1) % #formatted + 1]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nWRK_JSON {"requests":%d,"duration_us":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
`;
}

interface WrkResult {
  requests: number;
  duration_us: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

/** Installs wrk from Debian's packages when it is missing and we are root; otherwise says how. */
export function ensureWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return;
  if (process.getuid?.() !== 0) {
    throw new Error('the bench needs wrk (HTTP load generator): sudo apt-get install -y wrk');
  }
  process.stdout.write('installing wrk from Debian packages\n');
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'wrk'],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

function wrk(origin: string, script: string, clients: number, seconds: number): Promise<WrkResult> {
  // One thread is plenty for 20 connections and leaves the cores to the server and PostgreSQL.
  const args = ['-t1', `-c${clients}`, `-d${seconds}s`, '--timeout', '60s', '-s', script, origin];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = /WRK_JSON (\{.*\})/.exec(out);
      if (code === 0 && line) resolve(JSON.parse(line[1]!) as WrkResult);
      else reject(new Error(`wrk ${args.join(' ')} ended with code ${code}:\n${out.slice(-2000)}`));
    });
  });
}

export class LoadGenerator {
  private runs = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  /** `clients` connections loop over `requests` for a warm-up, then `seconds` of measurement. */
  async run(
    origin: string,
    requests: BenchRequest[],
    options: { clients: number; warmupSeconds: number; seconds: number },
  ): Promise<ServerFigures> {
    const script = join(this.dir, `load-${++this.runs}.lua`);
    writeFileSync(script, luaScript(requests));
    if (options.warmupSeconds > 0) await wrk(origin, script, options.clients, options.warmupSeconds);
    const result = await wrk(origin, script, options.clients, options.seconds);
    const ms = (us: number) => round(us / 1000, 2);
    const errorKinds = Object.fromEntries(
      (['connect', 'read', 'write', 'status', 'timeout'] as const)
        .filter((kind) => result[kind] > 0)
        .map((kind) => [kind, result[kind]]),
    );
    return {
      requests: result.requests,
      perSecond: round(result.duration_us > 0 ? result.requests / (result.duration_us / 1e6) : 0),
      p50: ms(result.p50),
      p95: ms(result.p95),
      p99: ms(result.p99),
      max: ms(result.max),
      errors: Object.values(errorKinds).reduce((sum, n) => sum + n, 0),
      errorKinds,
    };
  }
}
