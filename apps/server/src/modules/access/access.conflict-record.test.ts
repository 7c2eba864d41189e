// A stale toggle's 412 carries the record as a GET lists it, with the toggles a master's 'off'
// binds: the screen's conflict view must not offer what only a master may undo.
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createBusiness,
  createTestApp,
  type Headers,
  masterHeaders,
} from '../../../test/helpers.ts';

const BASE = '/business-access/api/v1/business-access';

describe("a stale toggle's 412 record", async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const admin = await createAdmin(t);
  const ifMatch = (headers: Headers, version: string) => ({ ...headers, 'if-match': `"${version}"` });

  it('is the record the GET lists, turned_off_by_master included', async () => {
    const registry = (await createBusiness(t)).business_registry_number;
    const created = await t.app.inject({
      method: 'POST',
      url: `/admin${BASE}/registry/${registry}/default`,
      headers: admin.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const seen = created.json().access_control.version as string;

    const byMaster = await t.app.inject({
      method: 'PATCH',
      url: `/master${BASE}/registry/${registry}/admin/${admin.admin.admin_id}`,
      headers: master,
      payload: { access_type: 'product_access', new_value: false },
    });
    expect(byMaster.statusCode, byMaster.body).toBe(200);

    const listed = async (role: 'admin' | 'master', headers: Headers, adminId: unknown) => {
      const res = await t.app.inject({ method: 'GET', url: `/${role}${BASE}/registry/${registry}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().access_controls as { admin_id: unknown }[]).find((r) => r.admin_id === adminId);
    };

    for (const [role, headers, target, adminId] of [
      ['admin', admin.headers, 'current_user', 'current_user'],
      ['master', master, String(admin.admin.admin_id), admin.admin.admin_id],
    ] as const) {
      const stale = await t.app.inject({
        method: 'PATCH',
        url: `/${role}${BASE}/registry/${registry}/admin/${target}`,
        headers: ifMatch(headers, seen),
        payload: { access_type: 'product_access', new_value: true },
      });
      expect(stale.statusCode, stale.body).toBe(412);
      const current = stale.json().current;
      expect(current.turned_off_by_master).toEqual(['product_access']);
      expect(current).toEqual(await listed(role, headers, adminId));
    }
  });
});
