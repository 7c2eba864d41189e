// One shape for every failure (DESIGN §3): { success: false, error, message, details?, request_id }.
// Client errors carry a SPEC §8 message; a database that is down or not answering, or a
// transaction that lost to a concurrent one (deadlock, serialization failure), is a 503 with
// Retry-After; anything unexpected is logged and answered as 500.

import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { MSG } from '@portal/contract/messages';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/errors.ts';
import { HttpError } from './http-error.ts';

/** What a client is told to wait before trying again while the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** A transaction conflict is over once the other transaction ends: a retry may pass at once. */
const CONFLICT_RETRY_AFTER_SECONDS = 1;
const UNAVAILABLE_LOG_EVERY_MS = 10_000;

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
  // request_id: the X-Request-Id of this answer (http/request-id.ts), so a report can be matched
  // to the server's log lines.
  const requestId = reply.request.id;
  reply.header('x-request-id', requestId);
  return reply
    .status(statusCode)
    .send({ success: false, error: message, message, ...extra, request_id: requestId });
}

const FOREIGN_KEY_VIOLATION = '23503';

// PostgreSQL error codes that are the client's fault, not ours.
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, MSG.dataAlreadyExists], // unique_violation
  // foreign_key_violation: every foreign key cascades on delete, so this is a row naming a parent
  // that is gone (a business deleted while content was being added to it). When the parent gone is
  // the caller's own account, the caller is signed out instead (sendMissingParent).
  [FOREIGN_KEY_VIOLATION]: [404, MSG.resourceNotFound],
  '23514': [400, MSG.invalidRequestData], // check_violation
  '23502': [400, MSG.invalidRequestData], // not_null_violation
  '22001': [400, MSG.invalidRequestData], // string_data_right_truncation
  '22P02': [400, MSG.invalidRequestData], // invalid_text_representation
  '22007': [400, MSG.invalidRequestData], // invalid_datetime_format
  '22008': [400, MSG.invalidRequestData], // datetime_field_overflow
  '22009': [400, MSG.invalidRequestData], // invalid_time_zone_displacement_value (a six-digit year)
  '22003': [400, MSG.invalidRequestData], // numeric_value_out_of_range
  '22021': [400, MSG.invalidRequestData], // character_not_in_repertoire (a NUL in text)
  '22P05': [400, MSG.invalidRequestData], // untranslatable_character
};

/** The status and SPEC message a PostgreSQL error that is the client's fault answers, if it is one. */
export const clientDatabaseError = (error: unknown): [number, string] | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? PG_CLIENT_ERRORS[code] : undefined;
};

/** 503 with Retry-After; one warning per interval, not an error line per request. */
export function sendUnavailable(reply: FastifyReply, error: unknown, extra: Record<string, unknown> = {}) {
  warnUnavailable(reply, error);
  return sendRetryLater(reply, UNAVAILABLE_RETRY_AFTER_SECONDS, extra);
}

/**
 * 503 with a short Retry-After for a transaction the database rolled back because it lost to a
 * concurrent one: nothing of it was written. A warning each (with this request's id), no stack.
 */
function sendConflict(reply: FastifyReply, error: unknown) {
  const { code, message } = error as { code?: string; message?: string };
  reply.log.warn({ code, cause: message }, 'transaction conflict: answering 503');
  return sendRetryLater(reply, CONFLICT_RETRY_AFTER_SECONDS);
}

function sendRetryLater(reply: FastifyReply, seconds: number, extra: Record<string, unknown> = {}) {
  reply.header('retry-after', String(seconds));
  return sendError(reply, 503, MSG.serviceUnavailable, extra);
}

/** When each app last warned (per app, so one app's warning does not silence another's). */
const lastUnavailableWarning = new WeakMap<object, number>();
function warnUnavailable(reply: FastifyReply, error: unknown) {
  const now = Date.now();
  if (now - (lastUnavailableWarning.get(reply.server) ?? 0) < UNAVAILABLE_LOG_EVERY_MS) return;
  lastUnavailableWarning.set(reply.server, now);
  const { code, message } = error as { code?: string; message?: string };
  reply.log.warn({ code, cause: message }, 'database unavailable: answering 503');
}

/**
 * The client hung up before its request was read, or its connection is gone: nobody is left to
 * answer. Node fails the body stream with its own ECONNRESET ('aborted'), which is no database
 * network error.
 */
function clientWentAway(request: FastifyRequest): boolean {
  return request.raw.readableAborted || request.raw.socket?.destroyed === true;
}

function logClientGone(log: FastifyBaseLogger, error: { code?: string; message?: string }) {
  log.debug({ code: error.code, cause: error.message }, 'client closed the connection: no answer sent');
}

/**
 * A write naming a parent that is gone. If the caller's own account is gone (deleted after the
 * guard let the request in), their session is over: the guard's 401, which the portal treats as
 * signed out. Any other parent gone (a business deleted meanwhile) is the 404.
 */
async function sendMissingParent(
  request: FastifyRequest,
  reply: FastifyReply,
  callerGone: (request: FastifyRequest) => Promise<boolean>,
  [status, message]: [number, string],
) {
  // A failure of this check leaves the 404: the write was refused either way.
  if (await callerGone(request).catch(() => false)) return sendError(reply, 401, MSG.unauthorized);
  return sendError(reply, status, message);
}

export interface ErrorHandlerOptions {
  /** Whether the request's caller has lost their account since the guard let them in (auth/guard.ts). */
  callerGone?: (request: FastifyRequest) => Promise<boolean>;
}

export function installErrorHandler(app: FastifyInstance, { callerGone }: ErrorHandlerOptions = {}) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    if (error instanceof HttpError) {
      const retryAfter = error.extra.retry_after_seconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return sendError(reply, error.statusCode, error.message, error.extra);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? MSG.invalidRequestData,
      }));
      return sendError(reply, 400, details[0]?.message ?? MSG.invalidRequestData, { details });
    }

    if (clientWentAway(request)) {
      logClientGone(request.log, error);
      // Settles Fastify's request (its hooks and counters) without writing to the closed socket.
      return reply.hijack();
    }

    if (isDatabaseUnavailable(error)) return sendUnavailable(reply, error);
    if (isTransactionConflict(error)) return sendConflict(reply, error);

    const pgError = clientDatabaseError(error);
    if (pgError && error.code === FOREIGN_KEY_VIOLATION && callerGone)
      return sendMissingParent(request, reply, callerGone, pgError);
    if (pgError) return sendError(reply, pgError[0], pgError[1]);

    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, 429, MSG.tooManyRequests);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large, ...: never echo internals.
      return sendError(reply, status === 415 || status === 413 ? status : 400, MSG.invalidRequestData);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, MSG.internalServerError);
  });
}

/**
 * Errors Fastify answers before any route or hook runs (malformed percent-encoding in the path:
 * 400, an over-long path parameter: 414): our shape instead of Fastify's default body.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500) return sendError(reply, 500, MSG.internalServerError);
  return sendError(reply, status, MSG.invalidRequestData);
}

/**
 * Errors Node raises on a connection before Fastify has a request (a body that does not arrive
 * within REQUEST_TIMEOUT_MS, a malformed request line): our error shape, then the socket closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const [status, reason, message] = timedOut
    ? [408, 'Request Timeout', MSG.requestTimeout]
    : [400, 'Bad Request', MSG.invalidRequestData];
  const requestId = randomUUID();
  const body = JSON.stringify({ success: false, error: message, message, request_id: requestId });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `X-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
