import { verify } from '@node-rs/argon2';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Caller, callerHeaders } from '../../../test/callers.ts';
import {
  createAdmin,
  createTestApp,
  type Headers,
  masterHeaders,
  type TestApp,
} from '../../../test/helpers.ts';

const BASE = '/master/registration/api/v1/admin-registration';
const PASSWORD = 'Segura#2026';
let emailCounter = 0;

function adminBody(overrides: Record<string, unknown> = {}) {
  emailCounter += 1;
  return {
    admin_first_name: 'María',
    admin_last_name: 'Rodríguez',
    admin_email: `maria${emailCounter}.${Date.now()}@portal.test`,
    admin_phone: '7875550199',
    admin_password: PASSWORD,
    access_status: 'pending',
    ...overrides,
  };
}

function client(t: TestApp, master: Headers) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { payload?: object; query?: Record<string, string>; headers?: Headers } = {},
  ) =>
    t.app.inject({
      method,
      url: `${BASE}${path}`,
      headers: options.headers ?? master,
      payload: options.payload,
      query: options.query,
    });
}

async function createViaApi(api: ReturnType<typeof client>, overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '', { payload: adminBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().admin as { admin_id: number; admin_email: string; access_status: string };
}

const count = async (t: TestApp, table: 'admins' | 'admin_registration_logs') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const UNKNOWN_SESSION = '00000000-0000-4000-8000-000000000000';

describe('admin registration API', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const api = client(t, master);

  describe('guards', async () => {
    const callers = await callerHeaders(t);
    type Route = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; ok: number; payload?: object };
    const routes = (id: number): Route[] => [
      { method: 'POST', path: '', ok: 201, payload: adminBody() },
      { method: 'GET', path: '', ok: 200 },
      { method: 'GET', path: '/search?q=ma', ok: 200 },
      { method: 'GET', path: '/stats', ok: 200 },
      { method: 'GET', path: '/registrations', ok: 200 },
      { method: 'GET', path: '/health', ok: 200 },
      { method: 'POST', path: '/bulk', ok: 200, payload: { action: 'activate', admin_ids: [id] } },
      { method: 'GET', path: `/${id}`, ok: 200 },
      { method: 'PUT', path: `/${id}`, ok: 200, payload: { admin_first_name: 'Marta' } },
      { method: 'POST', path: `/${id}/reset-password`, ok: 200, payload: { new_password: 'Nueva#2026' } },
      { method: 'GET', path: `/${id}/registration`, ok: 200 },
      { method: 'GET', path: `/${id}/sessions`, ok: 200 },
      // No such session: the master's call is refused too, as not found (after the guard).
      { method: 'DELETE', path: `/${id}/sessions/${UNKNOWN_SESSION}`, ok: 404 },
      { method: 'DELETE', path: `/${id}`, ok: 200 },
    ];
    const refusal: Record<Exclude<Caller, 'master'>, number> = {
      'no token': 401,
      forged: 401,
      'alg none': 401,
      expired: 401,
      revoked: 401,
      'pending admin': 401,
      'active admin': 403,
      "admin with someone else's X-Admin-Id": 403,
      'master without X-Master-Key': 403,
    };

    it('the test below covers every route of the family', () => {
      const declared = t.app.routeAccess
        .filter((r) => r.url.startsWith(BASE))
        .map(
          (r) =>
            `${r.method} ${r.url.slice(BASE.length).replace(/\/$/, '').replace(':id', '1').replace(':session_id', UNKNOWN_SESSION)}`,
        );
      const tested = routes(1).map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`);
      expect([...new Set(declared)].sort()).toEqual(tested.sort());
    });

    const label = (route: Route) => `${route.method} ${route.path.replace(/\/0(?=\/|$)/, '/{id}') || '/'}`;
    it.each(routes(0).map((route, index) => [label(route), index] as const))(
      '%s answers each caller',
      async (name, index) => {
        const target = await createViaApi(api);
        const route = routes(target.admin_id)[index];
        const snapshot = () =>
          t.db.selectFrom('admins').selectAll().where('admin_id', '=', target.admin_id).executeTakeFirst();
        const [adminsBefore, targetBefore] = [await count(t, 'admins'), await snapshot()];
        for (const caller of Object.keys(refusal) as (keyof typeof refusal)[]) {
          const res = await t.app.inject({
            method: route.method,
            url: `${BASE}${route.path}`,
            headers: callers[caller],
            payload: route.method === 'POST' && route.path === '' ? adminBody() : route.payload,
          });
          expect(res.statusCode, `${name} as ${caller}`).toBe(refusal[caller]);
          if (caller === 'active admin') {
            expect(res.json().error).toBe('Only master users can manage admin accounts');
          }
        }
        expect(await count(t, 'admins')).toBe(adminsBefore);
        expect(await snapshot()).toEqual(targetBefore);
        const res = await t.app.inject({
          method: route.method,
          url: `${BASE}${route.path}`,
          headers: callers.master,
          payload: route.payload,
        });
        expect(res.statusCode, `${name} as master: ${res.body}`).toBe(route.ok);
        expect(res.json().success).toBe(route.ok < 400);
      },
    );
  });

  describe('create', () => {
    it('creates a pending admin, never returns the password, stores an argon2id hash', async () => {
      const body = adminBody({ access_status: undefined, admin_phone: '(787) 555-0123' });
      const res = await api('POST', '', { payload: body });
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(json.success).toBe(true);
      expect(json.admin_id).toBe(json.admin.admin_id);
      expect(json.admin).toMatchObject({
        admin_first_name: 'María',
        admin_last_name: 'Rodríguez',
        admin_email: body.admin_email,
        admin_phone: '7875550123',
        access_status: 'pending',
        admin_access_status: 'pending',
      });
      expect(res.body).not.toContain(PASSWORD);
      expect(res.body).not.toContain('argon2');
      expect(Object.keys(json.admin).some((key) => key.includes('password'))).toBe(false);
      const row = await t.db
        .selectFrom('admins')
        .select('admin_password_hash')
        .where('admin_id', '=', json.admin_id)
        .executeTakeFirstOrThrow();
      expect(row.admin_password_hash.startsWith('$argon2id$')).toBe(true);
      expect(await verify(row.admin_password_hash, PASSWORD)).toBe(true);
    });

    it('writes the registration log entry: master user, date, time, IP, user agent', async () => {
      const res = await api('POST', '', {
        payload: adminBody(),
        headers: { ...master, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120' },
      });
      const adminId = res.json().admin_id;
      const today = await sql<{ d: string }>`select current_date::text as d`.execute(t.db);
      const record = await api('GET', `/${adminId}/registration`);
      expect(record.statusCode).toBe(200);
      expect(record.json().registration).toMatchObject({
        admin_id: adminId,
        admin_first_name: 'María',
        admin_last_name: 'Rodríguez',
        admin_email: res.json().admin.admin_email,
        master_user: 'Master User',
        registration_date: today.rows[0].d,
        ip_address: '127.0.0.1',
        user_agent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120',
      });
      expect(record.json().registration.registration_time).toMatch(/^\d{2}:\d{2}:\d{2}/);
    });

    it('honours an explicit access_status', async () => {
      const admin = await createViaApi(api, { access_status: 'active' });
      expect(admin.access_status).toBe('active');
    });

    it('refuses a duplicate email in any letter case with 409', async () => {
      const first = await createViaApi(api);
      const before = await count(t, 'admin_registration_logs');
      const res = await api('POST', '', {
        payload: adminBody({ admin_email: first.admin_email.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Email is already registered');
      expect(res.json().error).toContain('already registered');
      expect(await count(t, 'admin_registration_logs')).toBe(before);
    });

    it.each([
      [{ admin_first_name: ' A ' }, 'First name must be at least 2 characters'],
      [{ admin_first_name: undefined }, 'First name must be at least 2 characters'],
      [{ admin_last_name: 'B' }, 'Last name must be at least 2 characters'],
      [{ admin_email: 'no-es-correo' }, 'Valid email address is required'],
      [{ admin_email: undefined }, 'Valid email address is required'],
      [{ admin_password: 'Ab1!xyz' }, 'Password must be at least 8 characters'],
      [{ admin_password: 'segura#2026' }, 'Password must contain at least one uppercase letter'],
      [{ admin_password: 'SEGURA#2026' }, 'Password must contain at least one lowercase letter'],
      [{ admin_password: 'Segura#Dos' }, 'Password must contain at least one number'],
      [{ admin_password: 'Segura2026' }, 'Password must contain at least one special character'],
      [{ access_status: 'admin' }, 'Invalid access status'],
      [{ admin_phone: '78755501' }, 'Phone number must be 10 digits'],
    ])('refuses %o with "%s" and writes nothing', async (overrides, message) => {
      const before = [await count(t, 'admins'), await count(t, 'admin_registration_logs')];
      const res = await api('POST', '', { payload: adminBody(overrides) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: message, message });
      expect([await count(t, 'admins'), await count(t, 'admin_registration_logs')]).toEqual(before);
    });
  });

  describe('get, update, delete', () => {
    it('gets one admin, 404 when missing, 400 for a bad id', async () => {
      const admin = await createViaApi(api);
      const res = await api('GET', `/${admin.admin_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().admin.admin_id).toBe(admin.admin_id);
      const missing = await api('GET', '/999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('Admin account not found');
      expect((await api('GET', '/abc')).statusCode).toBe(400);
    });

    it('updates only the fields given, ignoring empty values', async () => {
      const admin = await createViaApi(api);
      const res = await api('PUT', `/${admin.admin_id}`, {
        payload: { admin_first_name: 'Marta', admin_last_name: '', admin_phone: '', access_status: 'active' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().admin).toMatchObject({
        admin_first_name: 'Marta',
        admin_last_name: 'Rodríguez',
        admin_phone: '7875550199',
        access_status: 'active',
        admin_access_status: 'active',
      });
      const viaAlias = await api('PUT', `/${admin.admin_id}`, {
        payload: { admin_access_status: 'inactive' },
      });
      expect(viaAlias.json().admin.access_status).toBe('inactive');
    });

    it('refuses an invalid update and an email that another admin has', async () => {
      const first = await createViaApi(api);
      const second = await createViaApi(api);
      const bad = await api('PUT', `/${second.admin_id}`, { payload: { access_status: 'deleted' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Invalid access status');
      const short = await api('PUT', `/${second.admin_id}`, { payload: { admin_last_name: 'R' } });
      expect(short.json().error).toBe('Last name must be at least 2 characters');
      const taken = await api('PUT', `/${second.admin_id}`, { payload: { admin_email: first.admin_email } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toContain('already registered');
      const same = await api('PUT', `/${second.admin_id}`, { payload: { admin_email: second.admin_email } });
      expect(same.statusCode).toBe(200);
      expect((await api('PUT', '/999999', { payload: { admin_first_name: 'Nadie' } })).statusCode).toBe(404);
    });

    it("a suspended admin's existing token stops working immediately", async () => {
      const admin = await createViaApi(api, { access_status: 'active' });
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: admin.admin_email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${login.json().jwt}` };
      const validate = () => t.app.inject({ method: 'POST', url: '/auth/validate', headers: auth });
      expect((await validate()).json().valid).toBe(true);

      expect(
        (await api('PUT', `/${admin.admin_id}`, { payload: { access_status: 'suspended' } })).statusCode,
      ).toBe(200);
      expect((await validate()).json().valid).toBe(false);
      expect((await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: auth })).statusCode).toBe(
        401,
      );
      // Re-activating does not bring the old session back: it was revoked, not just paused.
      await api('PUT', `/${admin.admin_id}`, { payload: { access_status: 'active' } });
      expect((await validate()).json().valid).toBe(false);
    });

    it('deletes an admin, ending their sessions and keeping the registration record', async () => {
      const admin = await createViaApi(api);
      const res = await api('DELETE', `/${admin.admin_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, admin_id: admin.admin_id });
      expect((await api('GET', `/${admin.admin_id}`)).statusCode).toBe(404);
      expect((await api('GET', `/${admin.admin_id}/registration`)).statusCode).toBe(200);
      const again = await api('DELETE', `/${admin.admin_id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe('Admin account not found');
    });
  });

  describe('reset-password', () => {
    it.each([
      ['Ab1!', 'Password must be at least 8 characters long'],
      ['nueva#2026', 'Password must contain at least one uppercase letter'],
      ['NUEVA#2026', 'Password must contain at least one lowercase letter'],
      ['Nueva#Clave', 'Password must contain at least one number'],
      ['Nueva2026x', 'Password must contain at least one special character'],
    ])('refuses %s with "%s"', async (password, message) => {
      const admin = await createViaApi(api);
      const res = await api('POST', `/${admin.admin_id}/reset-password`, {
        payload: { admin_id: admin.admin_id, new_password: password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    });

    it('sets the new password and signs the admin out everywhere', async () => {
      const { admin, headers } = await createAdmin(t, 'active');
      const res = await api('POST', `/${admin.admin_id}/reset-password`, {
        payload: { admin_id: admin.admin_id, new_password: 'Nueva#2026' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, admin_id: admin.admin_id });
      const validate = await t.app.inject({ method: 'POST', url: '/auth/validate', headers });
      expect(validate.json().valid).toBe(false);
      const login = (password: string) =>
        t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: admin.admin_email, password } });
      expect((await login('Admin#2026x')).statusCode).toBe(401);
      expect((await login('Nueva#2026')).statusCode).toBe(200);
    });

    it('refuses a body admin_id that differs from the path, and an unknown admin', async () => {
      const admin = await createViaApi(api);
      const mismatch = await api('POST', `/${admin.admin_id}/reset-password`, {
        payload: { admin_id: admin.admin_id + 1000, new_password: 'Nueva#2026' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error).toBe('admin_id does not match the account in the path');
      const missing = await api('POST', '/999999/reset-password', {
        payload: { new_password: 'Nueva#2026' },
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('bulk', () => {
    it.each([
      [
        { action: 'approve', admin_ids: [1] },
        'Invalid bulk action. Supported actions: activate, deactivate, suspend, delete',
      ],
      [{ admin_ids: [1] }, 'Invalid bulk action. Supported actions: activate, deactivate, suspend, delete'],
      [{ action: 'activate' }, 'Admin IDs array is required for bulk actions'],
      [{ action: 'activate', admin_ids: [] }, 'Admin IDs array is required for bulk actions'],
      [{ action: 'activate', admin_ids: '1,2' }, 'Admin IDs array is required for bulk actions'],
      [
        { action: 'activate', admin_ids: Array.from({ length: 51 }, (_, i) => i + 1) },
        'Maximum 50 admins can be processed at once',
      ],
    ])('refuses %o with "%s"', async (payload, message) => {
      const res = await api('POST', '/bulk', { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    });

    it('accepts 50 ids, and changes nothing when any id is unknown', async () => {
      const admin = await createViaApi(api);
      const ids = [admin.admin_id, ...Array.from({ length: 49 }, (_, i) => 900_000 + i)];
      const res = await api('POST', '/bulk', { payload: { action: 'suspend', admin_ids: ids } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(`Admin accounts not found: ${ids.slice(1).join(', ')}`);
      expect((await api('GET', `/${admin.admin_id}`)).json().admin.access_status).toBe('pending');
    });

    it.each([
      ['activate', 'active'],
      ['deactivate', 'inactive'],
      ['suspend', 'suspended'],
    ])('%s sets %s and lists what changed', async (action, status) => {
      const a = await createAdmin(t, 'active');
      const b = await createViaApi(api);
      const ids = [b.admin_id, a.admin.admin_id];
      const res = await api('POST', '/bulk', { payload: { action, admin_ids: [...ids, b.admin_id] } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, action, processed_count: 2 });
      expect(body.admin_ids).toEqual([...ids].sort((x, y) => x - y));
      expect(body.admins.map((admin: { access_status: string }) => admin.access_status)).toEqual([
        status,
        status,
      ]);
      const stillIn = await t.app.inject({ method: 'POST', url: '/auth/validate', headers: a.headers });
      expect(stillIn.json().valid).toBe(action === 'activate');
    });

    it('delete removes the admins and their sessions', async () => {
      const a = await createAdmin(t, 'active');
      const b = await createViaApi(api);
      const res = await api('POST', '/bulk', {
        payload: { action: 'delete', admin_ids: [a.admin.admin_id, b.admin_id] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().processed_count).toBe(2);
      expect((await api('GET', `/${b.admin_id}`)).statusCode).toBe(404);
      const sessions = await t.db
        .selectFrom('sessions')
        .select('session_id')
        .where('admin_id', '=', a.admin.admin_id)
        .execute();
      expect(sessions).toEqual([]);
      expect(
        (await t.app.inject({ method: 'POST', url: '/auth/validate', headers: a.headers })).json().valid,
      ).toBe(false);
    });
  });

  it('health', async () => {
    const res = await api('GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'healthy' });
  });
});

describe('admin lists, search, stats and registrations', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const api = client(t, master);
  const people = [
    { admin_first_name: 'Ana', admin_last_name: 'Rivera', access_status: 'pending' },
    { admin_first_name: 'Bruno', admin_last_name: 'Colón', access_status: 'active' },
    { admin_first_name: 'Carla', admin_last_name: 'Rodríguez', access_status: 'pending' },
    { admin_first_name: 'Diego', admin_last_name: 'Santiago', access_status: 'suspended' },
    { admin_first_name: 'Elena', admin_last_name: 'Ortiz', access_status: 'inactive' },
  ];
  const created: { admin_id: number; admin_email: string }[] = [];
  for (const person of people) created.push(await createViaApi(api, person));
  // One admin from long ago, registered outside this API (no registration record).
  const old = await t.db
    .insertInto('admins')
    .values({
      admin_first_name: 'Félix',
      admin_last_name: 'Antiguo',
      admin_email: 'felix.antiguo@portal.test',
      admin_password_hash: 'x',
      access_status: 'active',
      created_at: new Date(Date.now() - 40 * 86_400_000),
    })
    .returning('admin_id')
    .executeTakeFirstOrThrow();

  it('lists newest first with the SPEC §3 pagination object', async () => {
    const res = await api('GET', '', { query: { page: '2', page_size: '4' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({
      currentPage: 2,
      pageSize: 4,
      totalPages: 2,
      totalRecords: 6,
      hasNext: false,
      hasPrevious: true,
    });
    expect(body.admins.map((a: { admin_first_name: string }) => a.admin_first_name)).toEqual([
      'Ana',
      'Félix',
    ]);
    const first = (await api('GET', '')).json();
    expect(first.pagination).toEqual({
      currentPage: 1,
      pageSize: 20,
      totalPages: 1,
      totalRecords: 6,
      hasNext: false,
      hasPrevious: false,
    });
    expect(first.admins[0].admin_first_name).toBe('Elena');
  });

  it('filters by status, searches without accents, sorts by any column', async () => {
    const pending = (await api('GET', '', { query: { access_status: 'pending' } })).json();
    expect(pending.admins.map((a: { admin_first_name: string }) => a.admin_first_name)).toEqual([
      'Carla',
      'Ana',
    ]);
    expect(pending.pagination.totalRecords).toBe(2);
    const search = (await api('GET', '', { query: { search: 'colon' } })).json();
    expect(search.admins.map((a: { admin_last_name: string }) => a.admin_last_name)).toEqual(['Colón']);
    const sorted = (
      await api('GET', '', { query: { sort_by: 'admin_last_name', sort_order: 'asc' } })
    ).json();
    expect(sorted.admins.map((a: { admin_last_name: string }) => a.admin_last_name)).toEqual([
      'Antiguo',
      'Colón',
      'Ortiz',
      'Rivera',
      'Rodríguez',
      'Santiago',
    ]);
    const bad = await api('GET', '', { query: { sort_by: 'admin_password_hash' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MSG.adminSortBy);
    const badOrder = await api('GET', '', { query: { sort_by: 'name', sort_order: 'up' } });
    expect(badOrder.json().error).toBe(MSG.sortOrder);
    const badStatus = await api('GET', '', { query: { access_status: 'gone' } });
    expect(badStatus.json().error).toBe('Invalid access status');
  });

  it('sorts by name, email and status both ways, and pages the sort', async () => {
    const firstNames = async (query: Record<string, string>) => {
      const res = await api('GET', '', { query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().admins.map((a: { admin_first_name: string }) => a.admin_first_name);
    };
    const byName = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Félix'];
    expect(await firstNames({ sort_by: 'name', sort_order: 'asc' })).toEqual(byName);
    expect(await firstNames({ sort_by: 'name', sort_order: 'DESC' })).toEqual([...byName].reverse());
    expect(await firstNames({ sort_by: 'name', sort_order: 'asc', page: '2', page_size: '4' })).toEqual([
      'Elena',
      'Félix',
    ]);
    // Status, then creation date in the same direction.
    const byStatus = ['Félix', 'Bruno', 'Elena', 'Ana', 'Carla', 'Diego'];
    expect(await firstNames({ sort_by: 'status', sort_order: 'asc' })).toEqual(byStatus);
    expect(await firstNames({ sort_by: 'status', sort_order: 'desc' })).toEqual([...byStatus].reverse());
    const emails = [...created.map((a) => a.admin_email), 'felix.antiguo@portal.test']
      .map((email) => email.toLowerCase())
      .sort((a, b) => (a < b ? -1 : 1));
    const res = await api('GET', '', { query: { sort_by: 'email', sort_order: 'asc' } });
    expect(res.json().admins.map((a: { admin_email: string }) => a.admin_email.toLowerCase())).toEqual(
      emails,
    );
  });

  it('search finds by name, email or id, default limit 20', async () => {
    const byName = (await api('GET', '/search', { query: { q: 'rodriguez' } })).json();
    expect(byName.admins.map((a: { admin_first_name: string }) => a.admin_first_name)).toEqual(['Carla']);
    const byEmail = (await api('GET', '/search', { query: { q: 'felix.antiguo@' } })).json();
    expect(byEmail.admins.map((a: { admin_id: number }) => a.admin_id)).toEqual([old.admin_id]);
    const short = await api('GET', '/search', { query: { q: 'a' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Search term must be at least 2 characters');

    await t.db
      .insertInto('admins')
      .values(
        Array.from({ length: 22 }, (_, i) => ({
          admin_first_name: 'Lote',
          admin_last_name: `Prueba${i}`,
          admin_email: `lote${i}@portal.test`,
          admin_password_hash: 'x',
        })),
      )
      .execute();
    expect((await api('GET', '/search', { query: { q: 'lote' } })).json().admins).toHaveLength(20);
    expect((await api('GET', '/search', { query: { q: 'lote', limit: '5' } })).json().admins).toHaveLength(5);
    await t.db.deleteFrom('admins').where('admin_first_name', '=', 'Lote').execute();
  });

  it.each(['0', '1001', '2.5', 'x'])(
    'search refuses limit=%s with the list filters’ message',
    async (limit) => {
      const res = await api('GET', '/search', { query: { q: 'an', limit } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: MSG.limitRange, message: MSG.limitRange });
    },
  );

  it('search accepts a limit up to 1000, as the lists do', async () => {
    const res = await api('GET', '/search', { query: { q: 'an', limit: '1000' } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('counts admins per status and those created in the last 30 days', async () => {
    const res = await api('GET', '/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toEqual({
      total_admins: 6,
      pending_admins: 2,
      active_admins: 2,
      inactive_admins: 1,
      suspended_admins: 1,
      recent_registrations: 5,
    });
  });

  it('pages the registration history and finds one admin’s record', async () => {
    const res = await api('GET', '/registrations', { query: { page: '1', page_size: '2' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({
      currentPage: 1,
      pageSize: 2,
      totalPages: 3,
      totalRecords: 5,
      hasNext: true,
      hasPrevious: false,
    });
    expect(body.registrations.map((r: { admin_first_name: string }) => r.admin_first_name)).toEqual([
      'Elena',
      'Diego',
    ]);
    const defaults = (await api('GET', '/registrations')).json().pagination;
    expect(defaults).toMatchObject({ currentPage: 1, pageSize: 20, totalRecords: 5 });
    const one = await api('GET', `/${created[1].admin_id}/registration`);
    expect(one.json().registration).toMatchObject({ admin_first_name: 'Bruno', master_user: 'Master User' });
    const none = await api('GET', `/${old.admin_id}/registration`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('Registration record not found');
  });
});
