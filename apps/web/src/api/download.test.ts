import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../session/session-store.ts';
import { adminSession } from '../test/session-fixtures.ts';
import { NetworkError, RequestTimeoutError } from './api-error.ts';
import { downloadFile } from './download.ts';
import { REQUEST_TIMEOUT_MS } from './runtime-config.ts';

/** A CSV answer whose body sends `pieces` at the given moments (ms after the headers), then ends
 * (or stays open for ever when `end` is false); it errors as browsers do when the signal aborts. */
function streamingServer(pieces: number[], end: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
          for (const at of pieces)
            setTimeout(() => controller.enqueue(new TextEncoder().encode('a,b\r\n')), at);
          if (end) setTimeout(() => controller.close(), Math.max(0, ...pieces) + 1);
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } });
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStore.signIn(adminSession());
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('downloadFile ends', () => {
  it('a server that falls silent in the middle of the file fails with a timeout', async () => {
    streamingServer([0], false);
    const outcome = downloadFile('/admin/export', 'x.csv').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1);
    expect(await outcome).toBeInstanceOf(RequestTimeoutError);
  });

  it('a long download that keeps sending is not cut', async () => {
    const step = REQUEST_TIMEOUT_MS * 0.6;
    streamingServer([step, 2 * step, 3 * step], true);
    const onProgress = vi.fn();
    const outcome = downloadFile('/admin/export', 'x.csv', { onProgress });
    await vi.advanceTimersByTimeAsync(3 * step + 10);
    await expect(outcome).resolves.toBeUndefined();
    expect(onProgress).toHaveBeenCalledTimes(3);
  });

  it('a server that cannot be reached is a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(downloadFile('/admin/export', 'x.csv')).rejects.toBeInstanceOf(NetworkError);
  });
});
