// /docs/json is a valid OpenAPI 3 document a client generator can use: every operation has a tag,
// summary, unique operationId, a 2xx response schema, the error shape and the security its access
// needs; real responses of every family match their schema. Response schemas are closed, so the
// serializer sends no field a schema does not name.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createAdmin, createTestApp, masterHeaders, TEST_MASTER } from '../test/helpers.ts';
import { seedDatabase } from './db/seed/seed.ts';
import type { Database } from './db/types.ts';
import { TAGS } from './openapi.ts';

// A repository that selects every column by mistake (password_hash, search_text included): the
// registration lookup spreads the row it gets into the answer, so only the schema stands between
// that column and the client.
vi.mock('./modules/registration/registration.repository.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  findRegistration: (db: Kysely<Database>, registry: string) =>
    db
      .selectFrom('businesses')
      .selectAll()
      .where('business_registry_number', '=', registry)
      .executeTakeFirst(),
}));

type Operation = {
  tags?: string[];
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Spec = { paths: Record<string, Record<string, Operation>>; components: { schemas: object } };
type JsonSchema = { [key: string]: unknown };

/** Objects whose keys vary by row and hold no column: what the server wrote about an action. */
const FREE_FORM = ['staff_actions.items.properties.details'];

/** Every object schema inside `schema`, with where it is. */
function objectsIn(schema: unknown, at: string, found: [string, JsonSchema][] = []) {
  if (schema && typeof schema === 'object') {
    const node = schema as JsonSchema;
    if (node.type === 'object') found.push([at, node]);
    for (const [key, value] of Object.entries(node)) objectsIn(value, `${at}.${key}`, found);
  }
  return found;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

describe('OpenAPI document', async () => {
  const t = await createTestApp();
  await seedDatabase(t.handle, { businesses: 12, seed: 7 });
  const master = await masterHeaders(t);
  const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Spec;
  const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ path, method, op })),
  );

  it('is a valid OpenAPI document (schema validation, zero errors)', async () => {
    const result = await new Validator().validate(spec as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(spec.components.schemas).toHaveProperty('ErrorResponse');
  });

  it('gives every operation a tag, summary, unique operationId, 2xx schema, errors and security', () => {
    expect(operations.length).toBeGreaterThanOrEqual(161);
    const tags = new Set(TAGS.map((tag) => tag.name));
    const ids = new Set<string>();
    const access = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const { path, method, op } of operations) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(op.tags?.length, label).toBe(1);
      expect(tags.has(op.tags![0]!), label).toBe(true);
      expect(op.summary, label).toMatch(/\w/);
      expect(op.operationId, label).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${label} duplicate operationId`).toBe(false);
      ids.add(op.operationId!);
      const success = Object.entries(op.responses).filter(([code]) => /^2/.test(code));
      expect(success.length, label).toBeGreaterThan(0);
      for (const [, response] of success) {
        const [media] = Object.values(response.content ?? {});
        expect(media?.schema, `${label} 2xx schema`).toBeDefined();
      }
      for (const code of ['4XX', '5XX']) {
        expect(op.responses[code]?.content?.['application/json']?.schema, `${label} ${code}`).toEqual({
          $ref: '#/components/schemas/ErrorResponse',
        });
      }
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const declared = access.get(key) ?? access.get(key.replace(/\/$/, ''));
      expect(declared, label).toBeDefined();
      if (declared === 'public') continue;
      expect(op.security?.length, label).toBeGreaterThan(0);
      for (const option of op.security!) expect(option, label).toHaveProperty('bearerAuth');
      if (path.startsWith('/master/'))
        expect(op.security, label).toEqual([{ bearerAuth: [], masterKey: [] }]);
    }
  });

  it('answers one call of every family with a body that matches its declared schema', async () => {
    const one = async <T>(query: string) => (await sql.raw<T>(query).execute(t.db)).rows[0]!;
    const registryWith = async (table: string) =>
      (
        await one<{ r: string }>(
          `select b.business_registry_number as r from businesses b join ${table} x on x.business_id = b.id order by b.id limit 1`,
        )
      ).r;
    const { admin, headers: admin1 } = await createAdmin(t);
    const products = await registryWith('products');
    const location = await one<{ id: number }>(
      'select location_id as id from business_locations order by 1 limit 1',
    );
    const employee = await one<{ id: number }>('select employee_id as id from employees order by 1 limit 1');
    const calls: [family: string, method: string, url: string, body?: object, headers?: object][] = [
      [
        'Authentication',
        'POST',
        '/auth/login',
        { email: TEST_MASTER.identifier, password: TEST_MASTER.password },
      ],
      ['Admin registration', 'GET', '/master/registration/api/v1/admin-registration/'],
      ['Admin lockout', 'GET', `/master/registration/api/v1/admin-lockout/${admin.admin_id}`],
      ['Business data', 'GET', '/master/business-data/api/v1/business-data/?limit=5'],
      ['Change logs', 'GET', `/master/business-change-logs/api/v1/business-change-logs/registry/${products}`],
      [
        'Products',
        'GET',
        `/admin/business-products/api/v1/business-products/registry/${products}`,
        undefined,
        admin1,
      ],
      ['Employees', 'GET', `/master/business-employees/api/v1/business-employees/employee/${employee.id}`],
      [
        'Services',
        'GET',
        `/master/business-services/api/v1/business-services/registry/${await registryWith('services')}`,
      ],
      [
        'Events',
        'GET',
        `/master/business-events/api/v1/business-events/registry/${await registryWith('events')}/stats`,
      ],
      [
        'Subscriptions',
        'GET',
        `/master/business-subscriptions/api/v1/business-subscriptions/registry/${await registryWith('subscriptions')}`,
      ],
      ['Access', 'GET', `/master/business-access/api/v1/business-access/registry/${products}`],
      [
        'Registration management',
        'GET',
        `/master/business-registration/api/v1/business-registration/registry/${products}`,
      ],
      ['Location coordinates', 'GET', `/master/location-coordinate/api/v1/locations/${location.id}`],
      ['Verification', 'GET', `/master/verification/registry/${products}`],
      [
        'Email change',
        'POST',
        '/master/email-change/api/v1/email-change/initiate',
        { business_registry_number: products, new_email: 'cambio@correo.test' },
      ],
      ['Email verification', 'POST', '/master/email-verification/send-code', { email: 'nuevo@correo.test' }],
      [
        'Public registration',
        'POST',
        '/public/business-registration/api/v1/business-registration/verify',
        { field: 'email', value: 'x@correo.test' },
      ],
      ['Business deletion', 'DELETE', `/master/business-deletion/${await registryWith('events')}`],
      ['Business trash', 'GET', '/master/business-trash/api/v1/business-trash/?search=negocio'],
      ['Health', 'GET', '/health'],
      ['Staff audit', 'GET', '/master/staff-audit/api/v1/staff-actions/'],
      ['Business page', 'GET', `/master/business-page/api/v1/business-page/registry/${products}`],
      [
        'Saved views',
        'POST',
        '/master/saved-views/api/v1/saved-views/',
        { name: 'Vista', query: { search: 'pan' } },
      ],
      ['Two-factor policy', 'PUT', '/master/two-factor/api/v1/policy', { admins_require_2fa: false }],
      ['Payment webhooks', 'GET', '/master/webhooks/api/v1/unmatched-events'],
      ['Business import', 'GET', '/master/business-import/api/v1/imports'],
    ];
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ components: spec.components }, 'spec');
    const tested = new Set<string>();
    for (const [family, method, url, body, headers] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...master, ...headers },
        payload: body,
      });
      const label = `${family}: ${method} ${url} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, label).toBeLessThan(300);
      const path = Object.keys(spec.paths).find((p) =>
        new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(url.split('?')[0]!),
      );
      const op = spec.paths[path!]![method.toLowerCase()]!;
      expect(op.tags, label).toEqual([family]);
      const schema = op.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
      expect(schema, label).toBeDefined();
      const validate = ajv.compile(schema!);
      expect(validate(res.json()) ? [] : validate.errors, label).toEqual([]);
      tested.add(family);
    }
    // And the error shape, on a 404 of a family.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/master/verification/registry/NOPE-0',
      headers: master,
    });
    expect(missing.statusCode).toBe(404);
    const errorSchema = ajv.compile({ $ref: 'spec#/components/schemas/ErrorResponse' });
    expect(errorSchema(missing.json()) ? [] : errorSchema.errors).toEqual([]);
    expect(tested.size).toBe(calls.length);
    expect([...tested].sort()).toEqual(TAGS.map((tag) => tag.name).sort());
  });

  it('closes every object of every response schema (no field it does not name is sent)', () => {
    for (const { path, method, op } of operations) {
      for (const [code, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        for (const [at, node] of objectsIn(schema, `${method.toUpperCase()} ${path} ${code}`)) {
          // A closed record names its fields; a map (counts per status) types its values.
          if (node.properties) expect(node.additionalProperties, at).toBe(false);
          else if (!FREE_FORM.some((field) => at.endsWith(field)))
            expect(node.additionalProperties, at).toEqual(
              expect.objectContaining({ type: expect.any(String) }),
            );
        }
      }
    }
  });

  it('answers every GET of every family with a body that matches its declared schema', async () => {
    const one = async <T>(query: string) => (await sql.raw<T>(query).execute(t.db)).rows[0]!;
    const registryWith = async (table: string) =>
      (
        await one<{ r: string }>(
          `select b.business_registry_number as r from businesses b
            where exists (select 1 from ${table} x where x.business_id = b.id) order by b.id limit 1`,
        )
      ).r;
    // The admin's own registration record, as the master's form makes it.
    const created = await t.app.inject({
      method: 'POST',
      url: '/master/registration/api/v1/admin-registration',
      headers: master,
      payload: {
        admin_first_name: 'Lola',
        admin_last_name: 'Pérez',
        admin_email: 'lola.perez@portal.test',
        admin_phone: '7875550199',
        admin_password: 'Segura#2026abc',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const adminId = String(created.json().admin_id);
    const business = await one<{ id: number; business_email: string; business_phone: string }>(
      'select id, business_email, business_phone from businesses order by id limit 1',
    );
    const product = await one<{ id: number; product_id: string }>(
      'select id, product_id from products limit 1',
    );
    const ids: [pattern: RegExp, table: string, value: string][] = [
      [/subscription/, 'subscriptions', ''],
      [
        /locations/,
        'business_locations',
        String((await one<{ id: number }>('select location_id as id from business_locations limit 1')).id),
      ],
      [/schedule/, 'business_schedules', ''],
      [
        /employee/,
        'employees',
        String((await one<{ id: number }>('select employee_id as id from employees limit 1')).id),
      ],
      [
        /event/,
        'events',
        String((await one<{ id: number }>('select event_id as id from events limit 1')).id),
      ],
      [
        /service/,
        'services',
        String((await one<{ id: number }>('select service_id as id from services limit 1')).id),
      ],
      [/admin-(registration|lockout)/, 'products', adminId],
      [/business-data/, 'products', String(business.id)],
      [/./, 'products', String(product.id)],
    ];
    const registries = new Map<string, string>();
    const urlOf = async (path: string) => {
      const [, table, id] = ids.find(([pattern]) => pattern.test(path))!;
      if (!registries.has(table)) registries.set(table, await registryWith(table));
      const url = path
        .replace('{registry}', registries.get(table)!)
        .replace('{id}', id)
        .replace('{productId}', product.product_id)
        .replace('{email}', encodeURIComponent(business.business_email))
        .replace('{phone}', business.business_phone);
      return path.endsWith('/admin-registration/search') ? `${url}?q=Lola` : url;
    };
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const families = new Set<string>();
    let checked = 0;
    for (const { path, method, op } of operations) {
      if (
        method !== 'get' ||
        path.startsWith('/admin/') ||
        path.startsWith('/docs') ||
        path.endsWith('/export') ||
        // One import's reads need an uploaded file first: business-import.test.ts checks them.
        path.includes('{import_id}')
      )
        continue;
      const url = await urlOf(path);
      const res = await t.app.inject({ method: 'GET', url, headers: master });
      const label = `GET ${url} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, label).toBe(200);
      const validate = ajv.compile(op.responses['200']!.content!['application/json']!.schema!);
      expect(validate(res.json()) ? [] : validate.errors, label).toEqual([]);
      families.add(op.tags![0]!);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(60);
    // Every family has GETs (at least its /health).
    expect([...families].sort()).toEqual(TAGS.map((tag) => tag.name).sort());
  });

  it('never sends a column a schema does not name, even when a query selects it', async () => {
    const registry = (
      await sql<{ r: string }>`select business_registry_number as r from businesses limit 1`.execute(t.db)
    ).rows[0]!.r;
    await t.db
      .updateTable('businesses')
      .set({ password_hash: '$argon2id$v=19$m=19456,t=2,p=1$secreto' })
      .where('business_registry_number', '=', registry)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/master/business-registration/api/v1/business-registration/registry/${registry}`,
      headers: master,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('argon2');
    const { registration } = res.json() as { registration: Record<string, unknown> };
    expect(registration.business_registry_number).toBe(registry);
    expect(registration).not.toHaveProperty('password_hash');
    expect(registration).not.toHaveProperty('search_text');
    expect(registration).not.toHaveProperty('must_change_password');
  });

  it('serves the UI at /docs with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(inline!.trim()).toBe('');
    }
    for (const [, src] of page.body.matchAll(/src="([^"]+)"/g)) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(src!, 'http://x/docs/').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
    const root = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(root.statusCode).toBe(200);
  });
});
