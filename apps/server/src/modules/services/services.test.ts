import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson, refusedGet } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';

const BASE = '/business-services/api/v1/business-services';

describe('services family', async () => {
  const {
    t,
    admin,
    master,
    registry,
    listOf,
    expectServedToStaff,
    insertRows,
    businesses: [, other],
  } = await contentFamily(BASE, { businesses: 2 });
  let tourId: number;

  beforeAll(async () => {
    const rows = await insertRows('services', [
      {
        service_name: 'Corte de pelo',
        service_category: 'Belleza',
        service_price_type: 'fixed',
        service_min_price: 20,
        service_max_price: 30,
        service_cost: 5,
        service_capacity: 1,
      },
      {
        service_name: 'Masaje',
        service_category: 'Belleza',
        service_price_type: 'hourly',
        service_min_price: 60,
        service_max_price: 120,
        service_cost: 20,
        service_capacity: 2,
        service_visibility: false,
      },
      {
        service_name: 'Tour',
        service_category: 'Turismo',
        service_price_type: 'per_person',
        service_min_price: 100,
        service_max_price: 500,
        service_cost: 50,
        service_capacity: 20,
        service_duration: '02:30:00',
      },
      { service_name: 'Consulta', service_price_type: 'other', service_max_price: 600 },
      {
        service_name: 'Uñas',
        service_category: 'Belleza',
        service_price_type: 'fixed',
        service_min_price: 25,
        service_max_price: 25,
        service_cost: 10,
        service_capacity: 0,
      },
      { business_id: other.id, service_name: 'Ajeno', service_category: 'Otro', service_min_price: 1 },
    ]);
    tourId = rows[2].service_id;
  });

  const list = listOf('services', 'service_name');

  it('is served to admin and master, refused without a session or to an admin under /master', async () => {
    await expectServedToStaff(5);
  });

  it('applies every SPEC §7 filter', async () => {
    expect(await list({ service_category: 'Belleza' })).toEqual(['Corte de pelo', 'Masaje', 'Uñas']);
    expect(await list({ service_price_type: 'fixed' })).toEqual(['Corte de pelo', 'Uñas']);
    expect(await list({ service_visibility: 'false' })).toEqual(['Masaje']);
    // starting price (min, else max) >= 25
    expect(await list({ min_price: '25' })).toEqual(['Consulta', 'Masaje', 'Tour', 'Uñas']);
    // top price (max, else min) <= 120
    expect(await list({ max_price: '120' })).toEqual(['Corte de pelo', 'Masaje', 'Uñas']);
    expect(await list({ min_capacity: '2', max_capacity: '20' })).toEqual(['Masaje', 'Tour']);
    expect(await list({ search: 'unas' })).toEqual(['Uñas']);
    expect(await list({ limit: '2', offset: '1' })).toEqual(['Corte de pelo', 'Masaje']);
  });

  it('answers SPEC §5 messages word for word', async () => {
    const url = `/admin${BASE}/registry/${registry}`;
    const refused = refusedGet(t, admin, url);
    await refused({ min_price: '100', max_price: '50' }, 'Minimum price must be less than maximum price');
    await refused(
      { min_capacity: '5', max_capacity: '1' },
      'Minimum capacity must be less than maximum capacity',
    );
    await refused({ min_price: '-1' }, 'Price must be non-negative');
    await refused({ min_capacity: '-1' }, 'Capacity must be non-negative');
    await refused({ service_price_type: 'daily' }, 'Invalid service price type');
    await refused({ search: ' x ' }, 'Search term must be at least 2 characters');
    expectError(
      await getJson(t, `/admin${BASE}/registry/%20/stats`, admin),
      400,
      'Registry number is required',
    );
    expectError(await getJson(t, `/admin${BASE}/service/%20`, admin), 400, 'Service ID is required');
  });

  it('computes stats from the hand-made data', async () => {
    const res = await getJson(t, `/admin${BASE}/registry/${registry}/stats`, admin);
    expect(res.json().stats).toEqual({
      total_services: 5,
      visible_services: 4,
      hidden_services: 1,
      average_min_price: 51.25, // (20 + 60 + 100 + 25) / 4
      average_max_price: 255, // (30 + 120 + 500 + 600 + 25) / 5
      average_cost: 21.25, // (5 + 20 + 50 + 10) / 4
      total_capacity: 23,
      services_by_category: { Belleza: 3, Turismo: 1, 'Sin categoría': 1 },
      services_by_price_type: { fixed: 2, hourly: 1, per_person: 1, other: 1 },
      // starting prices 20 | 60, 25 | 100 | 600
      price_ranges: { under_25: 1, '25_to_100': 2, '100_to_500': 1, over_500: 1 },
    });
  });

  it('serves categories, price types, a service by id, 404s and health', async () => {
    const categories = await getJson(t, `/admin${BASE}/registry/${registry}/categories`, admin);
    expect(categories.json().categories).toEqual([
      { value: 'Belleza', count: 3 },
      { value: 'Turismo', count: 1 },
      { value: 'Sin categoría', count: 1 },
    ]);
    const allCategories = await getJson(t, `/master${BASE}/categories`, master);
    expect(allCategories.json().categories).toContainEqual({ value: 'Otro', count: 1 });
    const types = await getJson(t, `/admin${BASE}/registry/${registry}/price-types`, admin);
    expect(types.json().price_types).toEqual([
      { value: 'fixed', count: 2 },
      { value: 'hourly', count: 1 },
      { value: 'per_person', count: 1 },
      { value: 'other', count: 1 },
    ]);
    expect((await getJson(t, `/admin${BASE}/price-types`, admin)).json().price_types[0]).toEqual({
      value: 'fixed',
      count: 3,
    });
    const tour = await getJson(t, `/admin${BASE}/service/${tourId}`, admin);
    expect(tour.json().service).toMatchObject({
      service_name: 'Tour',
      service_duration: '02:30:00',
      service_min_price: 100,
    });
    expectError(await getJson(t, `/admin${BASE}/service/999999`, admin), 404, 'Service not found');
    expectError(await getJson(t, `/admin${BASE}/registry/REG999999`, admin), 404, 'Business not found');
    expect((await getJson(t, `/admin${BASE}/health`, admin)).json()).toMatchObject({
      success: true,
      service: 'business-services',
    });
  });
});
