// File downloads (CSV and XLSX exports) through the same auth headers and 401 -> refresh -> retry as
// apiRequest. Progress: the bytes so far, and for a CSV the rows so far (its line ends counted as they
// arrive) of the total the server announces (x-export-total), when it does.
// The server must start answering within REQUEST_TIMEOUT_MS, and then never fall silent that long
// while the file arrives (a large export may take longer as a whole).
import { EXPORT_TOTAL_HEADER } from '@portal/contract/export-files';
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

/** An export's progress: rows are counted for a CSV only (a line end each, less the header's). */
export interface DownloadProgress {
  bytes: number;
  rows: number | null;
  total: number | null;
}

type ProgressListeners = {
  onProgress?: (bytes: number) => void;
  onRows?: (progress: DownloadProgress) => void;
};

/** What a caller of an export passes on to downloadFile: progress and cancellation. */
export type DownloadOptions = ProgressListeners & { signal?: AbortSignal };

const LINE_FEED = 10;

function lineEnds(chunk: Uint8Array): number {
  let count = 0;
  for (let i = chunk.indexOf(LINE_FEED); i !== -1; i = chunk.indexOf(LINE_FEED, i + 1)) count += 1;
  return count;
}

async function readWithProgress(
  response: Response,
  deadline: IdleDeadline,
  listeners: ProgressListeners,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'text/csv';
  if (!response.body) return new Blob([await response.text()], { type });
  const announced = Number(response.headers.get(EXPORT_TOTAL_HEADER) ?? Number.NaN);
  const total = Number.isFinite(announced) ? announced : null;
  const csv = type.startsWith('text/csv');
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    deadline.restart();
    chunks.push(value);
    received += value.byteLength;
    listeners.onProgress?.(received);
    if (csv) lines += lineEnds(value);
    listeners.onRows?.({ bytes: received, rows: csv ? Math.max(0, lines - 1) : null, total });
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
  listeners: ProgressListeners,
): Promise<Blob> {
  const deadline = idleDeadline(signal);
  try {
    const response = await fetchWithSession(url, deadline.signal);
    if (!response.ok) throw await readError(response);
    return await readWithProgress(response, deadline, listeners);
  } catch (error) {
    if (deadline.expired()) throw new RequestTimeoutError(error);
    if (error instanceof ApiError || error instanceof NetworkError || deadline.signal.aborted) throw error;
    throw new NetworkError(error);
  } finally {
    deadline.done();
  }
}

/**
 * Fetches `path` and saves it as `filename`; `onProgress` gets the bytes received so far, `onRows`
 * the rows too (DownloadProgress). Aborting `signal` stops the download (the server frees its
 * database connection at once).
 */
export async function downloadFile(
  path: string,
  filename: string,
  options: { query?: Query; signal?: AbortSignal } & ProgressListeners = {},
): Promise<void> {
  saveBlob(await fetchFile(buildUrl(path, options.query), options.signal, options), filename);
}

/** Hands `blob` to the browser as a downloaded file named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
