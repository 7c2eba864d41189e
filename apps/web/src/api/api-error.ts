// Errors the API client raises: the message SPEC §8 "Generic" asks for, plus what a screen may need.
// `message` is what a person reads (Spanish once signed in, lib/message-translator.ts); logic that
// depends on what the server said reads `serverMessage` or `status`.
import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import { serverErrorText } from '../lib/message-translator.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The server's own words (SPEC's English), for logic; never shown as such. */
  readonly serverMessage: string;

  constructor(serverMessage: string, status: number, body: unknown = null) {
    super(serverErrorText(serverMessage, status, bodyField(body, 'request_id')));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

/** The server refused what was asked (a filter it does not take): asking again gets the same answer. */
export const isRefusedRequest = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 400 || error.status === 422);

/** The request never got an answer (server down, offline, CORS); SPEC's Spanish connection error,
 * the login page's too (a text the login page downloads anyway). */
export class NetworkError extends Error {
  constructor(cause?: unknown, message: string = MSG.loginConnectionError) {
    super(message, { cause });
    this.name = 'NetworkError';
  }
}

/** The server did not answer within REQUEST_TIMEOUT_MS (runtime-config.ts). */
export class RequestTimeoutError extends NetworkError {
  constructor(cause?: unknown) {
    super(cause, 'El servidor no respondió a tiempo. Intente de nuevo.');
    this.name = 'RequestTimeoutError';
  }
}

export function bodyField(body: unknown, field: string): string | undefined {
  if (body && typeof body === 'object' && field in body) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}
