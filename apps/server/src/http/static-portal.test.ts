import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { isPortalRoute, PORTAL_ROUTES } from './static-portal.ts';

const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal de Administración</title>');

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
