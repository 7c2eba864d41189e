// The database's own limit for a request whose SQL is a COPY (the CSV export): pgbench refuses
// COPY ('COPY is not supported'), so the same statement runs as `psql \copy … to '/dev/null'`, as
// the exports bench compares (bench/exports.ts): `clients` loops at once for `seconds`, each
// running one psql after another, timed from the outside (psql's start and connection included,
// as a download includes its HTTP request); their times give the rate and the percentiles.
import { spawn } from 'node:child_process';
import { figures } from './load.ts';
import type { PgbenchFigures, Statement } from './pgbench.ts';

const COPY_TO_STDOUT = /^\s*COPY\s+([\s\S]+?)\s+TO\s+STDOUT\b([\s\S]*)$/i;

/** The COPY … TO STDOUT among a request's statements, as a one-line psql \copy to /dev/null. */
export function psqlCopyOf(statements: Statement[]): string | undefined {
  for (const statement of statements) {
    const match = COPY_TO_STDOUT.exec(statement.text);
    if (match) return `\\copy ${match[1]} to '/dev/null'${match[2]}`.replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

/** One `psql -c command`, timed from the outside as exports.ts does (its start and connection included). */
function psqlOnce(url: string, command: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error) => reject(new Error(`psql could not start (${error.message})`)));
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`psql \\copy: ${errors.trim()}`)),
    );
  });
}

/** One client: `command` again and again until `stopAt`; the time of each run, in ms. */
async function session(url: string, command: string, stopAt: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < stopAt) times.push(await psqlOnce(url, command));
  return times;
}

/** `clients` loops of psql running `command` for `seconds`: figures comparable with pgbench's. */
export async function runPsqlCopy(options: {
  url: string;
  command: string;
  clients: number;
  seconds: number;
}): Promise<PgbenchFigures> {
  const started = performance.now();
  const stopAt = Date.now() + options.seconds * 1000;
  const sessions = await Promise.all(
    Array.from({ length: options.clients }, () => session(options.url, options.command, stopAt)),
  );
  return { ...figures(sessions.flat(), performance.now() - started, 0), mode: 'psql \\copy' };
}
