// The database's own limit for a request whose SQL is a COPY (the CSV export): pgbench refuses
// COPY ('COPY is not supported'), so the same statement runs as `psql \copy … to '/dev/null'`, as
// the exports bench compares (bench/exports.ts): `clients` psql sessions at once, each repeating
// it with \timing on for `seconds`; the times psql prints give the rate and the percentiles.
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

/** One psql session repeating `command` until `stopAt`; the time of each run, in ms. */
function session(url: string, command: string, stopAt: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const times: number[] = [];
    let pending = '';
    let errors = '';
    const next = () => {
      if (Date.now() >= stopAt) child.stdin.end();
      else child.stdin.write(`${command}\n`);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^Time: ([\d.]+) ms/.exec(line);
        if (!match) continue;
        times.push(Number(match[1]));
        next();
      }
    });
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    child.on('error', (error) => reject(new Error(`psql could not start (${error.message})`)));
    child.on('exit', (code) =>
      code === 0 ? resolve(times) : reject(new Error(`psql \\copy: ${errors.trim()}`)),
    );
    child.stdin.write('\\timing on\n');
    next();
  });
}

/** `clients` psql sessions running `command` for `seconds`: figures comparable with pgbench's. */
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
