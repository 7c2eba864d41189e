import { CONFLICT_MSG } from '@portal/contract/edit-conflicts';
import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { type Headers, staffApp } from '../../../test/helpers.ts';

describe('business deletion', async () => {
  const { t, admin, master } = await staffApp();

  const remove = (registry: string, headers: Headers) =>
    t.app.inject({ method: 'DELETE', url: `/master/business-deletion/${registry}`, headers });

  it('removes the business and its content in one go, keeping its history', async () => {
    const business = await insertBusiness(t, { business_name: 'Colmado Que Cierra' });
    const registry = business.business_registry_number;
    const id = business.id;
    await t.db
      .insertInto('products')
      .values({ product_id: 'P-1', business_id: id, product_item: 'Pan' })
      .execute();
    await t.db
      .insertInto('business_locations')
      .values({
        business_id: id,
        location_latitude: 18.2,
        location_longitude: -66.5,
        location_address_1: 'Calle 1',
        location_city: 'Ponce',
        location_zip: '00716',
        location_main: false, // a main one would also fill the business's address (migration 041)
      })
      .execute();
    await t.db.insertInto('access_controls').values({ business_id: id, is_master_access: true }).execute();
    const keep = await insertBusiness(t);
    await t.db
      .insertInto('products')
      .values({ product_id: 'P-2', business_id: keep.id, product_item: 'Café' })
      .execute();

    const res = await remove(registry.toLowerCase(), master);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Negocio eliminado exitosamente.' });

    expect(await t.db.selectFrom('businesses').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('products').select('product_id').execute()).toEqual([{ product_id: 'P-2' }]);
    expect(await t.db.selectFrom('business_locations').select('location_id').execute()).toEqual([]);
    expect(await t.db.selectFrom('access_controls').select('access_id').execute()).toEqual([]);

    const history = await t.app.inject({
      method: 'GET',
      url: `/master/business-change-logs/api/v1/business-change-logs/registry/${registry}`,
      headers: master,
    });
    const logs = history.json().change_logs;
    expect(logs.map((log: { operation_type: string }) => log.operation_type)).toEqual(['DELETE', 'INSERT']);
    expect(logs[0]).toMatchObject({ changed_by: 'Master', old_value: 'Colmado Que Cierra' });
  });

  it('is master only, with the SPEC message for others', async () => {
    const { business_registry_number: registry } = await insertBusiness(t);
    expect((await remove(registry, {})).statusCode).toBe(401);
    const denied = await remove(registry, admin);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('Access denied: Business deletion is a master-level-only function.');
    expect(
      await t.db
        .selectFrom('businesses')
        .select('id')
        .where('business_registry_number', '=', registry)
        .execute(),
    ).toHaveLength(1);
    const adminPath = await t.app.inject({
      method: 'DELETE',
      url: `/admin/business-deletion/${registry}`,
      headers: admin,
    });
    expect(adminPath.statusCode).toBe(404);
  });

  it('applies If-Match when sent: a stale version is a 412 and nothing is deleted', async () => {
    const business = await insertBusiness(t);
    const registry = business.business_registry_number;
    const seen = { 'if-match': `"${business.version}"` };
    await t.db
      .updateTable('businesses')
      .set({ business_owner: 'Otra Persona' })
      .where('id', '=', business.id)
      .execute();
    const stale = await t.app.inject({
      method: 'DELETE',
      url: `/master/business-deletion/${registry}`,
      headers: { ...master, ...seen },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      success: false,
      error: CONFLICT_MSG.preconditionFailed,
      current: { business_owner: 'Otra Persona', business_registry_number: registry },
    });
    const stored = await t.db
      .selectFrom('businesses')
      .select('version')
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(stale.json().current_version).toBe(stored.version);
    const trashed = () =>
      t.db
        .selectFrom('business_trash')
        .select('business_id')
        .where('business_id', '=', business.id)
        .execute();
    expect(await trashed()).toEqual([]);

    const current = await t.app.inject({
      method: 'DELETE',
      url: `/master/business-deletion/${registry}`,
      headers: { ...master, 'if-match': `"${stored.version}"` },
    });
    expect(current.statusCode).toBe(200);
    expect(await trashed()).toEqual([{ business_id: business.id }]);
  });

  it('answers 404 for an unknown registry', async () => {
    const res = await remove('REG999999', master);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(MSG.businessNotFound);
  });
});
