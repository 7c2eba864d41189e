// Text PostgreSQL cannot store, broken URLs, empty JSON bodies and large ids get a client error in
// our shape, on every route.
import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, masterHeaders } from '../../test/helpers.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: { 'application/json'?: { schema?: { properties?: object } } } };
}
interface Case {
  method: string;
  url: string;
  payload?: object;
  field: string;
}

const NUL = 'a\u0000b';
/** A plausible value for each path parameter, so only the one under test is wrong. */
const SAMPLE: Record<string, string> = {
  registry: 'REG000001',
  adminId: 'current_user',
  email: 'a@b.co',
  import_id: '3f0e1c52-8d7a-4f7e-9a55-0d6b1e2c9a10',
};

/** One NUL case per path parameter, query and body of every route, read from the OpenAPI document. */
function nulCases(paths: Record<string, Record<string, Operation>>): Case[] {
  const cases: Case[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    if (path.startsWith('/admin/')) continue; // the same schemas as under /master/
    for (const [method, op] of Object.entries(operations)) {
      const of = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      const fill = (nulIn?: string) =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => (name === nulIn ? 'a%00b' : (SAMPLE[name] ?? '1')));
      const verb = method.toUpperCase();
      for (const name of of('path')) cases.push({ method: verb, url: fill(name), field: name });
      const [query] = of('query');
      if (query) cases.push({ method: verb, url: `${fill()}?${query}=a%00b`, field: query });
      const [bodyField] = Object.keys(
        op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      );
      if (bodyField)
        cases.push({ method: verb, url: fill(), payload: { [bodyField]: NUL }, field: bodyField });
    }
  }
  return cases;
}

describe('hostile input', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);

  it('answers a NUL byte in any path parameter, query or body with 400 naming the field', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const cases = nulCases(spec.paths);
    expect(cases.length).toBeGreaterThan(80);
    for (const { method, url, payload, field } of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: master, payload });
      const label = `${method} ${url} ${JSON.stringify(payload ?? '')}`;
      expect(res.statusCode, label).toBe(400);
      expect(res.json().success, label).toBe(false);
      expect(res.json().details, label).toContainEqual({ field, message: MSG.invalidRequestData });
    }
  });

  it('covers the reported requests: login, and a search on the business list', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\u0000","password":"x"}',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: MSG.invalidRequestData, details: [{ field: 'email' }] });
    const search = await t.app.inject({
      method: 'GET',
      url: '/admin/business-data/api/v1/business-data?search=a%00b',
      headers: (await createAdmin(t)).headers,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ error: MSG.invalidRequestData, details: [{ field: 'search' }] });
  });

  it('answers malformed percent-encoding and over-long path parameters in our shape', async () => {
    for (const [url, status] of [
      ['/%E0%A4%A', 400],
      ['/master/business-data/api/v1/business-data/%E0%A4%A', 400],
      [`/master/business-data/api/v1/business-data/registry/${'R'.repeat(200)}`, 414],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: master });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({
        success: false,
        error: MSG.invalidRequestData,
        message: MSG.invalidRequestData,
        request_id: expect.any(String),
      });
    }
  });

  it('accepts a DELETE with Content-Type: application/json and no body', async () => {
    const json = { ...master, 'content-type': 'application/json' };
    const { admin } = await createAdmin(t, 'pending');
    const removeAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/master/registration/api/v1/admin-registration/${admin.admin_id}`,
      headers: json,
    });
    expect(removeAdmin.statusCode).toBe(200);
    const business = await t.db
      .insertInto('businesses')
      .values({
        business_name: 'Borrable',
        business_owner: 'Ana Ruiz',
        business_email: 'borrable@correo.test',
        business_phone: '7875550199',
        business_category: 'Servicios',
      })
      .returning('business_registry_number')
      .executeTakeFirstOrThrow();
    const removeBusiness = await t.app.inject({
      method: 'DELETE',
      url: `/master/business-deletion/${business.business_registry_number}`,
      headers: json,
    });
    expect(removeBusiness.statusCode).toBe(200);
    // A body that is there but is not JSON is still refused.
    const broken = await t.app.inject({
      method: 'DELETE',
      url: '/master/business-deletion/REG000001',
      headers: json,
      payload: '{',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe(MSG.invalidRequestData);
  });

  it('takes ids up to the PostgreSQL integer maximum on every by-id route, and refuses past it', async () => {
    const byId = t.app.routeAccess.filter(
      (route) => route.method === 'GET' && route.url.startsWith('/master/') && /:id\b/.test(route.url),
    );
    expect(byId.length).toBeGreaterThanOrEqual(7); // admins, business data, products, services, ...
    for (const route of byId) {
      for (const [id, status] of [
        ['1000000000', 404],
        ['2147483647', 404],
        ['2147483648', 400],
        ['0', 400],
        ['1e3', 400],
      ] as const) {
        const url = route.url.replace(':id', id);
        const res = await t.app.inject({ method: 'GET', url, headers: master });
        expect(res.statusCode, url).toBe(status);
        expect(res.json().success, url).toBe(false);
      }
    }
    // The access family names its admin by id in the path too.
    for (const [id, status] of [
      ['1000000000', 404],
      ['2147483648', 400],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/master/business-access/api/v1/business-access/registry/REG999999/admin/${id}`,
        headers: master,
        payload: { access_type: 'public_access', new_value: true },
      });
      expect(res.statusCode, id).toBe(status);
    }
  });
});
