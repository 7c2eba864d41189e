import { MSG } from '@portal/contract/messages';
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
    expect(asAna.json().business).toEqual({
      business_registry_number: registry,
      business_name: expect.any(String),
      business_owner: 'Luis Ortiz',
    });
    expect(records[2]).toMatchObject({ admin_name: 'Ana Rivera' });
    expect(records[0]).toMatchObject({ admin_email: null, admin_name: null });
    expect(typeof masterRecord.json().access_control.last_update).toBe('string');
    expectError(await getJson(t, `/admin${BASE}/registry/REG999999`, ana.headers), 404, 'Business not found');
  });

  it('lists a business with no records yet as an empty list, found by its registry in any case', async () => {
    const bare = await createBusiness(t);
    const res = await getJson(
      t,
      `/master${BASE}/registry/${bare.business_registry_number.toLowerCase()}`,
      master,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      business: { business_registry_number: bare.business_registry_number },
      access_controls: [],
      total_count: 0,
    });
  });

  it('lets an admin change only their own record, and logs the disable', async () => {
    const res = await patch(`/admin${BASE}/registry/${registry}/admin/current_user`, ana.headers, {
      access_type: 'product_access',
      new_value: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Access updated successfully!');
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

describe('access change history (GET …/registry/{registry}/history)', async () => {
  const t = await createTestApp();
  let ana: { headers: Headers; id: number; email: string };
  let master: Headers;
  let registry: string;
  const history = (family: 'admin' | 'master', headers: Headers, query = '', reg = registry) =>
    getJson(t, `/${family}${BASE}/registry/${reg}/history${query}`, headers);
  const toggle = (family: 'admin' | 'master', headers: Headers, target: string, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/${family}${BASE}/registry/${registry}/admin/${target}`,
      headers: { ...headers, 'user-agent': 'history-agent' },
      payload: body,
    });

  beforeAll(async () => {
    const a = await createAdmin(t);
    ana = { headers: a.headers, id: a.admin.admin_id, email: a.admin.admin_email };
    master = await masterHeaders(t);
    registry = (await createBusiness(t)).business_registry_number;
  });

  it('refuses callers without a session, and admins on the /master family', async () => {
    for (const family of ['admin', 'master'] as const) {
      expectError(await history(family, {}), 401, MSG.unauthorized);
    }
    expectError(await history('master', ana.headers), 403, MSG.onlyMaster);
  });

  it('answers 404 for an unknown registry and an empty page before any change', async () => {
    expectError(await history('admin', ana.headers, '', 'REG999999'), 404, 'Business not found');
    expectError(await history('master', master, '', 'REG999999'), 404, 'Business not found');
    const empty = await history('admin', ana.headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, history: [], total_count: 0, has_more: false });
  });

  it('lists every toggle change newest first, for admins and masters alike', async () => {
    const post = (url: string, headers: Headers) => t.app.inject({ method: 'POST', url, headers });
    expect((await post(`/admin${BASE}/registry/${registry}/default`, ana.headers)).statusCode).toBe(201);
    expect((await post(`/master${BASE}/registry/${registry}/default?master=true`, master)).statusCode).toBe(
      201,
    );
    const changes = [
      () => toggle('admin', ana.headers, 'current_user', { access_type: 'product_access', new_value: false }),
      () =>
        toggle('master', master, 'master', { access_type: 'qr_access', new_value: false, is_master: true }),
      () => toggle('admin', ana.headers, 'current_user', { access_type: 'product_access', new_value: true }),
    ];
    for (const change of changes) expect((await change()).statusCode).toBe(200);
    // Setting a value it already has changes nothing and logs nothing.
    const same = await toggle('admin', ana.headers, 'current_user', {
      access_type: 'product_access',
      new_value: true,
    });
    expect(same.statusCode).toBe(200);

    const asAdmin = await history('admin', ana.headers);
    expect(asAdmin.statusCode).toBe(200);
    const body = asAdmin.json();
    expect(body).toMatchObject({ success: true, total_count: 3, has_more: false });
    expect(body.history).toEqual([
      {
        id: expect.any(Number),
        access_type: 'product_access',
        target_admin_id: 'current_user',
        target_admin_email: ana.email,
        is_master_access: false,
        old_value: false,
        new_value: true,
        changed_by: ana.email,
        changed_at: expect.any(String),
        ip_address: '127.0.0.1',
        user_agent: 'history-agent',
      },
      expect.objectContaining({
        access_type: 'qr_access',
        target_admin_id: null,
        target_admin_email: null,
        is_master_access: true,
        old_value: true,
        new_value: false,
        changed_by: 'Master',
      }),
      expect.objectContaining({
        access_type: 'product_access',
        target_admin_id: 'current_user',
        old_value: true,
        new_value: false,
      }),
    ]);
    const times = body.history.map((row: { changed_at: string }) => Date.parse(row.changed_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const asMaster = (await history('master', master)).json();
    expect(asMaster.history.map((row: { id: number }) => row.id)).toEqual(
      body.history.map((row: { id: number }) => row.id),
    );
    expect(asMaster.history[0].target_admin_id).toBe(ana.id);
    // The registry is matched case-insensitively, like every per-business call.
    expect((await history('admin', ana.headers, '', registry.toLowerCase())).json().total_count).toBe(3);
  });

  it('pages with limit and offset', async () => {
    const all = (await history('admin', ana.headers)).json().history as { id: number }[];
    const first = (await history('admin', ana.headers, '?limit=2')).json();
    expect(first).toMatchObject({ total_count: 3, has_more: true });
    expect(first.history.map((row: { id: number }) => row.id)).toEqual(all.slice(0, 2).map((row) => row.id));
    const second = (await history('master', master, '?limit=2&offset=2')).json();
    expect(second).toMatchObject({ total_count: 3, has_more: false });
    expect(second.history.map((row: { id: number }) => row.id)).toEqual([all[2].id]);
    const past = (await history('admin', ana.headers, '?offset=10')).json();
    expect(past).toEqual({ success: true, history: [], total_count: 3, has_more: false });
  });

  it('answers the list-filter messages word for word for a bad page', async () => {
    expectError(await history('admin', ana.headers, '?limit=0'), 400, MSG.limitRange);
    expectError(await history('admin', ana.headers, '?limit=5000'), 400, MSG.limitRange);
    expectError(await history('admin', ana.headers, '?offset=-1'), 400, MSG.offsetNonNegative);
  });
});
