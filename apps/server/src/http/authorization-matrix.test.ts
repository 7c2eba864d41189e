// Every route of the server's route table, called as each of twelve callers, is
// refused (401/403) or let through exactly as its declared access and SPEC §6 say. A route whose
// kind of access has no row in EXPECTED fails the test, so a new access level cannot slip through.
import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { callerHeaders, CALLERS as SHARED_CALLERS } from '../../test/callers.ts';
import {
  createAdmin,
  createBusiness,
  createTestApp,
  type Headers,
  type TestApp,
} from '../../test/helpers.ts';
import type { Access } from '../auth/guard.ts';

// The shared callers (test/callers.ts) and two only this test builds.
const CALLERS = [...SHARED_CALLERS, 'garbage token', 'admin suspended after sign-in'] as const;
type Caller = (typeof CALLERS)[number];

/** 'ok': anything but 401/403 (2xx, or a 4xx for the made-up body or id); 'invalid': 200 with valid false. */
type Outcome = 'ok' | 401 | 403 | 'invalid';

const BROKEN = ['no token', 'garbage token', 'forged', 'alg none', 'expired', 'revoked'] as const;
const DEAD_ACCOUNT = ['pending admin', 'admin suspended after sign-in'] as const;
const LIVE = [
  'active admin',
  "admin with someone else's X-Admin-Id",
  'master without X-Master-Key',
  'master',
] as const;
/** One outcome per caller; every caller named exactly once. */
function row(...groups: [readonly Caller[], Outcome][]): Record<Caller, Outcome> {
  const entries = groups.flatMap(([callers, outcome]) => callers.map((c) => [c, outcome] as const));
  if (entries.length !== CALLERS.length || new Set(entries.map(([c]) => c)).size !== CALLERS.length)
    throw new Error(`An expectation row must name each of the ${CALLERS.length} callers once`);
  return Object.fromEntries(entries) as Record<Caller, Outcome>;
}

/**
 * What each caller gets, per kind of route (SPEC §6). Public routes that read the bearer token
 * themselves (OpenAPI `security: bearerAuth`) are keyed by route: each treats the token its own way.
 */
const EXPECTED: Record<string, Record<Caller, Outcome>> = {
  public: row([CALLERS, 'ok']),
  // Admin access: an active admin with their own X-Admin-Id, or a master with the master key.
  admin: row(
    [[...BROKEN, ...DEAD_ACCOUNT], 401],
    [['active admin', 'master'], 'ok'],
    [["admin with someone else's X-Admin-Id", 'master without X-Master-Key'], 403],
  ),
  // Master access: the master session with its key, nobody else.
  master: row(
    [[...BROKEN, ...DEAD_ACCOUNT], 401],
    [['master'], 'ok'],
    [['active admin', "admin with someone else's X-Admin-Id", 'master without X-Master-Key'], 403],
  ),
  // Any live session, whatever the role headers.
  session: row([[...BROKEN, ...DEAD_ACCOUNT], 401], [LIVE, 'ok']),
  'public, reads the token: POST /auth/validate': row(
    [[...BROKEN, ...DEAD_ACCOUNT], 'invalid'],
    [LIVE, 'ok'],
  ),
  // Refresh takes an expired JWT of a live session (that is its purpose), nothing else dead.
  'public, reads the token: POST /auth/refresh': row(
    [['no token', 'garbage token', 'forged', 'alg none', 'revoked', ...DEAD_ACCOUNT], 401],
    [['expired', ...LIVE], 'ok'],
  ),
  // Logout ends whatever session a correctly signed token names, even a dead one.
  'public, reads the token: POST /auth/logout': row(
    [['no token', 'garbage token', 'forged', 'alg none'], 401],
    [['expired', 'revoked', ...DEAD_ACCOUNT, ...LIVE], 'ok'],
  ),
};

interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

function kindOf(route: RouteEntry, readsToken: boolean): string {
  if (route.access === 'staff') return route.url.startsWith('/master/') ? 'master' : 'admin';
  if (route.access === 'public' && readsToken) return `public, reads the token: ${route.method} ${route.url}`;
  return route.access;
}

/** The public routes whose OpenAPI operation names bearerAuth (they check the token themselves). */
async function tokenReadingRoutes(t: TestApp): Promise<Set<string>> {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  const found = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!op.security?.some((s) => 'bearerAuth' in s)) continue;
      const url = path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
      found.add(`${method.toUpperCase()} ${url}`);
    }
  }
  return found;
}

