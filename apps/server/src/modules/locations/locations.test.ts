import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson } from '../../../test/business-api-helpers.ts';
import { contentFamily } from '../../../test/content-fixture.ts';
import type { Headers } from '../../../test/helpers.ts';

const BASE = '/location-coordinate/api/v1/locations';

describe('location coordinates family', async () => {
  const { t, admin, master, registry, business } = await contentFamily(BASE);
  let locationId: number;

  beforeAll(async () => {
    const row = await t.db
      .insertInto('business_locations')
      .values({
        business_id: business.id,
        location_latitude: 18.2208,
        location_longitude: -66.5901,
        location_address_1: 'Calle Sol 1',
        location_city: 'Utuado',
        location_zip: '00641',
      })
      .returning('location_id')
      .executeTakeFirstOrThrow();
    locationId = row.location_id;
  });

  const patch = (id: string | number, headers: Headers, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `${headers['x-master-key'] ? '/master' : '/admin'}${BASE}/${id}/coordinates`,
      headers,
      payload,
    });

  it('reads a location for admin and master, 401 without a session', async () => {
    const res = await getJson(t, `/admin${BASE}/${locationId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toMatchObject({
      location_id: locationId,
      business_registry_number: registry,
      location_city: 'Utuado',
    });
    expect((await getJson(t, `/master${BASE}/${locationId}`, master)).statusCode).toBe(200);
    expect((await getJson(t, `/admin${BASE}/${locationId}`)).statusCode).toBe(401);
    expectError(await getJson(t, `/admin${BASE}/999999`, admin), 404, 'Location not found');
    expectError(await getJson(t, `/admin${BASE}/%20`, admin), 400, 'Location ID is required');
  });

  it('moves the pin with numeric, in-range coordinates', async () => {
    const res = await patch(locationId, admin, { location_latitude: 18.4655, location_longitude: -66.1057 });
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toMatchObject({ location_latitude: 18.4655, location_longitude: -66.1057 });
    const moved = await patch(locationId, master, { location_latitude: -90, location_longitude: 180 });
    expect(moved.json().location).toMatchObject({ location_latitude: -90, location_longitude: 180 });
  });

  it('refuses bad coordinates with SPEC §5 messages and changes nothing', async () => {
    expectError(
      await patch(locationId, admin, { location_latitude: '18.1', location_longitude: -66 }),
      400,
      'Latitude and longitude must be numeric',
    );
    expectError(
      await patch(locationId, admin, { location_latitude: 18 }),
      400,
      'Latitude and longitude must be numeric',
    );
    expectError(
      await patch(locationId, admin, { location_latitude: 90.5, location_longitude: 0 }),
      400,
      'Latitude must be between -90 and 90',
    );
    expectError(
      await patch(locationId, admin, { location_latitude: 0, location_longitude: 200 }),
      400,
      'Longitude must be between -180 and 180',
    );
    expectError(
      await patch(999999, admin, { location_latitude: 1, location_longitude: 1 }),
      404,
      'Location not found',
    );
    const row = await t.db
      .selectFrom('business_locations')
      .select(['location_latitude'])
      .where('location_id', '=', locationId)
      .executeTakeFirstOrThrow();
    expect(row.location_latitude).toBe(-90);
    expect((await getJson(t, `/admin${BASE}/health`, admin)).json()).toMatchObject({
      service: 'location-coordinate',
    });
  });

  it("records the pin move against the business's registry, so its Auditoría lists it", async () => {
    const coordinates = { location_latitude: 18.01, location_longitude: -66.61 };
    expect((await patch(locationId, admin, coordinates)).statusCode).toBe(200);
    const res = await getJson(t, '/master/staff-audit/api/v1/staff-actions', master, {
      registry,
      action: 'location_coordinates',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff_actions[0]).toMatchObject({
      target_kind: 'business',
      target_registry: registry,
      details: { location_id: locationId, ...coordinates },
    });
  });
});
