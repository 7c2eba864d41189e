import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson, refusedGet } from '../../../test/business-api-helpers.ts';
import { createBusiness, staffApp } from '../../../test/helpers.ts';

const BASE = '/business-registration/api/v1/business-registration';
const ADDRESS = { location_address_1: 'Calle Luna 12', location_city: 'Ponce', location_zip: '00716' };

describe('registration management family', async () => {
  const { t, admin, master } = await staffApp();
  let registry: string;

  beforeAll(async () => {
    const specs = [
      {
        name: 'Panadería Sol',
        category: 'Panaderías',
        year: 2001,
        email: true,
        phone: true,
        date: '2026-01-10T12:00:00Z',
      },
      {
        name: 'Taller Luna',
        category: 'Talleres',
        year: 2015,
        email: true,
        phone: false,
        date: '2026-02-10T12:00:00Z',
      },
      {
        name: 'Café Mar',
        category: 'Panaderías',
        year: 2015,
        email: false,
        phone: false,
        date: '2026-03-10T12:00:00Z',
      },
    ];
    for (const spec of specs) {
      const business = await createBusiness(t, {
        business_name: spec.name,
        business_category: spec.category,
      });
      await t.db
        .updateTable('businesses')
        .set({
          business_year: spec.year,
          verified_email: spec.email,
          verified_phone: spec.phone,
          registration_date: spec.date,
        })
        .where('id', '=', business.id)
        .execute();
      if (spec.name === 'Panadería Sol') {
        registry = business.business_registry_number;
        await t.db
          .insertInto('employees')
          .values({ business_id: business.id, employee_first_name: 'Rosa', employee_last_name: 'Vega' })
          .execute();
        await t.db
          .insertInto('business_schedules')
          .values([
            { business_id: business.id, weekday: 1, opens_at: '08:00', closes_at: '17:00' },
            { business_id: business.id, weekday: 0, is_closed: true },
          ])
          .execute();
      }
    }
  });

  const names = async (query: Record<string, string>) => {
    const res = await getJson(t, `/admin${BASE}/registrations`, admin, query);
    expect(res.statusCode, JSON.stringify(query)).toBe(200);
    return (res.json().registrations as { business_name: string }[]).map((r) => r.business_name);
  };

  it('lists registrations newest first with every SPEC §7 filter', async () => {
    expect(await names({})).toEqual(['Café Mar', 'Taller Luna', 'Panadería Sol']);
    expect(await names({ business_category: 'Panaderías' })).toEqual(['Café Mar', 'Panadería Sol']);
    expect(await names({ business_year: '2015' })).toEqual(['Café Mar', 'Taller Luna']);
    expect(await names({ verified_email: 'true', verified_phone: 'false' })).toEqual(['Taller Luna']);
    expect(await names({ registration_from: '2026-02-01', registration_to: '2026-02-10' })).toEqual([
      'Taller Luna',
    ]);
    expect(await names({ search: 'panaderia' })).toEqual(['Panadería Sol']);
    const page = await getJson(t, `/master${BASE}/registrations`, master, { limit: '1', offset: '1' });
    expect(page.json()).toMatchObject({ total_count: 3, registrations: [{ business_name: 'Taller Luna' }] });
    expect((await getJson(t, `/admin${BASE}/registrations`)).statusCode).toBe(401);
    expect((await getJson(t, `/master${BASE}/registrations`, admin)).statusCode).toBe(403);
  });

  it('answers SPEC §5 list messages word for word', async () => {
    const url = `/admin${BASE}/registrations`;
    const refused = refusedGet(t, admin, url);
    await refused({ business_year: '1899' }, 'Invalid year provided');
    await refused({ business_year: String(new Date().getFullYear() + 1) }, 'Invalid year provided');
    await refused(
      { registration_from: '2026-03-01', registration_to: '2026-02-01' },
      'Date from must be before date to',
    );
    await refused({ limit: '5000' }, 'Limit must be between 1 and 1000');
    await refused({ offset: '-3' }, 'Offset must be non-negative');
  });

  it('answers one registration, and 404 Resource not found for an unknown registry', async () => {
    const res = await getJson(t, `/admin${BASE}/registry/${registry}`, admin);
    expect(res.json().registration).toMatchObject({
      business_registry_number: registry,
      business_name: 'Panadería Sol',
      verified_email: true,
      email_verified: true,
      phone_verified: true,
    });
    expect(res.json().registration).not.toHaveProperty('password_hash');
    expectError(await getJson(t, `/admin${BASE}/registry/REG999999`, admin), 404, 'Resource not found');
    expectError(
      await getJson(t, `/admin${BASE}/registry/REG999999/locations`, admin),
      404,
      'Resource not found',
    );
  });

  it('adds locations with SPEC §5 rules and the Puerto Rico defaults', async () => {
    const url = `/admin${BASE}/registry/${registry}/locations`;
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: admin, payload });
    expectError(
      await post({}),
      400,
      'Missing required location fields: location_address_1, location_city, location_zip',
    );
    expectError(
      await post({ ...ADDRESS, location_latitude: 18.4, location_city: ' ' }),
      400,
      'Missing required location fields: location_longitude, location_city',
    );
    expectError(
      await post({ ...ADDRESS, location_latitude: 91, location_longitude: 0 }),
      400,
      'Latitude must be between -90 and 90',
    );
    expectError(
      await post({ ...ADDRESS, location_latitude: 0, location_longitude: -181 }),
      400,
      'Longitude must be between -180 and 180',
    );
    expectError(
      await post({ ...ADDRESS, location_city: 'x'.repeat(51) }),
      400,
      'location_city must be at most 50 characters',
    );
    expectError(await post({ ...ADDRESS, location_count: -1 }), 400, 'Location count must be non-negative');

    const created = await post({ ...ADDRESS, location_scenery_type: 'Local Comercial' });
    expect(created.statusCode).toBe(201);
    expect(created.json().location).toMatchObject({
      ...ADDRESS,
      location_latitude: 18.2208,
      location_longitude: -66.5901,
      location_country: 'Puerto Rico',
      location_count: 1,
      location_main: true,
      location_visibility: true,
    });
    const exact = await t.app.inject({
      method: 'POST',
      url: `/master${BASE}/registry/${registry}/locations`,
      headers: master,
      payload: { ...ADDRESS, location_latitude: 18.0111, location_longitude: -66.6141, location_main: false },
    });
    expect(exact.statusCode).toBe(201);
    const list = await getJson(t, url, admin);
    expect(list.json().total_count).toBe(2);
    expect(
      (list.json().locations as { location_latitude: number }[]).map((l) => l.location_latitude),
    ).toEqual([18.2208, 18.0111]);
  });

  it('answers 404 when the business is deleted while a location is being added', async () => {
    const gone = await createBusiness(t);
    // The business goes between the service's lookup and its insert, as a concurrent delete would.
    await sql`
      create function test_delete_business_first() returns trigger language plpgsql as $$
      begin
        delete from businesses where id = new.business_id;
        return new;
      end $$`.execute(t.db);
    await sql`
      create trigger test_delete_business_first before insert on business_locations
      for each row execute function test_delete_business_first()`.execute(t.db);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/admin${BASE}/registry/${gone.business_registry_number}/locations`,
        headers: admin,
        payload: ADDRESS,
      });
      expectError(res, 404, 'Resource not found');
    } finally {
      await sql`drop trigger test_delete_business_first on business_locations`.execute(t.db);
      await sql`drop function test_delete_business_first()`.execute(t.db);
    }
  });

  it('serves the subscription, employees and schedule of a registration', async () => {
    expectError(
      await getJson(t, `/admin${BASE}/registry/${registry}/subscription`, admin),
      404,
      'Subscription not found',
    );
    const employees = await getJson(t, `/admin${BASE}/registry/${registry}/employees`, admin);
    expect(employees.json()).toMatchObject({ total_count: 1, employees: [{ employee_first_name: 'Rosa' }] });
    const schedule = await getJson(t, `/master${BASE}/registry/${registry}/schedule`, master);
    expect(schedule.json().schedule).toEqual([
      { weekday: 0, opens_at: null, closes_at: null, is_closed: true },
      { weekday: 1, opens_at: '08:00:00', closes_at: '17:00:00', is_closed: false },
    ]);
    expect((await getJson(t, `/admin${BASE}/health`, admin)).json()).toMatchObject({
      service: 'business-registration',
    });
  });
});
