// Proxies, security headers, request ids, health probes and metrics.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_MASTER, testConfig } from '../../test/helpers.ts';
import { freshDatabase } from '../../test/test-db.ts';
import { buildApp } from '../app.ts';
import { parseTrustProxy } from '../config.ts';

const login = { email: TEST_MASTER.identifier, password: TEST_MASTER.password };

describe('request ids', async () => {
  const t = await createTestApp();

  it('generates one, echoes it and puts it in error bodies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/nope/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().request_id).toBe(id);
  });

  it('keeps an incoming X-Request-Id, on success and on errors from the guard', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'lb-42.abc' },
    });
    expect(ok.headers['x-request-id']).toBe('lb-42.abc');
    const denied = await t.app.inject({
      method: 'GET',
      url: '/master/registration/api/v1/admin-registration',
      headers: { 'x-request-id': 'lb-43' },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['x-request-id']).toBe('lb-43');
    expect(denied.json().request_id).toBe('lb-43');
  });

  it('writes the id on every log line of the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const handle = await freshDatabase();
    const app = await buildApp({
      handle,
      config: testConfig(),
      secrets: { jwtSecret: new TextEncoder().encode('x'.repeat(32)), masterPasswordHash: 'unused' },
      mailer: { send: async () => {} },
      logger: { level: 'info', stream },
    });
    try {
      await app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'trace-7' } });
      const own = lines.filter((line) => line.request_id === 'trace-7');
      expect(own.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
      expect(lines.filter((line) => 'req' in line || 'res' in line).every((line) => line.request_id)).toBe(
        true,
      );
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('replaces an id that could forge a log line', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a b"c' } });
    expect(res.headers['x-request-id']).not.toBe('a b"c');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', async () => {
  const t = await createTestApp();

  it('sends a strict CSP, nosniff, no-referrer and no-store on API answers; no HSTS without a proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS behind a trusted proxy only when the request came over HTTPS', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toContain('max-age=');
    const http = await proxied.app.inject({ method: 'GET', url: '/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY', async () => {
  it('parses off, hop counts and address lists', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('off: the forwarded address is ignored', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: login,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.json().ip_address).toBe('127.0.0.1');
  });

  it('on: the session and the sign-in records name the client behind the proxy', async () => {
    for (const trustProxy of [['127.0.0.1'], 1] as const) {
      const t = await createTestApp({ trustProxy: trustProxy as string[] | number });
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: login,
        headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().ip_address).toBe('203.0.113.9');
      const session = await t.db
        .selectFrom('sessions')
        .select('ip_address')
        .where('session_id', '=', res.json().session_id)
        .executeTakeFirstOrThrow();
      expect(session.ip_address).toBe('203.0.113.9');
      const attempt = await t.db.selectFrom('login_attempts').select('ip_address').executeTakeFirstOrThrow();
      expect(attempt.ip_address).toBe('203.0.113.9');
    }
  });
});

describe('health probes', async () => {
  const t = await createTestApp();

  it('/health/live and /health/ready answer; ready says which migrations are missing', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.json()).toEqual({ success: true, status: 'live' });

    const migration = { version: '024_rate_limit_hits' } as never;
    const [row] = await t.db
      .deleteFrom('schema_migrations' as never)
      .where('version' as never, '=', '024_rate_limit_hits' as never)
      .returningAll()
      .execute();
    const pending = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toMatchObject({ success: false, pending_migrations: ['024_rate_limit_hits'] });
    expect(pending.json().request_id).toBe(pending.headers['x-request-id']);

    await t.db
      .insertInto('schema_migrations' as never)
      .values((row ?? migration) as never)
      .execute();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, status: 'ready', database: 'up' });
  });

  it('/health/ready, once ready, only pings: a migrations read cannot hold the probe', async () => {
    const app = await createTestApp();
    try {
      expect((await app.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      // Were the table read again, this would make the probe say a migration is pending.
      await app.db.deleteFrom('schema_migrations' as never).execute();
      const ready = await app.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  it('are off by default', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
  });

  it('METRICS_ENABLED: Prometheus text with requests by route and status, event-loop lag and process', async () => {
    const t = await createTestApp({ metricsEnabled: true });
    await t.app.inject({ method: 'GET', url: '/health' });
    await t.app.inject({ method: 'GET', url: '/admin/nope' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/health",status_code="200"\} 1/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1/);
    expect(res.body).toContain('http_request_duration_seconds_bucket{');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    if (t.handle.kind === 'postgres') {
      expect(res.body).toContain('db_pool_connections');
      expect(res.body).toContain('db_pipelined_statements_waiting 0');
      expect(res.body).toContain('db_batched_statements_total 0');
      expect(res.body).toContain('db_batched_reads_total 0');
    }
  });

  it('METRICS_PORT: served on that port only', async () => {
    const probe = await createTestApp();
    await probe.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (probe.app.server.address() as AddressInfo).port;
    await probe.close(); // a port that was free a moment ago

    const t = await createTestApp({ metricsPort: port });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const main = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(main.statusCode).toBe(404);
    const body = await new Promise<string>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/metrics' }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(body).toContain('http_requests_total');
    await t.close();
  });
});
