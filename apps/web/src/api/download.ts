// File downloads (CSV exports) through the same auth headers and 401 -> refresh -> retry as apiRequest.
// The server must start answering within REQUEST_TIMEOUT_MS, and then never fall silent that long
// while the file arrives (a large export may take longer as a whole).
import { MSG } from '@portal/contract/messages';
import { sessionStore } from '../session/session-store.ts';
import { ApiError, NetworkError, RequestTimeoutError } from './api-error.ts';
import { authHeaders, buildUrl, errorMessage, refreshSessionOnce } from './http-client.ts';
import { type Deadline, startDeadline, untilAborted } from './request-deadline.ts';

interface IdleDeadline extends Deadline {
  /** Starts the wait again: the server just sent another piece of the file. */
  restart(): void;
}

/** A deadline on the silence between two pieces of the answer, not on the whole download. */
function idleDeadline(caller?: AbortSignal): IdleDeadline {
  const controller = new AbortController();
  let phase: Deadline | undefined;
  const restart = () => {
    phase?.done();
    const current = startDeadline(caller);
    const abort = () => controller.abort(current.signal.reason);
    if (current.signal.aborted) abort();
    else current.signal.addEventListener('abort', abort);
    phase = current;
  };
  restart();
  return {
    signal: controller.signal,
    restart,
    expired: () => phase?.expired() ?? false,
    done: () => phase?.done(),
  };
}

type Query = Record<string, string | number | boolean | null | undefined>;

async function fetchOnce(url: string, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { headers: authHeaders(sessionStore.getState().session), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new NetworkError(error);
  }
}

async function fetchWithSession(url: string, signal: AbortSignal): Promise<Response> {
  const session = sessionStore.getState().session;
  const response = await fetchOnce(url, signal);
  if (response.status !== 401 || !session) return response;
  if (!(await untilAborted(refreshSessionOnce(), signal))) {
    sessionStore.expire();
    throw new ApiError(MSG.sessionExpired, 401);
  }
  return fetchOnce(url, signal);
}

async function readWithProgress(
  response: Response,
  deadline: IdleDeadline,
  onProgress?: (bytes: number) => void,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'text/csv';
  if (!response.body) return new Blob([await response.text()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    deadline.restart();
    chunks.push(value);
    received += value.byteLength;
    onProgress?.(received);
  }
  return new Blob(chunks as BlobPart[], { type });
}

async function readError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return new ApiError(errorMessage(body), response.status, body);
}

/** Fetches `path` within the deadline; a timeout is a RequestTimeoutError, a dropped connection a
 * NetworkError, the caller's own abort stays an AbortError. */
async function fetchFile(
  url: string,
  signal: AbortSignal | undefined,
  onProgress?: (bytes: number) => void,
): Promise<Blob> {
  const deadline = idleDeadline(signal);
  try {
    const response = await fetchWithSession(url, deadline.signal);
    if (!response.ok) throw await readError(response);
    return await readWithProgress(response, deadline, onProgress);
  } catch (error) {
    if (deadline.expired()) throw new RequestTimeoutError(error);
    if (error instanceof ApiError || error instanceof NetworkError || deadline.signal.aborted) throw error;
    throw new NetworkError(error);
  } finally {
    deadline.done();
  }
}

/** Fetches `path` and saves it as `filename`; `onProgress` gets the bytes received so far. */
export async function downloadFile(
  path: string,
  filename: string,
  options: { query?: Query; onProgress?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const blob = await fetchFile(buildUrl(path, options.query), options.signal, options.onProgress);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
