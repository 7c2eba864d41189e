// A route that never answers, over the fake fetch: only the request's own deadline ends it.
import { vi } from 'vitest';

/** `METHOD /path` hangs until its signal aborts (REQUEST_TIMEOUT_MS: a RequestTimeoutError); the
 * other routes go to the fetch installed before. */
export function neverAnswer(key: string) {
  const answered = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://portal.test');
    if (`${init?.method ?? 'GET'} ${pathname}` !== key) return answered(input, init);
    return new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  });
}
