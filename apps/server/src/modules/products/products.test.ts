import { beforeAll, describe, expect, it } from 'vitest';
import { contentFamily } from '../../../test/content-fixture.ts';

const BASE = '/business-products/api/v1/business-products';

describe('products family', async () => {
  const {
    t,
    admin,
    master,
    registry,
    insertRows,
    businesses: [, other],
  } = await contentFamily(BASE, { businesses: 2 });
  let firstId: number;

  beforeAll(async () => {
    // Hand-made catalogue: prices 5, 10, 49.99, 50, 100, 150.50 (sum 365.49, average 60.915 -> 60.92).
    const rows = await insertRows('products', [
      {
        product_id: 'P-1',
        product_item: 'Café molido',
        product_price: 5,
        product_status: 'in stock',
      },
      {
        product_id: 'P-2',
        product_item: 'Pan sobao',
        product_price: 10,
        product_status: 'in stock',
        product_visible: false,
      },
      {
        product_id: 'P-3',
        product_item: 'Quesito',
        product_price: 49.99,
        product_status: 'out of stock',
      },
      {
        product_id: 'P-4',
        product_item: 'Mallorca',
        product_price: 50,
        product_status: 'discontinued',
      },
      {
        product_id: 'P-5',
        product_item: 'Bizcocho',
        product_price: 100,
        product_status: 'in stock',
        product_description: 'Panadería fina',
      },
      {
        product_id: 'P-6',
        product_item: 'Tembleque',
        product_price: 150.5,
        product_status: 'coming soon',
        product_visible: false,
      },
      { product_id: 'P-X', business_id: other.id, product_item: 'Otro negocio', product_price: 1 },
    ]);
    firstId = rows[0].id;
  });

  it('lists a business catalogue with total_count for admin and master, 401 without a session', async () => {
    for (const [prefix, headers] of [
      ['/admin', admin],
      ['/master', master],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${prefix}${BASE}/registry/${registry}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().total_count).toBe(6);
      expect(res.json().products).toHaveLength(6);
    }
    const none = await t.app.inject({ method: 'GET', url: `/admin${BASE}/registry/${registry}` });
    expect(none.statusCode).toBe(401);
    const adminOnMaster = await t.app.inject({
      method: 'GET',
      url: `/master${BASE}/registry/${registry}`,
      headers: admin,
    });
    expect(adminOnMaster.statusCode).toBe(403);
  });

  it('applies every filter', async () => {
    const get = async (query: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin${BASE}/registry/${registry}`,
        headers: admin,
        query,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { products: { product_id: string }[]; total_count: number };
    };
    expect((await get({ product_status: 'in stock' })).total_count).toBe(3);
    expect((await get({ product_visible: 'false' })).products.map((p) => p.product_id)).toEqual([
      'P-2',
      'P-6',
    ]);
    expect((await get({ min_price: '10', max_price: '50' })).total_count).toBe(3);
    expect((await get({ search: 'panaderia' })).products.map((p) => p.product_id)).toEqual(['P-5']);
    const page = await get({ limit: '2', offset: '4' });
    expect(page.total_count).toBe(6);
    expect(page.products).toHaveLength(2);
  });

  it('answers SPEC §5 messages word for word', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ min_price: '60', max_price: '50' }, 'Minimum price must be less than maximum price'],
      [{ product_status: 'sold' }, 'Invalid product status'],
      [{ limit: '0' }, 'Limit must be between 1 and 1000'],
      [{ limit: '1001' }, 'Limit must be between 1 and 1000'],
      [{ offset: '-1' }, 'Offset must be non-negative'],
      [{ search: 'a' }, 'Search term must be at least 2 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin${BASE}/registry/${registry}`,
        headers: admin,
        query,
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const blank = await t.app.inject({ method: 'GET', url: `/admin${BASE}/registry/%20`, headers: admin });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Registry number is required');
    const trailing = await t.app.inject({ method: 'GET', url: `/admin${BASE}/registry/`, headers: admin });
    expect(trailing.statusCode).toBe(400);
    expect(trailing.json().error).toBe('Registry number is required');
    const noId = await t.app.inject({ method: 'GET', url: `/admin${BASE}/product/%20`, headers: admin });
    expect(noId.json().error).toBe('Product ID is required');
  });

  it('computes stats in SQL from the hand-made data', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/master${BASE}/registry/${registry}/stats`,
      headers: master,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toEqual({
      total_products: 6,
      visible_products: 4,
      hidden_products: 2,
      in_stock_products: 3,
      out_of_stock_products: 1,
      average_price: 60.92,
      products_by_status: { 'in stock': 3, 'out of stock': 1, discontinued: 1, 'coming soon': 1 },
      // under 10: 5 | 10-50: 10, 49.99 | 50-100: 50, 100 | over 100: 150.50
      price_ranges: { under_10: 1, '10_to_50': 2, '50_to_100': 2, over_100: 1 },
    });
  });

  it('serves statuses, by-id lookups, 404s and health', async () => {
    const statuses = await t.app.inject({
      method: 'GET',
      url: `/admin${BASE}/registry/${registry}/statuses`,
      headers: admin,
    });
    expect(statuses.json().statuses).toEqual([
      { value: 'in stock', count: 3 },
      { value: 'out of stock', count: 1 },
      { value: 'discontinued', count: 1 },
      { value: 'coming soon', count: 1 },
    ]);
    const byId = await t.app.inject({ method: 'GET', url: `/admin${BASE}/${firstId}`, headers: admin });
    expect(byId.json().product.product_item).toBe('Café molido');
    const byCode = await t.app.inject({ method: 'GET', url: `/admin${BASE}/product/P-4`, headers: admin });
    expect(byCode.json().product.product_price).toBe(50);
    const missing = await t.app.inject({ method: 'GET', url: `/admin${BASE}/999999`, headers: admin });
    expect(missing.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/admin${BASE}/registry/REG999999`,
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toContain('not found');
    const health = await t.app.inject({ method: 'GET', url: `/master${BASE}/health`, headers: master });
    expect(health.json()).toMatchObject({ success: true, service: 'business-products' });
  });
});
