// Security headers worked out once: every kind of answer carries the very headers
// @fastify/helmet used to write on each request, CSP included, word for word.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, masterHeaders } from '../../test/helpers.ts';
import { helmetHeaders } from './security-headers.ts';

/** What @fastify/helmet 13 sent with this configuration (captured from the server before the change). */
const HELMET_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
    "img-src 'self' data:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';" +
    "form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const webDist = mkdtempSync(join(tmpdir(), 'portal-headers-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js'), 'export {};');

describe('security headers', async () => {
  const t = await createTestApp({ webDist });
  const master = await masterHeaders(t);

  it('are helmet’s, by helmet’s names', () => {
    const headers = helmetHeaders();
    expect(Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(
      HELMET_HEADERS,
    );
    expect(headers.map(([name]) => name)).toContain('Content-Security-Policy');
  });

  it('come with an API answer, an error, a 404, the portal’s HTML and a static asset', async () => {
    const answers = {
      api: await t.app.inject({
        method: 'GET',
        url: '/master/business-data/api/v1/business-data?limit=1',
        headers: master,
      }),
      unauthorized: await t.app.inject({ method: 'GET', url: '/master/business-data/api/v1/business-data' }),
      malformed: await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      }),
      missing: await t.app.inject({ method: 'GET', url: '/no/such/thing' }),
      portal: await t.app.inject({ method: 'GET', url: '/' }),
      asset: await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' }),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([kind, res]) => [kind, res.statusCode]));
    expect(statuses).toEqual({
      api: 200,
      unauthorized: 401,
      malformed: 400,
      missing: 404,
      portal: 200,
      asset: 200,
    });
    for (const [kind, res] of Object.entries(answers)) {
      expect(res.headers, kind).toMatchObject(HELMET_HEADERS);
      expect(res.headers['strict-transport-security'], kind).toBeUndefined();
    }
    expect(answers.api.headers['cache-control']).toBe('no-store');
    expect(answers.portal.headers['cache-control']).toBe('no-cache');
    expect(answers.asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
