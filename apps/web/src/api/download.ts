// File downloads (CSV exports) through the same auth headers and 401 -> refresh -> retry as apiRequest.
import { sessionStore } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';
import { authHeaders, buildUrl, errorMessage, refreshSessionOnce } from './http-client.ts';

type Query = Record<string, string | number | boolean | null | undefined>;

async function fetchWithSession(url: string, signal?: AbortSignal): Promise<Response> {
  const session = sessionStore.getState().session;
  const response = await fetch(url, { headers: authHeaders(session), signal });
  if (response.status !== 401 || !session) return response;
  if (!(await refreshSessionOnce())) {
    sessionStore.expire();
    throw new ApiError('Session expired', 401);
  }
  return fetch(url, { headers: authHeaders(sessionStore.getState().session), signal });
}

async function readWithProgress(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'text/csv' });
}

/** Fetches `path` and saves it as `filename`; `onProgress` gets the bytes received so far. */
export async function downloadFile(
  path: string,
  filename: string,
  options: { query?: Query; onProgress?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  const response = await fetchWithSession(buildUrl(path, options.query), options.signal);
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(errorMessage(body), response.status, body);
  }
  const blob = await readWithProgress(response, options.onProgress);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
