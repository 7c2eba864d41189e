// requireAdmin / requireMaster (SPEC §6): the guard every route goes through, tried with each
// kind of caller on routes of each declared access.
import { MSG } from '@portal/contract/messages';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CALLERS, type Caller, callerHeaders } from '../../test/callers.ts';
import { createTestApp } from '../../test/helpers.ts';
import { installErrorHandler } from '../http/error-handler.ts';
import { registerStaffFamily } from '../http/families.ts';
import { ACCESS_LEVELS, installGuard } from './guard.ts';

const DENIED = 'Only master users can use the test family';

describe('guard', async () => {
  const t = await createTestApp();
  const callers = await callerHeaders(t);

  const app = Fastify();
  installErrorHandler(app);
  installGuard(app, { db: t.db, secret: t.tokens.secret });
  const ok = async () => ({ success: true });
  await registerStaffFamily(app, '/test-family', async (family) => {
    family.get('/staff', { config: { access: 'staff', denied: DENIED } }, ok);
  });
  app.get('/admin/only', { config: { access: 'admin' } }, ok);
  app.get('/master/only', { config: { access: 'master' } }, ok);
  app.get('/anyone', { config: { access: 'public' } }, ok);
  await app.ready();

  const refusedToken = ['no token', 'forged', 'alg none', 'expired', 'revoked', 'pending admin'] as const;
  const expectations: Record<string, Record<Caller, number>> = {
    // requireAdmin: admin or master.
    '/admin/only': {
      ...(Object.fromEntries(refusedToken.map((c) => [c, 401])) as Record<Caller, number>),
      'active admin': 200,
      "admin with someone else's X-Admin-Id": 403,
      'master without X-Master-Key': 403,
      master: 200,
    },
    '/admin/test-family/staff': {
      ...(Object.fromEntries(refusedToken.map((c) => [c, 401])) as Record<Caller, number>),
      'active admin': 200,
      "admin with someone else's X-Admin-Id": 403,
      'master without X-Master-Key': 403,
      master: 200,
    },
    // requireMaster.
    '/master/only': {
      ...(Object.fromEntries(refusedToken.map((c) => [c, 401])) as Record<Caller, number>),
      'active admin': 403,
      "admin with someone else's X-Admin-Id": 403,
      'master without X-Master-Key': 403,
      master: 200,
    },
    '/master/test-family/staff': {
      ...(Object.fromEntries(refusedToken.map((c) => [c, 401])) as Record<Caller, number>),
      'active admin': 403,
      "admin with someone else's X-Admin-Id": 403,
      'master without X-Master-Key': 403,
      master: 200,
    },
  };

  it.each(Object.keys(expectations))('%s answers each caller as expected', async (url) => {
    for (const caller of CALLERS) {
      const res = await app.inject({ method: 'GET', url, headers: callers[caller] });
      expect(res.statusCode, `${url} as ${caller}`).toBe(expectations[url][caller]);
    }
  });

  it('says why with the SPEC §6/§8 messages', async () => {
    const get = async (url: string, caller: Caller) =>
      (await app.inject({ method: 'GET', url, headers: callers[caller] })).json().error;
    expect(await get('/master/only', 'no token')).toBe('Unauthorized: Invalid or expired session.');
    expect(await get('/master/only', 'alg none')).toBe(MSG.unauthorized);
    expect(await get('/master/only', 'active admin')).toBe('Only master users can access this service');
    expect(await get('/master/test-family/staff', 'active admin')).toBe(DENIED);
    expect(await get('/admin/only', "admin with someone else's X-Admin-Id")).toBe(
      'Admin ID does not match the session',
    );
    expect(await get('/admin/only', 'master without X-Master-Key')).toBe('Invalid master credential');
    const malformed = await app.inject({
      method: 'GET',
      url: '/admin/only',
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().error).toBe(MSG.unauthorized);
    const wrongKey = await app.inject({
      method: 'GET',
      url: '/master/only',
      headers: { ...callers.master, 'x-master-key': 'not-the-key' },
    });
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json().error).toBe('Invalid master credential');
  });

  it('lets anyone call a public route', async () => {
    for (const caller of CALLERS) {
      expect((await app.inject({ method: 'GET', url: '/anyone', headers: callers[caller] })).statusCode).toBe(
        200,
      );
    }
  });

  it('refuses at start-up a route that does not declare its access', async () => {
    const bare = Fastify();
    installGuard(bare, { db: t.db, secret: t.tokens.secret });
    expect(() => bare.get('/admin/forgotten', async () => ({}))).toThrow(/does not declare config.access/);
    expect(() => bare.get('/master/loose', { config: { access: 'admin' } }, async () => ({}))).toThrow(
      /not master-only/,
    );
    await bare.close();
  });

  it('every route of the app declares its access, and the /auth routes the right one', async () => {
    const table = t.app.routeAccess;
    for (const route of table) expect(ACCESS_LEVELS, `${route.method} ${route.url}`).toContain(route.access);
    const auth = table.filter((r) => r.url.startsWith('/auth/'));
    // The caller's own 2FA, sessions and password need a staff session; the sign-in calls are public.
    const own = (url: string) => /^\/auth\/(2fa|sessions|password)(\/|$)/.test(url);
    expect(
      auth
        .filter((r) => !own(r.url))
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'GET /auth/options',
      'POST /auth/login',
      'POST /auth/login/2fa',
      'POST /auth/login/2fa/enable',
      'POST /auth/login/2fa/setup',
      'POST /auth/logout',
      'POST /auth/refresh',
      'POST /auth/validate',
    ]);
    for (const route of auth) expect(route.access, route.url).toBe(own(route.url) ? 'admin' : 'public');
    const admins = table.filter((r) => r.url.startsWith('/master/registration/'));
    expect(admins.length).toBeGreaterThanOrEqual(12);
    for (const route of admins) expect(route.access, route.url).toBe('master');
  });
});
