// The guard's short session cache: a hit skips the database, and every change that ends a session
// (logout, revocation, suspension, deletion) is refused by the very next request to this process.
import { describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, masterHeaders } from '../../test/helpers.ts';
import { ConfigError, loadConfig } from '../config.ts';
import type { AuthContext } from './session.service.ts';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.ts';

const LIST = '/admin/business-data/api/v1/business-data?limit=1';

describe('SessionCache', () => {
  const claims = { sid: 'session-1', sub: '7', login_type: 'admin' as const };
  const auth = (expiresInMs: number, now: number): AuthContext => ({
    loginType: 'admin',
    adminId: 7,
    sessionId: 'session-1',
    email: 'ana@example.com',
    actor: 'ana@example.com',
    expiresAt: new Date(now + expiresInMs),
    masterKeyHash: null,
  });

  it(`keeps a session for ${SESSION_CACHE_TTL_MS} ms at most, and never past its expiry`, () => {
    const cache = new SessionCache();
    const now = 1_000_000;
    cache.set(claims, auth(60_000, now), cache.ticket(), now);
    expect(cache.get(claims, now + SESSION_CACHE_TTL_MS - 1)?.adminId).toBe(7);
    expect(cache.get(claims, now + SESSION_CACHE_TTL_MS)).toBeUndefined();

    cache.set(claims, auth(500, now), cache.ticket(), now);
    expect(cache.get(claims, now + 499)).toBeDefined();
    expect(cache.get(claims, now + 500)).toBeUndefined();
  });

  it('keeps nothing when SESSION_CACHE_MS is 0; the setting is 2 s by default, at most a minute', () => {
    const off = new SessionCache(loadConfig({ SESSION_CACHE_MS: '0' }).sessionCacheMs);
    off.set(claims, auth(60_000, Date.now()), off.ticket());
    expect(off.get(claims)).toBeUndefined();

    expect(loadConfig({}).sessionCacheMs).toBe(2_000);
    expect(loadConfig({ SESSION_CACHE_MS: '60000' }).sessionCacheMs).toBe(60_000);
    for (const value of ['60001', '-1', 'dos']) {
      expect(() => loadConfig({ SESSION_CACHE_MS: value })).toThrow(ConfigError);
    }
  });

  it('answers only for the subject and kind of sign-in it was read for', () => {
    const cache = new SessionCache();
    cache.set(claims, auth(60_000, Date.now()), cache.ticket());
    expect(cache.get({ ...claims, sub: '8' })).toBeUndefined();
    expect(cache.get({ ...claims, login_type: 'master' })).toBeUndefined();
    expect(cache.get(claims)).toBeDefined();
  });

  it('drops what a notice names, and does not keep a read that a notice overtook', () => {
    const cache = new SessionCache();
    cache.set(claims, auth(60_000, Date.now()), cache.ticket());
    cache.onNotice('a:7');
    expect(cache.get(claims)).toBeUndefined();

    cache.set(claims, auth(60_000, Date.now()), cache.ticket());
    cache.onNotice('s:session-1');
    expect(cache.get(claims)).toBeUndefined();

    const ticket = cache.ticket(); // a read starts...
    cache.onNotice('s:another-session'); // ...a change commits meanwhile...
    cache.set(claims, auth(60_000, Date.now()), ticket); // ...its answer may predate it
    expect(cache.get(claims)).toBeUndefined();
  });
});

describe('guard with the session cache', async () => {
  const t = await createTestApp();

  const status = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: LIST, headers })).statusCode;

  it('refuses a session at once after its logout', async () => {
    const headers = await masterHeaders(t);
    expect(await status(headers)).toBe(200); // now cached
    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout', headers, payload: {} });
    expect(logout.statusCode).toBe(200);
    expect(await status(headers)).toBe(401);
  });

  it('refuses at once an admin suspended, deleted, or whose session is revoked or removed', async () => {
    const suspended = await createAdmin(t);
    const deleted = await createAdmin(t);
    const revoked = await createAdmin(t);
    const removed = await createAdmin(t);
    for (const caller of [suspended, deleted, revoked, removed])
      expect(await status(caller.headers)).toBe(200);

    await t.db
      .updateTable('admins')
      .set({ access_status: 'suspended' })
      .where('admin_id', '=', suspended.admin.admin_id)
      .execute();
    await t.db.deleteFrom('admins').where('admin_id', '=', deleted.admin.admin_id).execute();
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('session_id', '=', revoked.session.sessionId)
      .execute();
    await t.db.deleteFrom('sessions').where('session_id', '=', removed.session.sessionId).execute();

    for (const caller of [suspended, deleted, revoked, removed])
      expect(await status(caller.headers)).toBe(401);
  });
});
