import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, masterHeaders, testConfig } from '../../test/helpers.ts';
import { freshDatabase } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { ACCESS_LEVELS } from '../auth/guard.ts';
import { ConfigError, loadConfig } from '../config.ts';

const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Portal de Administración</title>');
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.info(1)');

describe('server shell', async () => {
  const t = await createTestApp({ webDist });

  it('answers /health with the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, database: 'up' });
  });

  it('serves index.html for portal routes on reload', async () => {
    for (const url of ['/admin-dashboard', '/master/admin-registration', '/anything/else']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Portal de Administración');
    }
  });

  it('serves hashed assets with long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/nope/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'Resource not found' });
  });

  it('answers malformed JSON with 400 Invalid request data', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Invalid request data' });
    expect(res.body).not.toMatch(/at \w+ \(/); // no stack trace
  });

  it('every route declares who may call it, and refuses a caller without a session', async () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(0);
    for (const route of t.app.routeAccess) {
      expect(ACCESS_LEVELS).toContain(route.access);
      if (route.url.startsWith('/master/')) expect(['master', 'staff']).toContain(route.access);
      if (route.access === 'public') continue;
      const url = route.url.replace(/:[a-zA-Z_]+/g, 'REG000001').replace('*', 'x');
      const res = await t.app.inject({ method: route.method as 'GET', url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers odd path parameters and queries with a client error, never a 500', async () => {
    const master = await masterHeaders(t);
    const oddValues = ['x', "REG1' or '1'='1", '%E2%82%AC', '99999999999999999999', '-1', 'null'];
    for (const route of t.app.routeAccess) {
      if (route.method !== 'GET' || !route.url.startsWith('/master/') || !route.url.includes(':')) continue;
      for (const value of oddValues) {
        const url = `${route.url.replace(/:[a-zA-Z_]+/g, value)}?limit=abc&offset=-5&search=%00`;
        const res = await t.app.inject({ method: 'GET', url, headers: master });
        expect(res.statusCode, `GET ${url}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().error, `GET ${url}`).toBe('string');
      }
    }
  });

  it('answers malformed bodies on every write route with a client error, never a 500', async () => {
    const master = await masterHeaders(t);
    const bodies = [{}, [], { x: 1 }, 'text', { new_value: 'yes', access_type: 1, verified_email: 'si' }];
    for (const route of t.app.routeAccess) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      for (const body of bodies) {
        const url = route.url.replace(/:[a-zA-Z_]+/g, 'REG000001');
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: master,
          payload: body,
        });
        expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });

  it('serves OpenAPI JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('configuration', () => {
  it('refuses production without its secrets, naming the missing one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x' })).toThrow(/MASTER_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: 'production', MASTER_PASSWORD: 'x' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'production', MASTER_PASSWORD: 'a', JWT_SECRET: 'b'.repeat(32) }).production,
    ).toBe(true);
  });

  it('refuses a production JWT_SECRET shorter than 32 characters', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', MASTER_PASSWORD: 'a', JWT_SECRET: 'b'.repeat(31) }),
    ).toThrow(/JWT_SECRET must be at least 32 characters/);
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      masterIdentifier: 'master',
      publicRateLimit: 60,
      loginIpLimit: 30,
      dbConnectTimeoutMs: 5_000,
      dbStatementTimeoutMs: 15_000,
    });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      dbConnectTimeoutMs: 2_000,
      dbStatementTimeoutMs: 0,
    });
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with the database down, not a 500', async () => {
    const handle = await freshDatabase();
    const app = await buildApp({
      handle,
      config: testConfig(),
      secrets: { jwtSecret: new TextEncoder().encode('x'.repeat(32)), masterPasswordHash: 'unused' },
      mailer: { send: async () => {} },
    });
    await handle.close();
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, database: 'down' });
    await app.close();
  });
});
