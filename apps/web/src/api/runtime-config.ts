// Where the API lives. Same origin by default; a deployment may set window.__PORTAL_CONFIG__ = { apiBaseUrl }
// from a script it serves before the bundle, without rebuilding the portal.
declare global {
  interface Window {
    __PORTAL_CONFIG__?: { apiBaseUrl?: string };
  }
}

/** How long any request of the portal may wait for the server before it gives up. */
export const REQUEST_TIMEOUT_MS = 10_000;

export function apiBaseUrl(): string {
  const configured = typeof window === 'undefined' ? undefined : window.__PORTAL_CONFIG__?.apiBaseUrl;
  return (configured ?? '').replace(/\/+$/, '');
}
