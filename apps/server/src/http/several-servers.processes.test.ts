// Two real server processes on one fresh PostgreSQL database share sessions (each process trusts
// a session it has read for SESSION_CACHE_MS, so a logout or a suspension on one must reach the
// other by the database's notice), the login lockout, the public rate limit and the data, and two masters
// bulk-updating the same admins at once neither deadlock nor half-apply. PostgreSQL only: runs
// in the PostgreSQL pass (TEST_DB=postgres with TEST_DATABASE_URL, `npm run test:pg`).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { activeAdminBody, answerSoon, PROCESS_MASTER, twoServers } from '../../test/server-processes.ts';
import { openPostgres } from '../db/connection.ts';

const PUBLIC_LIMIT = 10;
const LIST = '/business-data/api/v1/business-data';
const ADMINS = '/master/registration/api/v1/admin-registration';

type Json = Record<string, unknown>;
interface Caller {
  jwt: string;
  headers: Record<string, string>;
}

// TRUST_PROXY=1: each scenario speaks from an address of its own (X-Forwarded-For), so the
// per-address limits of one do not reach another.
const servers = twoServers('portal_two_servers_', {
  PUBLIC_RATE_LIMIT: String(PUBLIC_LIMIT),
  TRUST_PROXY: '1',
  LOGIN_IP_LIMIT: '1000',
});

