import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { isPortalRoute, PORTAL_ROUTES } from './static-portal.ts';

const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
const INDEX = '<!doctype html><title>Portal de Administración</title>';
writeFileSync(join(webDist, 'index.html'), INDEX);
writeFileSync(join(webDist, 'index.html.br'), brotliCompressSync(INDEX));
// A hashed asset as the build leaves it: the file and its precompressed copies.
const SCRIPT = `console.log(${JSON.stringify('portal '.repeat(200))});`;
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js'), SCRIPT);
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(webDist, 'assets/plain-Zz99Yy88.css'), 'body{margin:0}');

describe('isPortalRoute', () => {
  it('knows the routes of SPEC §2, with or without a trailing slash, and nothing else', () => {
    expect(isPortalRoute('/')).toBe(true);
    expect(isPortalRoute('/admin-dashboard/')).toBe(true);
    expect(isPortalRoute('/master/admin-registration')).toBe(true);
    expect(isPortalRoute('/master/registration/api/v1/admin-registration')).toBe(false);
    expect(isPortalRoute('/admin/business-data/api/v1/business-data')).toBe(false);
  });
});

describe('portal HTML without an Accept header', async () => {
  const t = await createTestApp({ webDist });
  afterAll(() => t.close());

  it('GET / answers the HTML to a caller that sends no Accept (curl, a load balancer probe)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Portal de Administración');
  });

  it('every portal route answers its HTML to Accept */* and to HEAD', async () => {
    for (const url of PORTAL_ROUTES) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?tab=buscar`, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
    }
  });

  it('unknown API paths and unknown pages without text/html stay 404 JSON', async () => {
    for (const url of ['/admin/nope/api/v1/nothing', '/no-such-page', '/master/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, error: 'Resource not found' });
    }
  });
});

describe('compressed, cacheable assets', async () => {
  const t = await createTestApp({ webDist });
  afterAll(() => t.close());
  const asset = '/assets/index-Ab12Cd34.js';

  it('sends the brotli file when the browser accepts it, with Content-Encoding and Vary', async () => {
    const res = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('a file without precompressed copies is sent as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/plain-Zz99Yy88.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}');
  });

  it('hashed assets are immutable for a year; index.html is revalidated on every load', async () => {
    const res = await t.app.inject({ method: 'GET', url: asset });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/', '/admin-dashboard']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('a missing asset is still a 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/missing-00000000.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(404);
  });
});
