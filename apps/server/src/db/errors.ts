// Which database failures mean "the database is unavailable right now" (DESIGN §3: 503 with
// Retry-After, never a hang or a crash). PostgreSQL (node-postgres) and PGlite fail the same way:
// a SQLSTATE in `code`, or a driver error without one.

/** Stopped, restarting, crashed or too busy: admin_shutdown, crash_shutdown, cannot_connect_now,
 * query_canceled (statement_timeout), too_many_connections; and read_only_sql_transaction (a
 * primary demoted by a failover, or default_transaction_read_only): no write can succeed there
 * until it is writable again. Class 08 is added below. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '25006']);

/** Network failures (Node) and our own client-side deadline (postgres-pool.ts). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'DB_DEADLINE',
  'DB_SHUTDOWN',
]);

/** Driver errors that carry no code (node-postgres, pg-pool, Kysely, PGlite). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // lost mid-query, or the connect timeout
  /^timeout exceeded when trying to connect/, // no pooled connection freed in time
  /is not queryable/, // a client whose connection already broke
  /^Query read timeout/,
  /^Cannot use a pool after calling end/,
  /^driver has already been destroyed/,
  /^PGlite is closed/,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  // Node's own error when an HTTP client hangs up mid-request (http.IncomingMessage 'aborted'):
  // the same ECONNRESET code, but no database is involved.
  if (code === 'ECONNRESET' && error.message === 'aborted') return false;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true; // connection_exception
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  const inner = [error.cause, ...(error instanceof AggregateError ? error.errors : [])];
  return inner.some((cause) => isDatabaseUnavailable(cause, depth + 1));
}
