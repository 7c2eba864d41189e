// The database's own limit for a scenario: the statements the server issued for its requests
// (captured by bench/capture-sql.mjs), replayed by pgbench at the same concurrency. One script per
// request; pgbench picks among them at random with equal weight. Per-transaction logs give the
// percentiles.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Figures, figures } from './load.ts';

export interface Statement {
  text: string;
  /** Parameters as node-postgres sends them (text, null, or bytea as hex). */
  values: (string | null | { bytea: string })[];
  cursor?: boolean;
}

const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|end|rollback|savepoint|release)\b/i;
const WRITE = /^\s*(with\b[\s\S]*\b)?(insert|update|delete|merge)\b/i;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function literal(value: Statement['values'][number], fresh: boolean): string {
  if (value === null) return 'NULL';
  // A new row's key (login's session id) must differ between the clients running it at once.
  if (fresh && typeof value === 'string' && UUID.test(value)) return 'gen_random_uuid()';
  if (typeof value === 'object') return `'\\x${value.bytea}'::bytea`;
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * One statement with its parameters written in as literals (untyped, as node-postgres sends them);
 * in an INSERT, a UUID becomes gen_random_uuid().
 */
export function inline(statement: Statement): string {
  const fresh = /^\s*insert\b/i.test(statement.text);
  const text = statement.text.replace(/\$(\d+)/g, (_, n: string) =>
    literal(statement.values[Number(n) - 1] ?? null, fresh),
  );
  return `${text.replace(/\s+/g, ' ').trim().replace(/;$/, '')};`;
}

/**
 * A pgbench script for one request. The server's own transaction control is dropped; a request
 * that ran in a transaction runs in one here too, and a request that writes (login) is rolled
 * back so the bench leaves no rows behind: the database still does all of the work but the commit.
 */
export function toScript(statements: Statement[]): string {
  const hadTransaction = statements.some((s) => TRANSACTION_CONTROL.test(s.text));
  const body = statements.filter((s) => !TRANSACTION_CONTROL.test(s.text));
  const writes = body.some((s) => WRITE.test(s.text));
  const lines = body.map(inline);
  if (writes) return ['BEGIN;', ...lines, 'ROLLBACK;', ''].join('\n');
  if (hadTransaction) return ['BEGIN;', ...lines, 'COMMIT;', ''].join('\n');
  return [...lines, ''].join('\n');
}

export interface PgbenchFigures extends Figures {
  mode: string;
}

/** Runs `scripts` (SQL text) through pgbench for `seconds` with `clients` connections. */
export async function runPgbench(options: {
  url: string;
  scripts: string[];
  clients: number;
  seconds: number;
  mode: string;
  dir: string;
}): Promise<PgbenchFigures> {
  rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true });
  const files = options.scripts.map((script, i) => {
    const file = join(options.dir, `script-${i + 1}.sql`);
    writeFileSync(file, script);
    return file;
  });
  const args = [
    '--no-vacuum',
    `--client=${options.clients}`,
    '--jobs=2',
    `--time=${options.seconds}`,
    `--protocol=${options.mode}`,
    '--log',
    `--log-prefix=${join(options.dir, 'txn')}`,
    ...files.flatMap((file) => ['-f', `${file}@1`]),
    options.url,
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('pgbench', args, { cwd: options.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      text += chunk;
    });
    child.on('error', (error) =>
      reject(new Error(`pgbench could not start (${error.message}); install PostgreSQL's client tools`)),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve(text)
        : reject(new Error(`pgbench ended with exit code ${code}:\n${text.slice(-2000)}`)),
    );
  });

  // Per-transaction log lines: client_id transaction_no time_us script_no epoch epoch_us
  const times: number[] = [];
  for (const name of readdirSync(options.dir).filter((file) => file.startsWith('txn.'))) {
    for (const line of readFileSync(join(options.dir, name), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (Number.isFinite(micros) && line !== '') times.push(micros / 1000);
    }
  }
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  const failed = /number of failed transactions: (\d+)/.exec(output);
  const result = figures(times, options.seconds * 1000, Number(failed?.[1] ?? 0));
  return {
    ...result,
    perSecond: tps ? Math.round(Number(tps[1]) * 10) / 10 : result.perSecond,
    mode: options.mode,
  };
}
