// How database failures are classified, in one place (DESIGN §3: a fault answers 503 with
// Retry-After, never a 500, a hang or a crash). PostgreSQL (node-postgres) and PGlite fail the same
// way: a SQLSTATE in `code`, or a driver error without one.
// - unavailable: the database is down, unreachable or refusing work for now; stop and retry later;
// - conflict: this transaction lost to a concurrent one and was rolled back; the same work can be
//   tried again at once (the database is fine, so the work after it goes on);
// - connection-spoiling: the connection that got it must not be lent again.

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

/** serialization_failure, deadlock_detected, lock_not_available (lock_timeout, NOWAIT). */
const CONFLICT_SQLSTATES = new Set(['40001', '40P01', '55P03']);

/**
 * A connection that got one of these is in a state the next borrower must not inherit: one that
 * lands on a demoted primary or a standby (read_only_sql_transaction) stays there until it is
 * closed, whatever DNS or a proxy say now; one the server is terminating (57P01-57P03) or whose
 * link failed (class 08) is going anyway.
 */
const CONNECTION_SQLSTATES = new Set(['25006', '57P01', '57P02', '57P03']);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

const codeOf = (error: Error) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** True when `test` holds for the error or one it wraps (cause, AggregateError). */
function inChain(error: unknown, test: (error: Error) => boolean, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  if (test(error)) return true;
  const inner = [error.cause, ...(error instanceof AggregateError ? error.errors : [])];
  return inner.some((cause) => inChain(cause, test, depth + 1));
}

/** Node's own error when an HTTP client hangs up mid-request (http.IncomingMessage 'aborted'):
 * the same ECONNRESET code, but no database is involved. */
const isClientAbort = (error: Error) => codeOf(error) === 'ECONNRESET' && error.message === 'aborted';

const unavailable = (error: Error) => {
  if (isClientAbort(error)) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code)) return true;
    if (CONNECTION_EXCEPTION.test(code)) return true;
  }
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
};

/** The database is down, unreachable, or refusing work for now (503 with Retry-After). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return inChain(error, unavailable);
}

/** The transaction lost to a concurrent one and was rolled back: trying again may well pass. */
export function isTransactionConflict(error: unknown): boolean {
  return inChain(error, (each) => CONFLICT_SQLSTATES.has(codeOf(each) ?? ''));
}

/** The connection that got this error must be closed, not returned to its pool. */
export function spoilsConnection(error: unknown): boolean {
  return inChain(error, (each) => {
    const code = codeOf(each) ?? '';
    return CONNECTION_SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code);
  });
}

/**
 * The statement failed on the values it was given (SQLSTATE class 22, data exception) or on its
 * own text (42, syntax error or access rule violation): the database itself is fine.
 */
export function isStatementError(error: unknown): boolean {
  return inChain(error, (each) => /^(22|42)/.test(codeOf(each) ?? ''));
}
