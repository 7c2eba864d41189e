// My sessions across two real server processes on one fresh PostgreSQL database: the session list
// is the same from either, and a session ended on one (by its owner, by 'end the others', or by the
// master) is refused by the other within a moment, although the other had it in its cache.
// PostgreSQL only: runs in the PostgreSQL pass (TEST_DB=postgres with TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { activeAdminBody, answerSoon, PROCESS_MASTER, twoServers } from '../../test/server-processes.ts';

const ADMINS = '/master/registration/api/v1/admin-registration';
const PASSWORD = 'Sesiones-Procesos#2026';
type Json = Record<string, unknown>;
type Headers = Record<string, string>;

const servers = twoServers('portal_sessions_', { LOGIN_IP_LIMIT: '1000' });

async function call(origin: string, method: string, path: string, headers: Headers = {}, body?: unknown) {
  const res = await fetch(origin + path, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}

/** Signs in with a browser of its own; the headers of that session and its id. */
async function signIn(origin: string, email: string, password: string, userAgent: string) {
  const res = await call(origin, 'POST', '/auth/login', { 'user-agent': userAgent }, { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const headers: Headers = { authorization: `Bearer ${res.body.jwt}`, 'user-agent': userAgent };
  if (res.body.login_type === 'master') headers['x-master-key'] = String(res.body.master_key);
  else headers['x-admin-id'] = String(res.body.admin_id);
  return { id: String(res.body.session_id), headers };
}

const sessionIds = async (origin: string, headers: Headers, path = '/auth/sessions') => {
  const res = await call(origin, 'GET', path, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.sessions as { session_id: string; current: boolean; user_agent: string }[]).map(
    (s) => `${s.session_id}${s.current ? ' (current)' : ''}`,
  );
};

/** The status each server answers a session's next call with (both warm it first). */
const statusOnBoth = async (origins: string[], headers: Headers) =>
  Promise.all(origins.map(async (origin) => (await call(origin, 'GET', '/auth/sessions', headers)).status));
/** The same, asked again until both refuse the session (the end reaches them by a notice). */
const refusedByBoth = (origins: string[], headers: Headers) =>
  answerSoon(() => statusOnBoth(origins, headers), [401, 401]);

describe('my sessions across two server processes on one PostgreSQL database', () => {
  it('lists the same sessions from either, and an end on one is refused by the other within a moment', async (context) => {
    const [a, b] = servers.origins(context);
    const master = await signIn(a, PROCESS_MASTER.identifier, PROCESS_MASTER.password, 'Master Browser');
    const created = await call(a, 'POST', ADMINS, master.headers, activeAdminBody('Sesiones', PASSWORD));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const email = String((created.body.admin as Json).admin_email);
    const adminId = Number(created.body.admin_id);

    const desk = await signIn(a, email, PASSWORD, 'Desk Firefox');
    const phone = await signIn(b, email, PASSWORD, 'Phone Safari');
    const tablet = await signIn(b, email, PASSWORD, 'Tablet Chrome');
    const laptop = await signIn(a, email, PASSWORD, 'Laptop Edge');
    const all = [desk, phone, tablet, laptop];
    for (const session of all) expect(await statusOnBoth([a, b], session.headers)).toEqual([200, 200]);

    const fromB = await sessionIds(b, desk.headers);
    expect([...fromB].sort()).toEqual([`${desk.id} (current)`, phone.id, tablet.id, laptop.id].sort());
    expect([...(await sessionIds(a, phone.headers))].sort()).toEqual(
      [desk.id, `${phone.id} (current)`, tablet.id, laptop.id].sort(),
    );

    // Ana, on A, ends the phone's session, which B holds in its cache.
    expect((await call(a, 'DELETE', `/auth/sessions/${phone.id}`, desk.headers)).status).toBe(200);
    expect(await refusedByBoth([b, a], phone.headers)).toEqual([401, 401]);
    expect((await call(b, 'POST', '/auth/refresh', phone.headers)).status).toBe(401);

    // The master, on B, ends the tablet's from Ana's row; A refuses it too.
    const ended = await call(b, 'DELETE', `${ADMINS}/${adminId}/sessions/${tablet.id}`, master.headers);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(await refusedByBoth([a, b], tablet.headers)).toEqual([401, 401]);

    // 'Cerrar las demás' on B: the laptop (last used on A) is refused by A, the desk stays.
    const others = await call(b, 'POST', '/auth/sessions/end-others', desk.headers);
    expect(others.body).toMatchObject({ success: true, ended_count: 1 });
    expect(await refusedByBoth([a, b], laptop.headers)).toEqual([401, 401]);
    expect(await statusOnBoth([a, b], desk.headers)).toEqual([200, 200]);
    expect(await sessionIds(a, master.headers, `${ADMINS}/${adminId}/sessions`)).toEqual([desk.id]);
  });
});
