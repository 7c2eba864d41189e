import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, getJson } from '../../../test/business-api-helpers.ts';
import {
  createAdmin,
  createBusiness,
  createTestApp,
  type Headers,
  masterHeaders,
} from '../../../test/helpers.ts';

const BASE = '/business-access/api/v1/business-access';

describe('access family', async () => {
  const t = await createTestApp();
  let ana: { headers: Headers; id: number; email: string };
  let beto: { headers: Headers; id: number; email: string };
  let master: Headers;
  let registry: string;

  const post = (url: string, headers: Headers) => t.app.inject({ method: 'POST', url, headers });
  const patch = (url: string, headers: Headers, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url, headers: { ...headers, 'user-agent': 'vitest-agent' }, payload });

  beforeAll(async () => {
    const a = await createAdmin(t);
    const b = await createAdmin(t);
    ana = { headers: a.headers, id: a.admin.admin_id, email: a.admin.admin_email };
    beto = { headers: b.headers, id: b.admin.admin_id, email: b.admin.admin_email };
    master = await masterHeaders(t);
    registry = (await createBusiness(t)).business_registry_number;
  });

  it('creates default records: an admin their own, only a master the master one, never twice', async () => {
    const mine = await post(`/admin${BASE}/registry/${registry}/default`, ana.headers);
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({
      message: 'Default access created for you successfully!',
      access_control: {
        admin_id: 'current_user',
        is_master_access: false,
        product_access: true,
        qr_access: true,
      },
    });
    expectError(
      await post(`/admin${BASE}/registry/${registry}/default`, ana.headers),
      409,
      'Access record already exists',
    );
    expectError(
      await post(`/admin${BASE}/registry/${registry}/default?master=true`, ana.headers),
      403,
      'Only master users can create master access',
    );
    const masterRecord = await post(`/master${BASE}/registry/${registry}/default?master=true`, master);
    expect(masterRecord.statusCode).toBe(201);
    expect(masterRecord.json()).toMatchObject({
      message: 'Master access created successfully!',
      access_control: { admin_id: null, is_master_access: true },
    });
    expectError(
      await post(`/master${BASE}/registry/${registry}/default?master=true`, master),
      409,
      'Master access already exists',
    );
    expect((await post(`/admin${BASE}/registry/${registry}/default`, beto.headers)).statusCode).toBe(201);
    expect((await post(`/admin${BASE}/registry/${registry}/default`, {})).statusCode).toBe(401);
  });

  it("lists the master record first and the caller's own record as current_user", async () => {
    const asAna = await getJson(t, `/admin${BASE}/registry/${registry}`, ana.headers);
    expect(asAna.statusCode).toBe(200);
    const records = asAna.json().access_controls as { admin_id: unknown; admin_email: string | null }[];
    expect(records.map((r) => r.admin_id)).toEqual([null, 'current_user', beto.id]);
    expect(records[2].admin_email).toBe(beto.email);
    const asMaster = await getJson(t, `/master${BASE}/registry/${registry}`, master);
    expect((asMaster.json().access_controls as { admin_id: unknown }[]).map((r) => r.admin_id)).toEqual([
      null,
      ana.id,
      beto.id,
    ]);
    const masterRecord = await getJson(t, `/admin${BASE}/registry/${registry}/master`, ana.headers);
    expect(masterRecord.json().access_control).toMatchObject({ is_master_access: true, public_access: true });
    expect(typeof masterRecord.json().access_control.last_update).toBe('string');
    expectError(await getJson(t, `/admin${BASE}/registry/REG999999`, ana.headers), 404, 'Business not found');
  });

  it('lets an admin change only their own record, and logs the disable', async () => {
    const res = await patch(`/admin${BASE}/registry/${registry}/admin/current_user`, ana.headers, {
      access_type: 'product_access',
      new_value: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_control).toMatchObject({
      admin_id: 'current_user',
      product_access: false,
      service_access: true,
    });

    const logs = await t.db
      .selectFrom('access_change_logs')
      .selectAll()
      .where('business_registry_number', '=', registry)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      target_admin_id: ana.id,
      is_master_access: false,
      access_type: 'product_access',
      old_value: true,
      new_value: false,
      changed_by: ana.email,
      ip_address: '127.0.0.1',
      user_agent: 'vitest-agent',
    });
    expect(logs[0].changed_at).toBeInstanceOf(Date);

    const denied = 'Only master users can change master access or another admin access';
    expectError(
      await patch(`/admin${BASE}/registry/${registry}/admin/${beto.id}`, ana.headers, {
        access_type: 'qr_access',
        new_value: false,
      }),
      403,
      denied,
    );
    expectError(
      await patch(`/admin${BASE}/registry/${registry}/admin/master`, ana.headers, {
        access_type: 'qr_access',
        new_value: false,
        is_master: true,
      }),
      403,
      denied,
    );
    expectError(
      await patch(`/admin${BASE}/registry/${registry}/admin/${ana.id}`, ana.headers, {
        access_type: 'qr',
        new_value: false,
      }),
      400,
      'Invalid request data',
    );
    const untouched = await t.db
      .selectFrom('access_controls')
      .select(['qr_access'])
      .where('admin_id', '=', beto.id)
      .executeTakeFirstOrThrow();
    expect(untouched.qr_access).toBe(true);
    expect(await t.db.selectFrom('access_change_logs').select('id').execute()).toHaveLength(1);
  });

  it("lets a master change the master record and any admin's", async () => {
    const masterChange = await patch(`/master${BASE}/registry/${registry}/admin/master`, master, {
      access_type: 'event_access',
      new_value: false,
      is_master: true,
    });
    expect(masterChange.statusCode).toBe(200);
    expect(masterChange.json().access_control).toMatchObject({ is_master_access: true, event_access: false });
    const other = await patch(`/master${BASE}/registry/${registry}/admin/${beto.id}`, master, {
      access_type: 'public_access',
      new_value: false,
    });
    expect(other.json().access_control).toMatchObject({ admin_id: beto.id, public_access: false });
    const logs = await t.db
      .selectFrom('access_change_logs')
      .select(['target_admin_id', 'is_master_access', 'access_type', 'changed_by'])
      .orderBy('id')
      .execute();
    expect(logs.slice(1)).toEqual([
      { target_admin_id: null, is_master_access: true, access_type: 'event_access', changed_by: 'Master' },
      {
        target_admin_id: beto.id,
        is_master_access: false,
        access_type: 'public_access',
        changed_by: 'Master',
      },
    ]);
    expectError(
      await patch(`/master${BASE}/registry/${registry}/admin/999999`, master, {
        access_type: 'qr_access',
        new_value: true,
      }),
      404,
      'Access record not found',
    );
    expect((await getJson(t, `/master${BASE}/health`, master)).json()).toMatchObject({
      service: 'business-access',
    });
  });
});
