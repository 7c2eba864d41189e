import { MSG } from '@portal/contract/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../../test/helpers.ts';

describe('verification', async () => {
  const t = await createTestApp();
  let admin: Headers;
  let adminEmail: string;
  let master: Headers;
  let registry: string;

  beforeAll(async () => {
    const created = await createAdmin(t);
    admin = { ...created.headers, 'user-agent': 'PruebaNavegador/1.0' };
    adminEmail = created.admin.admin_email;
    master = await masterHeaders(t);
    registry = (await insertBusiness(t, { business_name: 'Colmado Ruiz' })).business_registry_number;
    await insertBusiness(t, { verified_email: true, verified_phone: true });
    await insertBusiness(t, { verified_email: true });
    await insertBusiness(t, { verified_email: true });
  });

  const patch = (url: string, headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });

  /** The business's change-log rows of one operation, or of one changed column. */
  const logsWhere = (filter: { operation_type: 'UPDATE' } | { changed_column: string }) =>
    t.db
      .selectFrom('business_change_logs')
      .selectAll()
      .where('business_registry_number', '=', registry)
      .where((eb) => eb.and(filter))
      .execute();

  it('reads the status of a business, or 404', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/verification/registry/${registry}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().verification_status).toMatchObject({
      business_registry_number: registry,
      business_name: 'Colmado Ruiz',
      verified_email: false,
      verified_phone: false,
      status: 'Partially Verified',
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/admin/verification/registry/REG999999',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Resource not found');
  });

  it('sets one flag and logs an UPDATE row naming the admin, IP and browser', async () => {
    const res = await patch(`/admin/verification/registry/${registry}`, admin, { verified_email: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().verification_status).toMatchObject({ verified_email: true, verified_phone: false });
    const logs = await logsWhere({ operation_type: 'UPDATE' });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      changed_column: 'verified_email',
      old_value: 'false',
      new_value: 'true',
      changed_by: adminEmail,
      ip_address: '127.0.0.1',
      user_agent: 'PruebaNavegador/1.0',
    });
  });

  it('sets both flags as master, logged as Master', async () => {
    const res = await patch(`/master/verification/registry/${registry}`, master, {
      verified_email: true,
      verified_phone: true,
    });
    expect(res.json().verification_status.status).toBe('Fully Verified');
    const logs = await logsWhere({ changed_column: 'verified_phone' });
    expect(logs).toMatchObject([{ old_value: 'false', new_value: 'true', changed_by: 'Master' }]);
  });

  it('refuses a body without flags or with non-booleans', async () => {
    const url = `/admin/verification/registry/${registry}`;
    const none = await patch(url, admin, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('At least one of verified_email or verified_phone is required');
    const text = await patch(url, admin, { verified_email: 'yes' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('verified_email and verified_phone must be booleans');
    const missing = await patch('/admin/verification/registry/REG999999', admin, { verified_phone: true });
    expect(missing.statusCode).toBe(404);
  });

  it('checks the caller', async () => {
    const url = `/master/verification/registry/${registry}`;
    expect((await patch(url, {}, { verified_email: true })).statusCode).toBe(401);
    const denied = await patch(url, admin, { verified_email: true });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe(MSG.onlyMaster);
  });

  it('gives the verification stats', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/master/verification/stats', headers: master });
    // 4 businesses: 2 fully verified, 2 with email only.
    expect(res.json().stats).toEqual({
      total_businesses: 4,
      fully_verified_count: 2,
      partially_verified_count: 2,
      unverified_count: 0,
      email_verified_count: 4,
      phone_verified_count: 2,
      email_verified_percent: 100,
      phone_verified_percent: 50,
    });
    const health = await t.app.inject({ method: 'GET', url: '/admin/verification/health', headers: admin });
    expect(health.json()).toMatchObject({ success: true, service: 'verification' });
  });
});
