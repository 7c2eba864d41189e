import { LOCK_RELEASE_ACTION, LOCKOUT_MSG } from '@portal/contract/admin-lockout';
import { ADMIN_MSG } from '@portal/contract/admin-registration';
import { SESSION } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CALLERS, callerHeaders } from '../../../test/callers.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../../test/helpers.ts';

const BASE = '/master/registration/api/v1/admin-lockout';
const ADMINS = '/master/registration/api/v1/admin-registration';
const WRONG_PASSWORD = 'Wrong#Pass1';

describe('admin lockout API', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  let ipCounter = 0;
  const nextIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  const login = (email: string, password: string, remoteAddress = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      remoteAddress,
    });
  const call = (method: 'GET' | 'DELETE', path: string, headers: Headers = master) =>
    t.app.inject({
      method,
      url: `${BASE}${path}`,
      headers: { ...headers, 'user-agent': 'Vitest lockout' },
      remoteAddress: '10.99.0.7',
    });
  // A lock is per (identifier, address) (docs/decisions/003-login-lockout.md): one guesser's address.
  const GUESSER = '203.0.113.50';
  const failTimes = async (email: string, times: number, ip = GUESSER) => {
    for (let i = 0; i < times; i++) expect((await login(email, WRONG_PASSWORD, ip)).statusCode).toBe(401);
  };
  const releaseLogs = (adminId: number) =>
    sql<{
      action: string;
      actor_role: string;
      actor_identifier: string;
      details: Record<string, unknown>;
      ip_address: string;
      user_agent: string;
    }>`select * from staff_actions where target_admin_id = ${adminId} and action = ${LOCK_RELEASE_ACTION} order by id`
      .execute(t.db)
      .then((result) => result.rows);

  it('is master only: refused for anonymous callers, admins and broken credentials', async () => {
    const callers = await callerHeaders(t);
    const { admin } = await createAdmin(t, 'active');
    for (const [method, path] of [
      ['GET', '/health'],
      ['GET', ''],
      ['GET', `/${admin.admin_id}`],
      ['DELETE', `/${admin.admin_id}`],
    ] as const) {
      for (const caller of CALLERS) {
        const res = await call(method, path, callers[caller]);
        if (caller === 'master') expect(res.statusCode, `${method} ${path} as ${caller}`).toBe(200);
        else expect([401, 403], `${method} ${path} as ${caller}`).toContain(res.statusCode);
      }
      expect((await call(method, path, {})).statusCode).toBe(401);
      const asAdmin = await call(method, path, callers['active admin']);
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json().error).toBe(MSG.onlyMasterAdminAccounts);
    }
    const routes = t.app.routeAccess.filter((route) => route.url.startsWith(BASE));
    const declared = new Set(routes.map((route) => `${route.method} ${route.url.replace(/\/$/, '')}`));
    expect([...declared].sort()).toEqual([
      `DELETE ${BASE}/:id`,
      `GET ${BASE}`,
      `GET ${BASE}/:id`,
      `GET ${BASE}/health`,
    ]);
    for (const route of routes) expect(route.access).toBe('master');
  });

  it('answers 404 for an unknown admin and 400 for a malformed id', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const missing = await call(method, '/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe(ADMIN_MSG.notFound);
      expect((await call(method, '/abc')).statusCode).toBe(400);
    }
  });

  it('shows the lock after 5 failed sign-ins, with its end, and releases it so the admin signs in', async () => {
    const { admin, password } = await createAdmin(t, 'active');
    const path = `/${admin.admin_id}`;
    expect((await call('GET', path)).json()).toEqual({
      success: true,
      admin_id: admin.admin_id,
      locked: false,
      locked_until: null,
    });

    await failTimes(admin.admin_email, SESSION.loginFailuresBeforeLock - 1);
    expect((await call('GET', path)).json().locked).toBe(false);
    const before = Date.now();
    await failTimes(admin.admin_email, 1);
    expect((await login(admin.admin_email, password, GUESSER)).statusCode).toBe(429);

    const state = (await call('GET', path)).json();
    expect(state).toMatchObject({ success: true, admin_id: admin.admin_id, locked: true });
    const until = new Date(state.locked_until).getTime();
    expect(until).toBeGreaterThan(before + SESSION.loginLockSeconds * 1000 - 5_000);
    expect(until).toBeLessThanOrEqual(Date.now() + SESSION.loginLockSeconds * 1000);

    const list = (await call('GET', '')).json();
    expect(list.lockouts).toContainEqual({
      admin_id: admin.admin_id,
      admin_email: admin.admin_email,
      locked_until: state.locked_until,
    });

    const released = await call('DELETE', path);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({
      success: true,
      message: LOCKOUT_MSG.released,
      admin_id: admin.admin_id,
      locked: false,
      locked_until: null,
      was_locked: true,
      cleared_failures: SESSION.loginFailuresBeforeLock,
    });
    expect((await call('GET', path)).json().locked).toBe(false);
    expect((await call('GET', '')).json().lockouts).not.toContainEqual(
      expect.objectContaining({ admin_id: admin.admin_id }),
    );
    expect((await login(admin.admin_email, password, GUESSER)).statusCode).toBe(200);
  });

  it('logs the release like other staff actions: who, from where, and what the lock was', async () => {
    const { admin } = await createAdmin(t, 'active');
    await failTimes(admin.admin_email, SESSION.loginFailuresBeforeLock);
    const lockedUntil = (await call('GET', `/${admin.admin_id}`)).json().locked_until;
    expect((await call('DELETE', `/${admin.admin_id}`)).statusCode).toBe(200);

    const logs = await releaseLogs(admin.admin_id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      action: LOCK_RELEASE_ACTION,
      actor_role: 'master',
      actor_identifier: 'Master',
      ip_address: '10.99.0.7',
      user_agent: 'Vitest lockout',
    });
    expect(logs[0]!.details).toMatchObject({
      target_identifier: admin.admin_email.toLowerCase(),
      was_locked: true,
      locked_until: lockedUntil,
      cleared_failures: SESSION.loginFailuresBeforeLock,
    });
    expect(logs[0]!.details.failure_ip_addresses).toEqual([GUESSER]);
  });

  it('releases only that admin: other identifiers keep their failures and locks', async () => {
    const first = await createAdmin(t, 'active');
    const second = await createAdmin(t, 'active');
    await failTimes(first.admin.admin_email, SESSION.loginFailuresBeforeLock);
    await failTimes(second.admin.admin_email, SESSION.loginFailuresBeforeLock);
    expect((await call('DELETE', `/${first.admin.admin_id}`)).statusCode).toBe(200);
    expect((await call('GET', `/${second.admin.admin_id}`)).json().locked).toBe(true);
    expect((await login(second.admin.admin_email, second.password, GUESSER)).statusCode).toBe(429);
  });

  it('shows the latest lock of the identifier from any address, and a release ends them all', async () => {
    const { admin, password } = await createAdmin(t, 'active');
    await failTimes(admin.admin_email, SESSION.loginFailuresBeforeLock, '203.0.113.51');
    const first = (await call('GET', `/${admin.admin_id}`)).json().locked_until;
    await failTimes(admin.admin_email, SESSION.loginFailuresBeforeLock, '203.0.113.52');
    const state = (await call('GET', `/${admin.admin_id}`)).json();
    expect(state.locked).toBe(true);
    expect(new Date(state.locked_until).getTime()).toBeGreaterThanOrEqual(new Date(first).getTime());
    // The owner, from an address of their own, is not locked out.
    expect((await login(admin.admin_email, password)).statusCode).toBe(200);
    expect((await call('GET', `/${admin.admin_id}`)).json().locked).toBe(true);

    const released = (await call('DELETE', `/${admin.admin_id}`)).json();
    expect(released).toMatchObject({
      was_locked: true,
      cleared_failures: 2 * SESSION.loginFailuresBeforeLock,
    });
    for (const ip of ['203.0.113.51', '203.0.113.52'])
      expect((await login(admin.admin_email, password, ip)).statusCode).toBe(200);
  });

  it('finds the lock of an admin whose email has capitals (sign-ins are recorded lower-cased)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: ADMINS,
      headers: master,
      payload: {
        admin_first_name: 'Lucía',
        admin_last_name: 'Mayúsculas',
        admin_email: `Lucia.Mayus.${Date.now()}@Portal.Test`,
        admin_password: 'Segura#2026',
        access_status: 'active',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const admin = created.json().admin as { admin_id: number; admin_email: string };
    await failTimes(admin.admin_email.toLowerCase(), SESSION.loginFailuresBeforeLock);
    expect((await call('GET', `/${admin.admin_id}`)).json().locked).toBe(true);
    expect((await call('GET', '')).json().lockouts).toContainEqual(
      expect.objectContaining({ admin_id: admin.admin_id }),
    );
  });

  it('a release without a lock is harmless, says so, and is logged too', async () => {
    const { admin, password } = await createAdmin(t, 'active');
    await failTimes(admin.admin_email, 2);
    const res = await call('DELETE', `/${admin.admin_id}`);
    expect(res.json()).toMatchObject({
      success: true,
      message: LOCKOUT_MSG.notLocked,
      locked: false,
      was_locked: false,
      cleared_failures: 2,
    });
    expect(await releaseLogs(admin.admin_id)).toHaveLength(1);
    expect((await login(admin.admin_email, password)).statusCode).toBe(200);
  });
});
