// The one fetch wrapper (DESIGN §1): auth headers (DESIGN §3), SPEC §8 errors, and on 401 one shared
// token refresh followed by one retry (SPEC §4). Every request ends within REQUEST_TIMEOUT_MS
// (runtime-config.ts): then it fails with RequestTimeoutError, a dropped connection with NetworkError.
import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import type { StoredSession } from '../session/session-storage.ts';
import { sessionStore } from '../session/session-store.ts';
import { ApiError, bodyField, NetworkError, RequestTimeoutError } from './api-error.ts';
import { startDeadline, untilAborted } from './request-deadline.ts';
import { apiBaseUrl } from './runtime-config.ts';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the session's headers (default true). */
  auth?: boolean;
  /** On 401, refresh the token once and retry once (default: same as auth). */
  refreshOn401?: boolean;
  /** Used when the failed response has neither `error` nor `message`. */
  fallbackMessage?: string;
  signal?: AbortSignal;
  /** Extra request headers (If-Match of a conditional write). */
  headers?: Record<string, string>;
  /** A longer limit than REQUEST_TIMEOUT_MS, for a call known to take long (an import's upload). */
  timeoutMs?: number;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBaseUrl()}${path}${search ? `?${search}` : ''}`;
}

export function authHeaders(session: StoredSession | null): Record<string, string> {
  if (!session) return {};
  const headers: Record<string, string> = { Authorization: `Bearer ${session.jwt}` };
  if (session.loginType === 'admin' && session.adminId !== null)
    headers['X-Admin-Id'] = String(session.adminId);
  if (session.loginType === 'master' && session.masterKey) headers['X-Master-Key'] = session.masterKey;
  return headers;
}

/** A failure of the transport: the abort (caller's or the deadline's) as it is, anything else a
 * NetworkError (offline, server down, connection dropped in the middle of the body). */
function transportError(error: unknown, signal?: AbortSignal): unknown {
  return signal?.aborted ? error : new NetworkError(error);
}

async function readBody(response: Response, signal?: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(error, signal);
  }
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function errorMessage(body: unknown, fallback: string = MSG.requestFailed): string {
  return bodyField(body, 'error') ?? bodyField(body, 'message') ?? fallback;
}

async function send(
  path: string,
  options: RequestOptions,
  session: StoredSession | null,
  signal: AbortSignal,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (options.headers) Object.assign(headers, options.headers);
  if (options.auth !== false) Object.assign(headers, authHeaders(session));
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : form
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    throw transportError(error, signal);
  }
}

let refreshInFlight: Promise<boolean> | null = null;

async function refreshToken(): Promise<boolean> {
  const session = sessionStore.getState().session;
  if (!session) return false;
  const deadline = startDeadline();
  let body: RefreshAnswer | null;
  try {
    const response = await send('/auth/refresh', { method: 'POST', auth: true }, session, deadline.signal);
    if (!response.ok) {
      const message = errorMessage(await readBody(response, deadline.signal), '');
      if (message === MSG.sessionEndedElsewhere) sessionStore.expire(true);
      return false;
    }
    body = (await readBody(response, deadline.signal)) as RefreshAnswer | null;
  } catch {
    return false;
  } finally {
    deadline.done();
  }
  if (!body?.jwt) return false;
  sessionStore.replaceToken({
    jwt: body.jwt,
    user: {
      ...session.user,
      sessionId: body.session_id ?? session.user.sessionId,
      expiresAt: typeof body.expires_at === 'number' ? body.expires_at : session.user.expiresAt,
      mustChangePassword: body.must_change_password === true,
    },
  });
  return true;
}

interface RefreshAnswer {
  jwt?: string;
  must_change_password?: boolean;
  session_id?: string;
  expires_at?: number;
}

/** One refresh at a time: concurrent 401s wait for the same answer. */
export function refreshSessionOnce(): Promise<boolean> {
  if (!refreshInFlight) {
    refreshInFlight = refreshToken().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** A 401 about the session (the guard's answer, or one without a message) is worth a refresh; a 401
 * with its own message (a wrong email-change code, SPEC §8) is the answer itself: sending it again
 * would spend another try. */
async function isSessionRejection(response: Response, signal: AbortSignal): Promise<boolean> {
  const message = errorMessage(await readBody(response.clone(), signal), '');
  return message === '' || message === MSG.unauthorized;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const deadline = startDeadline(options.signal, options.timeoutMs);
  try {
    return await request<T>(path, options, deadline.signal);
  } catch (error) {
    if (deadline.expired()) throw new RequestTimeoutError(error);
    throw error;
  } finally {
    deadline.done();
  }
}

async function request<T>(path: string, options: RequestOptions, signal: AbortSignal): Promise<T> {
  const usedSession = sessionStore.getState().session;
  let response = await send(path, options, usedSession, signal);

  const mayRefresh = options.refreshOn401 ?? options.auth !== false;
  if (response.status === 401 && mayRefresh && usedSession && (await isSessionRejection(response, signal))) {
    // Another request may already have refreshed the token we used; then just retry.
    const current = sessionStore.getState().session;
    const refreshed =
      current && current.jwt !== usedSession.jwt ? true : await untilAborted(refreshSessionOnce(), signal);
    if (!refreshed) {
      sessionStore.expire();
      throw new ApiError(MSG.sessionExpired, 401);
    }
    response = await send(path, options, sessionStore.getState().session, signal);
  }

  const body = await readBody(response, signal);
  if (!response.ok) {
    throw new ApiError(errorMessage(body, options.fallbackMessage), response.status, body);
  }
  return body as T;
}

/** `/admin/...` or `/master/...` by the signed-in login type (SPEC §6). */
export function staffPath(tail: string, invalidMessage: string = MSG.invalidLoginTypeBusinessData): string {
  const loginType = sessionStore.getState().session?.loginType;
  if (loginType !== 'admin' && loginType !== 'master') throw new ApiError(invalidMessage, 0);
  return `/${loginType}${tail.startsWith('/') ? tail : `/${tail}`}`;
}
