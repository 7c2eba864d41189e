// The access records tell, before anyone tries, which toggles a master's 'off' binds: on an admin's
// record, to that admin and to masters; never on another admin's record nor on the master record.
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createBusiness,
  createTestApp,
  type Headers,
  masterHeaders,
} from '../../../test/helpers.ts';

const BASE = '/business-access/api/v1/business-access';

type Listed = { admin_id: unknown; turned_off_by_master?: string[] };

describe("the toggles a master's 'off' binds, in the access records", async () => {
  const t = await createTestApp();

  it("are listed after a master's off, not after a master's on nor the admin's own off", async () => {
    const admin = await createAdmin(t);
    const other = await createAdmin(t);
    const master = await masterHeaders(t);
    const registry = (await createBusiness(t)).business_registry_number;
    const id = admin.admin.admin_id;
    const toggle = async (role: 'admin' | 'master', headers: Headers, type: string, value: boolean) => {
      const target = role === 'admin' ? 'current_user' : String(id);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/${role}${BASE}/registry/${registry}/admin/${target}`,
        headers,
        payload: { access_type: type, new_value: value },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().access_control as Listed;
    };
    const list = async (role: 'admin' | 'master', headers: Headers) => {
      const res = await t.app.inject({ method: 'GET', url: `/${role}${BASE}/registry/${registry}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().access_controls as Listed[];
    };
    const adminsOwn = async () =>
      (await list('admin', admin.headers)).find((r) => r.admin_id === 'current_user');
    const mastersView = async () => (await list('master', master)).find((r) => r.admin_id === id);

    for (const [role, headers] of [
      ['master', master],
      ['admin', admin.headers],
    ] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: `/${role}${BASE}/registry/${registry}/default`,
        headers,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    expect((await adminsOwn())?.turned_off_by_master).toEqual([]);

    // The admin's own off binds nobody.
    expect((await toggle('admin', admin.headers, 'event_access', false)).turned_off_by_master).toEqual([]);
    expect((await adminsOwn())?.turned_off_by_master).toEqual([]);

    // A master's off binds: the admin and masters are told, in the answer and in the list.
    expect((await toggle('master', master, 'product_access', false)).turned_off_by_master).toEqual([
      'product_access',
    ]);
    expect((await adminsOwn())?.turned_off_by_master).toEqual(['product_access']);
    const seen = await list('master', master);
    expect(seen.find((r) => r.admin_id === id)?.turned_off_by_master).toEqual(['product_access']);
    expect(seen.find((r) => r.admin_id === null)).not.toHaveProperty('turned_off_by_master');

    // Another admin does not learn it about someone else's record.
    const othersView = (await list('admin', other.headers)).find((r) => r.admin_id === id);
    expect(othersView).toBeDefined();
    expect(othersView).not.toHaveProperty('turned_off_by_master');

    // A master's off of what the admin had turned off binds as well.
    await toggle('admin', admin.headers, 'event_access', true);
    await toggle('master', master, 'event_access', false);
    expect((await mastersView())?.turned_off_by_master).toEqual(['event_access', 'product_access']);

    // A master's on frees it again.
    expect((await toggle('master', master, 'product_access', true)).turned_off_by_master).toEqual([
      'event_access',
    ]);
    expect((await adminsOwn())?.turned_off_by_master).toEqual(['event_access']);
    await toggle('master', master, 'event_access', true);
    expect((await adminsOwn())?.turned_off_by_master).toEqual([]);
  });
});
