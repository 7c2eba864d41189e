// Item 10 (issue #14): /docs/json is a valid OpenAPI 3 document a client generator can use:
// every operation has a tag, summary, unique operationId, a 2xx response schema, the error
// shape and the security its access needs; real responses of every family match their schema.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, masterHeaders, TEST_MASTER } from '../test/helpers.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { TAGS } from './openapi.ts';

type Operation = {
  tags?: string[];
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Spec = { paths: Record<string, Record<string, Operation>>; components: { schemas: object } };

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
      ['Health', 'GET', '/health'],
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
