// The portal's 'Registrar Negocio' sends the address only with the main location, so a business
// with no address takes its first main location's address (migration 041), and the businesses
// registered before that are mended by the same migration.
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../../test/business-api-helpers.ts';
import { createAdmin, createBusiness, createTestApp, type Headers } from '../../../test/helpers.ts';
import { migrate } from '../../db/migrate.ts';

const REGISTER = '/public/business-registration/api/v1/business-registration/register';
const REGISTRATION = '/business-registration/api/v1/business-registration';
const BUSINESS_DATA = '/admin/business-data/api/v1/business-data';
const MIGRATION = '041_business_address_from_main_location';
const LOCATION = {
  location_address_1: 'Calle Loíza 1503',
  location_address_2: 'Apt 2',
  location_city: 'San Juan',
  location_zip: '00911',
};

describe('a business takes the address of its main location', async () => {
  const t = await createTestApp();
  let admin: Headers;
  let adminEmail: string;

  beforeAll(async () => {
    const created = await createAdmin(t);
    admin = created.headers;
    adminEmail = created.admin.admin_email;
  });

  const addLocation = (registry: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/admin${REGISTRATION}/registry/${registry}/locations`,
      headers: admin,
      payload,
    });
  const businessOf = async (registry: string) => {
    const res = await getJson(t, `${BUSINESS_DATA}/registry/${registry}`, admin);
    expect(res.statusCode).toBe(200);
    return res.json().business as { business_address?: string | null };
  };

  it('fills business_address from a main location added to a business registered without one', async () => {
    // The portal's two calls: the registration (no address), then the main location.
    const registered = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: admin,
      payload: {
        business_name: 'Colmado Loíza',
        business_owner: 'Carmen Rosario',
        business_email: 'colmado.loiza@correo.test',
        business_phone: '7875559911',
        password: 'Secreta#2026',
        business_terms: true,
        business_category: 'Colmados',
        business_year: 1999,
      },
    });
    expect(registered.statusCode).toBe(201);
    const registry = registered.json().business_registry_number as string;
    expect((await businessOf(registry)).business_address ?? null).toBeNull();

    const added = await addLocation(registry, { ...LOCATION, location_main: true });
    expect(added.statusCode).toBe(201);
    expect(added.json().location).toMatchObject({ ...LOCATION, location_main: true });

    expect((await businessOf(registry)).business_address).toBe('Calle Loíza 1503, Apt 2, San Juan, 00911');
    const logged = await t.db
      .selectFrom('business_change_logs')
      .select(['old_value', 'new_value', 'changed_by'])
      .where('business_registry_number', '=', registry)
      .where('changed_column', '=', 'business_address')
      .execute();
    expect(logged).toEqual([
      { old_value: null, new_value: 'Calle Loíza 1503, Apt 2, San Juan, 00911', changed_by: adminEmail },
    ]);
  });

  it('leaves out an empty second line', async () => {
    const business = await createBusiness(t);
    const { location_address_2: _, ...withoutSecond } = LOCATION;
    expect((await addLocation(business.business_registry_number, withoutSecond)).statusCode).toBe(201);
    expect((await businessOf(business.business_registry_number)).business_address).toBe(
      'Calle Loíza 1503, San Juan, 00911',
    );
  });

  it('keeps an address the business already has', async () => {
    const business = await createBusiness(t);
    await t.db
      .updateTable('businesses')
      .set({ business_address: 'Carr. 2 Km 10, Bayamón, 00959' })
      .where('id', '=', business.id)
      .execute();
    expect((await addLocation(business.business_registry_number, LOCATION)).statusCode).toBe(201);
    expect((await businessOf(business.business_registry_number)).business_address).toBe(
      'Carr. 2 Km 10, Bayamón, 00959',
    );
  });

  it('ignores a location that is not the main one', async () => {
    const business = await createBusiness(t);
    const added = await addLocation(business.business_registry_number, { ...LOCATION, location_main: false });
    expect(added.statusCode).toBe(201);
    expect((await businessOf(business.business_registry_number)).business_address ?? null).toBeNull();
  });

  it('the migration mends a business registered before it, and leaves the others alone', async () => {
    const before = await createBusiness(t, { business_name: 'Registrado antes' });
    const withAddress = await createBusiness(t, { business_name: 'Con dirección' });
    await t.db
      .updateTable('businesses')
      .set({ business_address: 'Calle Sol 1, Ponce, 00716' })
      .where('id', '=', withAddress.id)
      .execute();
    // The database as it was before migration 041, holding what the portal left then: a main
    // location and no business_address.
    await t.handle.exec(`
      DROP TRIGGER business_locations_fill_business_address ON business_locations;
      DROP FUNCTION business_address_from_main_location();
      DROP FUNCTION f_location_address(text, text, text, text);
      DELETE FROM schema_migrations WHERE version = '${MIGRATION}';`);
    for (const business of [before, withAddress]) {
      await t.db
        .insertInto('business_locations')
        .values({
          business_id: business.id,
          location_latitude: 18.2208,
          location_longitude: -66.5901,
          location_address_1: 'Calle Loíza 1503',
          location_city: 'San Juan',
          location_zip: '00911',
        })
        .execute();
    }
    const address = (id: number) =>
      t.db.selectFrom('businesses').select('business_address').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await address(before.id)).business_address).toBeNull();

    expect(await migrate(t.handle)).toEqual([MIGRATION]);

    expect((await address(before.id)).business_address).toBe('Calle Loíza 1503, San Juan, 00911');
    expect((await address(withAddress.id)).business_address).toBe('Calle Sol 1, Ponce, 00716');
  });
});
