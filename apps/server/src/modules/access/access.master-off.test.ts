// A master turning off one area of an admin's access record is binding on that admin: the admin
// may still turn their own areas off and on, but not back on what a master turned off.
import { ACCESS_MESSAGES } from '@portal/contract/access';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import {
  createAdmin,
  createBusiness,
  createTestApp,
  type Headers,
  masterHeaders,
} from '../../../test/helpers.ts';

const BASE = '/business-access/api/v1/business-access';

describe("a master's 'off' on an admin's access record", async () => {
  const t = await createTestApp();

  it('cannot be undone by that admin; only a master turns it back on', async () => {
    const admin = await createAdmin(t);
    const master = await masterHeaders(t);
    const registry = (await createBusiness(t)).business_registry_number;
    const toggle = (
      role: 'admin' | 'master',
      headers: Headers,
      target: string,
      type: string,
      value: boolean,
    ) =>
      t.app.inject({
        method: 'PATCH',
        url: `/${role}${BASE}/registry/${registry}/admin/${target}`,
        headers,
        payload: { access_type: type, new_value: value },
      });
    const own = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/admin${BASE}/registry/${registry}`,
          headers: admin.headers,
        })
      ).json().access_controls[0] as Record<string, unknown>;
    const id = String(admin.admin.admin_id);

    const created = await t.app.inject({
      method: 'POST',
      url: `/admin${BASE}/registry/${registry}/default`,
      headers: admin.headers,
    });
    expect(created.statusCode).toBe(201);
    expect((await toggle('master', master, id, 'product_access', false)).statusCode).toBe(200);

    expectError(
      await toggle('admin', admin.headers, 'current_user', 'product_access', true),
      403,
      ACCESS_MESSAGES.masterTurnedOff,
    );
    expect(await own()).toMatchObject({ admin_id: 'current_user', product_access: false });
    const history = await t.app.inject({
      method: 'GET',
      url: `/master${BASE}/registry/${registry}/history`,
      headers: master,
    });
    expect(history.json().total_count).toBe(1);

    // The admin's own choices stay theirs: off and on again.
    expect((await toggle('admin', admin.headers, 'current_user', 'event_access', false)).statusCode).toBe(
      200,
    );
    expect((await toggle('admin', admin.headers, 'current_user', 'event_access', true)).statusCode).toBe(200);

    // The master turns it back on; from then on the admin decides it again.
    expect((await toggle('master', master, id, 'product_access', true)).statusCode).toBe(200);
    expect((await toggle('admin', admin.headers, 'current_user', 'product_access', false)).statusCode).toBe(
      200,
    );
    expect((await toggle('admin', admin.headers, 'current_user', 'product_access', true)).statusCode).toBe(
      200,
    );
    expect(await own()).toMatchObject({ product_access: true, event_access: true });
  });
});
