// Learns the SQL behind each request from a server started with bench/capture-sql.mjs: every
// request is sent twice, one at a time; the second (warm: what the server runs in steady state)
// gives the statements. That server reads the session on every request (SESSION_CACHE_MS=0,
// bench/server.ts), so each authenticated request's statements hold the guard's session lookup
// and pgbench always pays for it, as the comparison requires (a cached session would leave it out
// of every scenario captured after the first).
import { readFileSync, statSync } from 'node:fs';
import type { BenchRequest } from './load.ts';
import type { Statement } from './pgbench.ts';

/**
 * Statements of the connection itself, not of a request, and the import worker's (its queue's poll
 * and its owners' access mails' poll, each every 2 s, its purge of old imports and mails at start): one that
 * lands next to a request's statements would make pgbench plan the scenario's statements as they
 * come instead of preparing them.
 */
const BACKGROUND =
  /^\s*(listen|unlisten|set\s+(session\s+)?statement_timeout|update\s+business_imports|update\s+"?owner_access_mails"?\s|delete\s+from\s+"?owner_access_mails"?\s|delete\s+from\s+"business_imports"|select\s+pg_try_advisory_xact_lock\(hashtext\('business_imports_purge'\)\)|select\s+set_config\('(jit|plan_cache_mode)')/i;
const BEGIN = /^\s*begin\b/i;
const END = /^\s*(commit|rollback)\b/i;

type Captured = Statement & { client?: number };

/**
 * Without the background statements, and the transactions they leave empty: a BEGIN whose
 * connection's next statement ends it (another connection's statements may come in between), or
 * whose connection sends nothing else while the request runs.
 */
function ofRequests(statements: Captured[]): Statement[] {
  const kept = statements.filter((statement) => !BACKGROUND.test(statement.text));
  const neighbour = (i: number, step: 1 | -1) => {
    for (let j = i + step; j >= 0 && j < kept.length; j += step) {
      if (kept[j]!.client === kept[i]!.client) return kept[j]!.text;
    }
    return '';
  };
  // A background transaction may also begin in one request's window and end in the next one's:
  // its connection then sends nothing else in either window.
  const control = (statement: Captured) => BEGIN.test(statement.text) || END.test(statement.text);
  const working = new Set(
    kept.filter((statement) => !control(statement)).map((statement) => statement.client),
  );
  return kept
    .filter(
      (statement, i) =>
        !(control(statement) && !working.has(statement.client)) &&
        !(BEGIN.test(statement.text) && END.test(neighbour(i, 1))) &&
        !(END.test(statement.text) && BEGIN.test(neighbour(i, -1))),
    )
    .map(({ client: _client, ...statement }) => statement);
}

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

function statementsSince(file: string, offset: number): Statement[] {
  let text: string;
  try {
    text = readFileSync(file).subarray(offset).toString('utf8'); // offset in bytes
  } catch {
    return [];
  }
  return ofRequests(
    text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Captured),
  );
}

async function sendOnce(origin: string, request: BenchRequest): Promise<number> {
  const res = await fetch(origin + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  await res.arrayBuffer();
  return res.status;
}

/** The statements of each request in `requests` (same order), warm. */
export async function captureStatements(
  origin: string,
  captureFile: string,
  requests: BenchRequest[],
): Promise<{ statements: Statement[][]; statuses: number[] }> {
  const result: Statement[][] = [];
  const statuses: number[] = [];
  for (const request of requests) {
    let warm: Statement[] = [];
    let status = 0;
    for (let round = 0; round < 2; round += 1) {
      const before = sizeOf(captureFile);
      status = await sendOnce(origin, request);
      await new Promise((resolve) => setTimeout(resolve, 30)); // a statement logged just after the reply
      warm = statementsSince(captureFile, before);
    }
    statuses.push(status);
    result.push(warm);
  }
  return { statements: result, statuses };
}
