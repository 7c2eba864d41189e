// Where the API lives. Same origin by default; a deployment may set window.__PORTAL_CONFIG__ = { apiBaseUrl }
// from a script it serves before the bundle, without rebuilding the portal.
declare global {
  interface Window {
    __PORTAL_CONFIG__?: { apiBaseUrl?: string; requestTimeoutMs?: number };
  }
}

/** How long any request of the portal may wait for the server before it gives up (issue #21). A
 * deployment may shorten it with window.__PORTAL_CONFIG__.requestTimeoutMs, never lengthen it. */
export const REQUEST_TIMEOUT_MS = 10_000;

export function apiBaseUrl(): string {
  const configured = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__?.apiBaseUrl;
  return (configured ?? '').replace(/\/+$/, '');
}

export function requestTimeoutMs(): number {
  const configured = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__?.requestTimeoutMs;
  return typeof configured === 'number' && configured > 0
    ? Math.min(configured, REQUEST_TIMEOUT_MS)
    : REQUEST_TIMEOUT_MS;
}