/** The twelve callers; the two beyond test/callers.ts's ten are built here. */
async function buildCallers(t: TestApp): Promise<Record<Caller, Headers>> {
  const base = await callerHeaders(t);
  const suspended = await createAdmin(t, 'active');
  await t.db
    .updateTable('admins')
    .set({ access_status: 'suspended' })
    .where('admin_id', '=', suspended.admin.admin_id)
    .execute();
  return {
    ...base,
    'garbage token': { authorization: 'Bearer garbage.garbage.garbage', 'x-master-key': 'garbage' },
    'admin suspended after sign-in': suspended.headers,
  };
}

/** Runs `tasks` with at most `limit` in flight. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe('authorization matrix over every route', async () => {
  const t = await createTestApp();
  const business = await createBusiness(t);
  const targetAdmin = (await createAdmin(t, 'pending')).admin;

  /** A path that exists where that is cheap: the fixture business and admin, made-up ids otherwise. */
  const pathOf = (url: string) =>
    url
      .replace(/:(\w+)/g, (_, name: string) => {
        if (name === 'registry') return business.business_registry_number;
        if (name === 'email') return encodeURIComponent(business.business_email);
        if (name === 'phone') return business.business_phone;
        if (name === 'adminId') return 'current_user';
        if (name === 'session_id') return '3f0e1c52-8d7a-4f7e-9a55-0d6b1e2c9a10'; // none: a 404 past the guard
        if (name === 'id' && /\/admin-(registration|lockout)/.test(url)) return String(targetAdmin.admin_id);
        if (name === 'id') return String(business.id);
        return '1';
      })
      .replace('*', 'index.html');

  it('answers each of the twelve callers on every route as its declared access says', async () => {
    const readsToken = await tokenReadingRoutes(t);
    // Deletions last, so the fixture business and admin are there for every other route.
    const routes = [...t.app.routeAccess].sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    const unknown = routes
      .map(
        (route) =>
          `${route.method} ${route.url}: ${kindOf(route, readsToken.has(`${route.method} ${route.url}`))}`,
      )
      .filter((line) => !(line.slice(line.indexOf(': ') + 2) in EXPECTED));
    expect(unknown, 'routes whose access the matrix has no expectation for').toEqual([]);

    let callers = await buildCallers(t);
    const failures: string[] = [];
    let checked = 0;
    const letThrough = { '2xx': 0, '4xx': 0 };
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const expected = EXPECTED[kindOf(route, readsToken.has(key))]!;
      const url = pathOf(route.url);
      const results = await inBatches(
        CALLERS.map((caller) => async () => {
          const res = await t.app.inject({ method: route.method as 'GET', url, headers: callers[caller] });
          return { caller, status: res.statusCode, body: res.body };
        }),
        4,
      );
      for (const { caller, status, body } of results) {
        checked += 1;
        const got = verdict(status, body);
        const want = expected[caller];
        if (got === 'ok') letThrough[status < 300 ? '2xx' : '4xx'] += 1;
        if (status >= 500) failures.push(`${key} as ${caller}: ${status} ${body.slice(0, 200)}`);
        else if (got !== want) failures.push(`${key} as ${caller}: expected ${want}, got ${status}`);
        else if (!messageMatches(route, caller, status, body))
          failures.push(`${key} as ${caller}: ${status} with ${body.slice(0, 200)}`);
      }
      // A logout (or anything else) that ended a caller's session: sign the callers in again.
      if (!(await stillSignedIn(t, callers))) callers = await buildCallers(t);
    }
    console.info(
      `authorization matrix: ${routes.length} routes × ${CALLERS.length} callers = ${checked} requests checked` +
        ` (let through: ${letThrough['2xx']} answered 2xx, ${letThrough['4xx']} a 4xx for the made-up body or id)`,
    );
    expect(failures).toEqual([]);
    expect(checked).toBe(routes.length * CALLERS.length);
  }, 180_000);

  // The conditional writes (If-Match) refuse exactly as above before they compare
  // versions, so a 412 (which carries the record as it is now) never reaches a refused caller.
  it('answers a stale If-Match on every conditional write with the refusal first, then 412', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const conditional = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'if-match'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const tails = [
      'PATCH /verification/registry/:registry',
      'POST /email-change/api/v1/email-change/initiate',
      'POST /email-change/api/v1/email-change/complete',
      'PATCH /business-access/api/v1/business-access/registry/:registry/admin/:adminId',
      'PATCH /business-data/api/v1/business-data/registry/:registry',
    ];
    expect(conditional.sort()).toEqual(
      [
        ...tails.flatMap((tail) => {
          const [method, url] = tail.split(' ');
          return [`${method} /admin${url}`, `${method} /master${url}`];
        }),
        'PUT /master/registration/api/v1/admin-registration/:id',
        'POST /master/registration/api/v1/admin-registration/:id/reset-password',
        'DELETE /master/business-deletion/:registry',
      ].sort(),
    );

    const callers = await buildCallers(t);
    // Its own business and admin: the test above deletes the shared ones last.
    const registry = (await createBusiness(t)).business_registry_number;
    const target = (await createAdmin(t, 'pending')).admin.admin_id;
    const pathFor = (url: string) =>
      url.replace(':registry', registry).replace(':adminId', 'current_user').replace(':id', String(target));
    // The records exist for the callers let through: the admin's own access record and the master's.
    for (const [headers, query] of [
      [callers['active admin'], ''],
      [callers.master, '?master=true'],
    ] as const) {
      const url = `/admin/business-access/api/v1/business-access/registry/${registry}/default${query}`;
      await t.app.inject({ method: 'POST', url: query ? url.replace('/admin/', '/master/') : url, headers });
    }
    const bodies: Record<string, object> = {
      verification: { verified_email: true },
      initiate: { business_registry_number: registry, new_email: 'condicional@correo.test' },
      complete: {
        business_registry_number: registry,
        new_email: 'condicional@correo.test',
        verification_code: '123456',
      },
      'business-access': { access_type: 'qr_access', new_value: false },
      'reset-password': { new_password: 'Nueva#Clave2026' },
      'admin-registration': { admin_first_name: 'Zoe' },
      'business-data': { business_name: 'Condicional' },
      'business-deletion': {},
    };
    const failures: string[] = [];
    for (const route of conditional) {
      const [method, template] = route.split(' ') as [string, string];
      const body = Object.entries(bodies).find(([key]) => template.includes(key))![1];
      const expected = EXPECTED[template.startsWith('/master/') ? 'master' : 'admin']!;
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: method as 'POST',
          url: pathFor(template),
          headers: { ...callers[caller], 'if-match': '"0"' },
          payload: body,
        });
        const want = expected[caller];
        // complete checks the pending request and its code first (none here: 409)
        const passed = template.endsWith('/complete') ? [409, 412] : [412];
        const ok = want === 'ok' ? passed.includes(res.statusCode) : res.statusCode === want;
        if (!ok)
          failures.push(
            `${route} as ${caller}: expected ${want === 'ok' ? passed : want}, got ${res.statusCode}`,
          );
        if (res.statusCode === 412 && !('current' in res.json()))
          failures.push(`${route}: 412 without current`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

function verdict(status: number, body: string): Outcome {
  if (status === 401 || status === 403) return status;
  if (status === 200 && body.startsWith('{') && JSON.parse(body).valid === false) return 'invalid';
  return 'ok';
}

/** Refusals say why in the SPEC §8 words the guard uses. */
function messageMatches(route: RouteEntry, caller: Caller, status: number, body: string): boolean {
  if (status !== 401 && status !== 403) return true;
  const { error, success } = JSON.parse(body) as { error?: unknown; success?: unknown };
  if (success !== false || typeof error !== 'string' || error === '') return false;
  // A refresh of a session someone ended says so, for the login screen's words.
  if (status === 401 && caller === 'revoked' && route.url === '/auth/refresh') {
    return error === MSG.sessionEndedElsewhere;
  }
  if (status === 401) return error === MSG.unauthorized;
  if (caller === 'master without X-Master-Key') return error === MSG.masterKeyInvalid;
  const masterOnly = route.access === 'master' || route.url.startsWith('/master/');
  if (caller === "admin with someone else's X-Admin-Id" && !masterOnly) return error === MSG.adminIdMismatch;
  return true; // an admin on a master route: the family's own 'Only master users ...' wording
}

async function stillSignedIn(t: TestApp, callers: Record<Caller, Headers>): Promise<boolean> {
  for (const caller of ['master', 'active admin', 'expired'] as const) {
    const res = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: callers[caller] });
    if (res.statusCode !== 200) return false;
  }
  return true;
}
