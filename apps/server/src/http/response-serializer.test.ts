// The compiled response serializer: it writes what zod + JSON.stringify wrote, sends no
// field a schema does not name at any depth, and sends a timestamp as ISO 8601.
import * as R from '@portal/contract/responses';
import { StaffActionPageResponse, StaffAuditHealthResponse } from '@portal/contract/staff-audit';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, serializerOf } from './response-serializer.ts';

/** What the serializer wrote before: zod's parse (unknown keys dropped), then JSON.stringify. */
const zodThenStringify = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

const created = new Date('2026-03-04T05:06:07.089Z');
const business = {
  id: 7,
  business_registry_number: 'REG000007',
  business_name: 'Panadería "La Ceiba"\nBayamón',
  business_owner: 'Iris Vázquez 😀',
  business_email: 'ceiba@correo.test',
  business_phone: '7875550100',
  business_address: null,
  business_category: 'Panaderías',
  business_description: '\\ barra \u0001 control',
  business_year: null,
  verified_email: true,
  verified_phone: false,
  business_created_at: created,
  registration_date: '2026-03-04T05:06:07.089Z',
  business_owner_name: 'Iris Vázquez 😀',
  business_creation_date: created,
  verification_status: 'partial',
  version: '3',
  // Columns a repository might select by mistake.
  password_hash: '$argon2id$secreto',
  search_text: 'panaderia la ceiba',
};

describe('response serializer', () => {
  it('sends only the fields the schema names, in the envelope and in every row', () => {
    const body = {
      success: true,
      businesses: [business, { ...business, id: 8, nested: { password_hash: 'x' } }],
      total_count: 2,
      total_count_capped: false,
      sql: 'select * from businesses',
    };
    const text = serializerOf(R.BusinessListResponse)(body);
    expect(text).toBe(zodThenStringify(R.BusinessListResponse, body));
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('search_text');
    expect(text).not.toContain('nested');
    expect(text).not.toContain('select');
    const sent = JSON.parse(text);
    expect(Object.keys(sent.businesses[0])).toEqual(
      Object.keys(R.BusinessListResponse.shape.businesses.element.shape),
    );
  });

  it('sends a timestamp given as a Date or a string as ISO 8601, and null where it may be null', () => {
    const admin = {
      admin_id: 3,
      admin_first_name: 'Ana',
      admin_last_name: 'Rivera',
      admin_email: 'ana@portal.test',
      admin_phone: null,
      access_status: 'active',
      admin_access_status: 'active',
      created_at: created,
      updated_at: '2026-01-02T03:04:05.000Z',
      last_login_at: null,
      version: '1',
      admin_password_hash: '$argon2id$secreto',
    };
    const serialize = serializerOf(R.AdminResponse);
    const sent = JSON.parse(serialize({ success: true, admin }));
    expect(sent.admin.created_at).toBe('2026-03-04T05:06:07.089Z');
    expect(sent.admin.updated_at).toBe('2026-01-02T03:04:05.000Z');
    expect(sent.admin.last_login_at).toBeNull();
    expect(sent.admin).not.toHaveProperty('admin_password_hash');
    const later = { ...admin, last_login_at: new Date(Date.UTC(99, 0, 1)) }; // a year before 1000
    expect(serialize({ success: true, admin: later })).toBe(
      zodThenStringify(R.AdminResponse, { success: true, admin: later }),
    );
  });

  it('writes what zod and JSON.stringify wrote for unions, maps, optional and free-form fields', () => {
    const access = (admin_id: number | 'current_user' | null) => ({
      access_id: 1,
      admin_id,
      is_master_access: admin_id === null,
      public_access: true,
      product_access: false,
      service_access: true,
      employee_access: false,
      event_access: true,
      qr_access: false,
      last_update: created,
      admin_email: null,
      admin_name: 'Ana Rivera',
      version: '2',
    });
    const details = {
      subscription_id: 'sub_1',
      current_amount: 1999,
      cancel_at_period_end: false,
      trial_end: null,
    };
    const samples: [z.ZodType, unknown][] = [
      [
        R.AccessListResponse,
        {
          success: true,
          business: { business_registry_number: 'REG1', business_name: 'B', business_owner: 'O', extra: 1 },
          access_controls: [access(4), access('current_user'), access(null)],
          total_count: 3,
        },
      ],
      [
        R.ProductStatsResponse,
        {
          success: true,
          stats: {
            total_products: 3,
            visible_products: 2,
            hidden_products: 1,
            in_stock_products: 2,
            out_of_stock_products: 1,
            average_price: 12.5,
            price_ranges: { '0-10': 1, '10-50': 2, 'with "quotes"': 0 },
            products_by_status: {},
          },
        },
      ],
      [
        R.SubscriptionResponse,
        {
          success: true,
          subscription: {
            id: 1,
            business_registry_number: 'REG1',
            subscription_provider: 'stripe',
            subscription_tier: 'pro',
            subscription_status: 'active',
            subscription_renews: true,
            billing_email: null,
            created_at: created,
            updated_at: created,
            updated_by: 'Stripe',
            stripe_details: { ...details, secret: 'sk_live' },
          },
        },
      ],
      [
        R.SessionResponse,
        {
          success: true,
          message: 'ok',
          jwt: 'a.b.c',
          admin_id: null,
          session_id: 's',
          expires_at: 1_795_000_000,
          login_type: 'master',
          ip_address: '127.0.0.1',
          master_key: undefined,
        },
      ],
      [
        StaffActionPageResponse,
        {
          success: true,
          staff_actions: [
            {
              id: 1,
              action: 'access_toggle',
              actor_role: 'master',
              actor_admin_id: null,
              actor_identifier: 'Master',
              target_kind: 'business',
              target_admin_id: null,
              target_registry: 'REG1',
              details: { access_type: 'qr_access', value: true, list: [1, 'dos', null], nested: { a: 'b' } },
              ip_address: null,
              user_agent: 'curl/8',
              created_at: '2026-03-04T05:06:07.089Z',
            },
          ],
          total_count: 1,
          has_more: false,
        },
      ],
    ];
    for (const [schema, data] of samples)
      expect(serializerOf(schema)(data)).toBe(zodThenStringify(schema, data));
  });

  it('compiles every response schema of the contract', () => {
    const exported: unknown[] = [...Object.values(R), StaffActionPageResponse, StaffAuditHealthResponse];
    const schemas = exported.filter((value): value is z.ZodType => value instanceof z.ZodType);
    expect(schemas.length).toBeGreaterThan(60);
    for (const schema of schemas) expect(typeof serializerOf(schema)).toBe('function');
  });

  it('outside production refuses an answer that breaks its schema, as zod did; production only serializes', () => {
    const route = { schema: R.MessageResponse, method: 'GET', url: '/x', httpStatus: '200' };
    const wrong = { success: true, message: null };
    const checked = responseSerializerCompiler({ check: true })(route);
    let error: unknown;
    try {
      checked(wrong);
    } catch (caught) {
      error = caught;
    }
    expect(isResponseSerializationError(error)).toBe(true);
    expect(checked({ success: true, message: 'hola', extra: 1 })).toBe('{"success":true,"message":"hola"}');
    const production = responseSerializerCompiler({ check: false })(route);
    expect(production({ success: true, message: 'hola', extra: 1 })).toBe(
      '{"success":true,"message":"hola"}',
    );
  });
});
