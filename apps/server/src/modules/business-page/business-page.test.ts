import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';

const BASE = '/business-page/api/v1/business-page';

describe('business page family', async () => {
  const {
    t,
    admin,
    master,
    businesses: [business, bare],
  } = await contentFamily(BASE, { businesses: 2 });
  const registry = business.business_registry_number;

  beforeAll(async () => {
    await t.db
      .updateTable('businesses')
      .set({
        business_address: 'Calle Sol 12, San Juan',
        business_year: 2015,
        business_description: 'Panadería de barrio',
        device_type: 'mobile',
        referral_source: 'Facebook',
        verified_email: true,
        admin_verified: true,
      })
      .where('id', '=', business.id)
      .execute();
    // The branch first by id: the main location must still come first.
    await t.db
      .insertInto('business_locations')
      .values([
        {
          business_id: business.id,
          location_latitude: 18.2,
          location_longitude: -67.14,
          location_address_1: 'Carr. 2 km 150',
          location_city: 'Mayagüez',
          location_zip: '00680',
          location_scenery_type: 'Centro comercial',
          location_main: false,
        },
        {
          business_id: business.id,
          location_latitude: 18.4655,
          location_longitude: -66.1057,
          location_address_1: 'Calle Sol 12',
          location_city: 'San Juan',
          location_zip: '00901',
          location_scenery_type: 'Urbano',
          location_main: true,
        },
      ])
      .execute();
    // Prices 5, 60, 150: one product under 10, none 10-50, one 50-100, one over 100.
    await t.db
      .insertInto('products')
      .values([
        { product_id: 'BP-1', business_id: business.id, product_item: 'Café', product_price: 5 },
        {
          product_id: 'BP-2',
          business_id: business.id,
          product_item: 'Bandeja',
          product_price: 60,
          product_visible: false,
        },
        {
          product_id: 'BP-3',
          business_id: business.id,
          product_item: 'Bizcocho de boda',
          product_price: 150,
          product_status: 'out of stock',
        },
        { product_id: 'BP-X', business_id: bare.id, product_item: 'De otro negocio', product_price: 1 },
      ])
      .execute();
    // Starting prices 20 and 600: one under 25, one over 500.
    await t.db
      .insertInto('services')
      .values([
        { business_id: business.id, service_name: 'Catering', service_min_price: 20, service_capacity: 30 },
        { business_id: business.id, service_name: 'Boda', service_min_price: 600, service_max_price: 900 },
      ])
      .execute();
    await t.db
      .insertInto('employees')
      .values({ business_id: business.id, employee_first_name: 'Ana', employee_last_name: 'Ríos' })
      .execute();
    await t.db
      .insertInto('events')
      .values([
        {
          business_id: business.id,
          event_title: 'Cata',
          event_date: '2020-01-10',
          event_status: 'completed',
        },
        { business_id: business.id, event_title: 'Feria', event_date: '2020-02-10' },
        { business_id: business.id, event_title: 'Taller', event_date: '2020-03-10' },
        { business_id: business.id, event_title: 'Expo', event_date: '2020-04-10' },
      ])
      .execute();
    // Two subscriptions: the newer one is the current.
    await t.db
      .insertInto('subscriptions')
      .values([
        {
          business_id: business.id,
          subscription_provider: 'stripe',
          subscription_tier: 'basic',
          subscription_status: 'ended',
          created_at: '2024-01-01T00:00:00Z',
        },
        {
          business_id: business.id,
          subscription_provider: 'paypal',
          subscription_tier: 'premium',
          subscription_status: 'active',
          subscription_renews: false,
          created_at: '2025-06-01T00:00:00Z',
        },
      ])
      .execute();
  });

  it('answers the first paint in one call, for admin and master alike', async () => {
    for (const headers of [admin, master]) {
      const prefix = headers === admin ? '/admin' : '/master';
      const res = await getJson(t, `${prefix}${BASE}/registry/${registry.toLowerCase()}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        business: {
          id: business.id,
          business_registry_number: registry,
          business_name: business.business_name,
          business_owner: 'Luis Ortiz',
          business_email: business.business_email,
          business_phone: business.business_phone,
          business_address: 'Calle Sol 12, San Juan',
          business_category: 'Restaurantes',
          business_year: 2015,
          business_description: 'Panadería de barrio',
          device_type: 'mobile',
          referral_source: 'Facebook',
          verified_email: true,
          verified_phone: false,
          admin_verified: true,
          verification_status: 'Partially Verified',
        },
        counts: { products: 3, services: 2, employees: 1, events: 4 },
        subscription: {
          subscription_tier: 'premium',
          subscription_status: 'active',
          subscription_provider: 'paypal',
          subscription_renews: false,
        },
      });
      expect(body.business).not.toHaveProperty('password_hash');
      expect(
        body.locations.map((l: Record<string, unknown>) => [
          l.location_city,
          l.location_main,
          l.location_latitude,
          l.location_longitude,
          l.location_scenery_type,
        ]),
      ).toEqual([
        ['San Juan', true, 18.4655, -66.1057, 'Urbano'],
        ['Mayagüez', false, 18.2, -67.14, 'Centro comercial'],
      ]);
    }
  });

  it('answers zero counts, no locations and a null subscription for a business without them', async () => {
    const res = await getJson(t, `/admin${BASE}/registry/${bare.business_registry_number}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      locations: [],
      counts: { products: 1, services: 0, employees: 0, events: 0 },
      subscription: null,
    });
  });

  it('answers 404 Resource not found for an unknown registry number, on both calls', async () => {
    expectError(await getJson(t, `/admin${BASE}/registry/REG999999`, admin), 404, 'Resource not found');
    expectError(
      await getJson(t, `/master${BASE}/registry/REG999999/content-stats`, master),
      404,
      'Resource not found',
    );
  });

  it('refuses a caller without a session', async () => {
    expect((await getJson(t, `/admin${BASE}/registry/${registry}`)).statusCode).toBe(401);
    expect((await getJson(t, `/master${BASE}/registry/${registry}/content-stats`)).statusCode).toBe(401);
  });

  it("answers the four families' stats with SPEC §9's price buckets in one call", async () => {
    for (const [prefix, headers] of [
      ['/admin', admin],
      ['/master', master],
    ] as const) {
      const res = await getJson(t, `${prefix}${BASE}/registry/${registry}/content-stats`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const { stats } = res.json() as { stats: Record<string, Record<string, unknown>> };
      expect(stats.products).toMatchObject({
        total_products: 3,
        visible_products: 2,
        hidden_products: 1,
        in_stock_products: 2,
        out_of_stock_products: 1,
        average_price: 71.67,
        price_ranges: { under_10: 1, '10_to_50': 0, '50_to_100': 1, over_100: 1 },
      });
      expect(stats.services).toMatchObject({
        total_services: 2,
        total_capacity: 30,
        average_min_price: 310,
        price_ranges: { under_25: 1, '25_to_100': 0, '100_to_500': 0, over_500: 1 },
      });
      expect(stats.employees).toMatchObject({ total_employees: 1, active_employees: 1 });
      // Every event is in 2020: all past, none upcoming.
      expect(stats.events).toMatchObject({
        total_events: 4,
        past_events: 4,
        upcoming_events: 0,
        events_by_status: { completed: 1, scheduled: 3 },
      });
    }
  });

  it('answers the same stats as the four families each do on their own', async () => {
    const page = (await getJson(t, `/admin${BASE}/registry/${registry}/content-stats`, admin)).json();
    for (const family of ['products', 'services', 'employees', 'events']) {
      const own = await getJson(
        t,
        `/admin/business-${family}/api/v1/business-${family}/registry/${registry}/stats`,
        admin,
      );
      expect(page.stats[family], family).toEqual(own.json().stats);
    }
  });
});