async function call(
  origin: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; ip?: string } = {},
): Promise<{ status: number; body: Json }> {
  const res = await fetch(origin + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-forwarded-for': options.ip ?? '10.16.4.1',
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

async function signIn(origin: string, email: string, password: string, ip = '10.16.4.2'): Promise<Caller> {
  const res = await call(origin, 'POST', '/auth/login', { body: { email, password }, ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const jwt = String(res.body.jwt);
  const headers: Record<string, string> = { authorization: `Bearer ${jwt}` };
  if (res.body.login_type === 'master') headers['x-master-key'] = String(res.body.master_key);
  else headers['x-admin-id'] = String(res.body.admin_id);
  return { jwt, headers };
}

const withJwt = (caller: Caller, jwt: string): Caller => ({
  jwt,
  headers: { ...caller.headers, authorization: `Bearer ${jwt}` },
});

const signInMaster = (origin: string) => signIn(origin, PROCESS_MASTER.identifier, PROCESS_MASTER.password);

async function createAdmin(origin: string, master: Caller, password: string) {
  const res = await call(origin, 'POST', ADMINS, {
    headers: master.headers,
    body: activeAdminBody('Procesos', password),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: Number(res.body.admin_id), email: String((res.body.admin as Json).admin_email) };
}

describe('two server processes on one PostgreSQL database', () => {
  it('a session made on one validates, refreshes and logs out on the other', async (context) => {
    const [a, b] = servers.origins(context);
    const master = await signInMaster(a);

    expect((await call(b, 'POST', '/auth/validate', { headers: master.headers })).body.valid).toBe(true);
    // B now holds the session as valid (its short cache); the logout on A must still reach it.
    expect((await call(b, 'GET', `/master${LIST}?limit=1`, { headers: master.headers })).status).toBe(200);

    const refreshed = await call(b, 'POST', '/auth/refresh', { headers: master.headers });
    expect(refreshed.status).toBe(200);
    const renewed = withJwt(master, String(refreshed.body.jwt));
    expect((await call(a, 'GET', `/master${LIST}?limit=1`, { headers: renewed.headers })).status).toBe(200);

    const logout = await call(a, 'POST', '/auth/logout', { headers: renewed.headers, body: {} });
    expect(logout.status).toBe(200);
    for (const caller of [master, renewed]) {
      const listStatus = (origin: string) => async () =>
        (await call(origin, 'GET', `/master${LIST}?limit=1`, { headers: caller.headers })).status;
      expect(await answerSoon(listStatus(b), 401)).toBe(401);
      expect(await answerSoon(listStatus(a), 401)).toBe(401);
      expect((await call(b, 'POST', '/auth/validate', { headers: caller.headers })).body.valid).toBe(false);
    }
    expect((await call(b, 'POST', '/auth/refresh', { headers: master.headers })).status).toBe(401);
  });

  it('an admin suspended or deleted on one is refused by the other within a moment', async (context) => {
    const [a, b] = servers.origins(context);
    const master = await signInMaster(a);
    const password = 'Admin-Procesos#2026';

    const suspended = await createAdmin(a, master, password);
    const suspendedSession = await signIn(b, suspended.email, password);
    const deleted = await createAdmin(b, master, password);
    const deletedSession = await signIn(a, deleted.email, password);
    for (const session of [suspendedSession, deletedSession]) {
      expect((await call(b, 'GET', `/admin${LIST}?limit=1`, { headers: session.headers })).status).toBe(200);
    }

    const bulk = await call(a, 'POST', `${ADMINS}/bulk`, {
      headers: master.headers,
      body: { action: 'suspend', admin_ids: [suspended.id] },
    });
    expect(bulk.status).toBe(200);
    const listStatus = (headers: Record<string, string>) => async () =>
      (await call(b, 'GET', `/admin${LIST}?limit=1`, { headers })).status;
    expect(await answerSoon(listStatus(suspendedSession.headers), 401)).toBe(401);

    expect((await call(a, 'DELETE', `${ADMINS}/${deleted.id}`, { headers: master.headers })).status).toBe(
      200,
    );
    expect(await answerSoon(listStatus(deletedSession.headers), 401)).toBe(401);
  });

  it('the login lockout counts failures made on either', async (context) => {
    const [a, b] = servers.origins(context);
    const email = `nadie.${randomUUID().slice(0, 8)}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/auth/login', {
        body: { email, password: 'Equivocada#2026' },
        ip: '10.16.4.3',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The pair is locked on both, whichever answered the last failure.
    const other = await call(a, 'POST', '/auth/login', {
      body: { email, password: 'Equivocada#2026' },
      ip: '10.16.4.3',
    });
    expect(other.status).toBe(429);
  });

  it(`the public rate limit (${PUBLIC_LIMIT} a minute) counts calls made to either`, async (context) => {
    const [a, b] = servers.origins(context);
    // Fixed one-minute windows: do not start in the last seconds of one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i <= PUBLIC_LIMIT; i++) {
      const res = await call(
        i % 2 ? b : a,
        'GET',
        '/public/business-registration/api/v1/business-registration/health',
        {
          ip: '10.16.4.4',
        },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(PUBLIC_LIMIT).fill(200), 429]);
  }, 90_000);

  it('a business registered, changed or deleted on one is seen so on the other at once', async (context) => {
    const [a, b] = servers.origins(context);
    const master = await signInMaster(b);
    const total = async (origin: string) =>
      (await call(origin, 'GET', `/master${LIST}?limit=1`, { headers: master.headers })).body.total_count;
    const before = await total(b); // B has counted the directory before the change on A

    const registered = await call(
      a,
      'POST',
      '/public/business-registration/api/v1/business-registration/register',
      {
        ip: '10.16.4.5',
        body: {
          business_name: 'Panadería Dos Procesos',
          business_owner: 'Rosa Procesos',
          business_email: `panaderia.${randomUUID().slice(0, 8)}@example.com`,
          business_phone: '7875550142',
          password: 'Negocio#2026',
          business_terms: true,
        },
      },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const registry = String(registered.body.business_registry_number);
    const byRegistry = `/master${LIST}/registry/${registry}`;

    const seen = await call(b, 'GET', byRegistry, { headers: master.headers });
    expect(seen.status).toBe(200);
    expect((seen.body.business as Json).business_name).toBe('Panadería Dos Procesos');
    expect(await total(b)).toBe(Number(before) + 1);

    const verified = await call(a, 'PATCH', `/master/verification/registry/${registry}`, {
      headers: master.headers,
      body: { verified_email: true },
    });
    expect(verified.status).toBe(200);
    const changed = await call(b, 'GET', byRegistry, { headers: master.headers });
    expect((changed.body.business as Json).verified_email).toBe(true);

    const removed = await call(a, 'DELETE', `/master/business-deletion/${registry}`, {
      headers: master.headers,
    });
    expect(removed.status).toBe(200);
    expect((await call(b, 'GET', byRegistry, { headers: master.headers })).status).toBe(404);
    expect(await total(b)).toBe(Number(before));
  });

  it('two masters bulk-updating the same admins at once neither deadlock nor half-apply', async (context) => {
    const [a, b] = servers.origins(context);
    const handle = openPostgres(servers.databaseUrl(), 1);
    const { db } = handle;
    try {
      const rows = await db
        .insertInto('admins')
        .values(
          Array.from({ length: 25 }, (_, i) => ({
            admin_first_name: 'Carga',
            admin_last_name: `Concurrente ${i}`,
            admin_email: `carga.${i}.${randomUUID().slice(0, 8)}@example.com`,
            admin_phone: '7875550000',
            admin_password_hash: 'not-a-real-hash',
            access_status: 'active',
          })),
        )
        .returning('admin_id')
        .execute();
      const ids = rows.map((row) => row.admin_id);
      const [first, second] = [await signInMaster(a), await signInMaster(b)];

      // Each pair names the same admins in opposite orders and asks for opposite states.
      const rounds = 8;
      const answers = await Promise.all(
        Array.from({ length: rounds }, (_, round) => [
          call(a, 'POST', `${ADMINS}/bulk`, {
            headers: first.headers,
            body: { action: round % 2 ? 'deactivate' : 'suspend', admin_ids: ids },
          }),
          call(b, 'POST', `${ADMINS}/bulk`, {
            headers: second.headers,
            body: { action: 'activate', admin_ids: [...ids].reverse() },
          }),
        ]).flat(),
      );
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.processed_count).toBe(ids.length);
      }

      // Whichever committed last decided every row: one status for all of them.
      const statuses = await db
        .selectFrom('admins')
        .select('access_status')
        .where('admin_id', 'in', ids)
        .execute();
      expect(statuses).toHaveLength(ids.length);
      expect(new Set(statuses.map((row) => row.access_status)).size).toBe(1);
      const settled = statuses[0]!.access_status;

      // One deletes half of them while the other suspends them all: the suspension either comes
      // first (all suspended, then half gone) or finds ids missing and changes nothing (404).
      const half = ids.slice(0, 12);
      const [deletion, suspension] = await Promise.all([
        call(a, 'POST', `${ADMINS}/bulk`, {
          headers: first.headers,
          body: { action: 'delete', admin_ids: half },
        }),
        call(b, 'POST', `${ADMINS}/bulk`, {
          headers: second.headers,
          body: { action: 'suspend', admin_ids: ids },
        }),
      ]);
      expect(deletion.status).toBe(200);
      expect([200, 404]).toContain(suspension.status);
      const left = await db
        .selectFrom('admins')
        .select(['admin_id', 'access_status'])
        .where('admin_id', 'in', ids)
        .orderBy('admin_id')
        .execute();
      expect(left.map((row) => row.admin_id)).toEqual(ids.slice(12));
      const expected = suspension.status === 200 ? 'suspended' : settled;
      expect(left.every((row) => row.access_status === expected)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
