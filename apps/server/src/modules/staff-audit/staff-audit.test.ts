import { LOCK_RELEASE_ACTION } from '@portal/contract/admin-lockout';
import { MSG } from '@portal/contract/messages';
import { STAFF_AUDIT_PATH, type StaffActionRecord } from '@portal/contract/staff-audit';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../../test/helpers.ts';

const IP = '10.20.30.40';
const AGENT = 'AuditoriaPrueba/1.0';

interface Row {
  id: string | number;
  action: string;
  actor_role: string;
  actor_admin_id: number | null;
  actor_identifier: string;
  target_kind: string | null;
  target_admin_id: number | null;
  target_registry: string | null;
  details: Record<string, unknown>;
  ip_address: string | null;
  user_agent: string | null;
}

describe('staff audit log', async () => {
  const t = await createTestApp();
  let master: Headers;
  let admin: Headers;
  let adminId: number;
  let adminEmail: string;
  let seen = 0;

  beforeAll(async () => {
    master = { ...(await masterHeaders(t)), 'user-agent': AGENT };
    const created = await createAdmin(t);
    admin = { ...created.headers, 'user-agent': AGENT };
    adminId = created.admin.admin_id;
    adminEmail = created.admin.admin_email;
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url, headers, payload, remoteAddress: IP });

  /** The rows written since the last call. */
  async function newRows(): Promise<Row[]> {
    const result = await sql<Row>`select * from staff_actions where id > ${seen} order by id`.execute(t.db);
    const last = result.rows.at(-1);
    if (last) seen = Number(last.id);
    return result.rows;
  }

  async function expectOneRow(expected: Partial<Row>): Promise<Row> {
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip_address: IP, user_agent: AGENT, ...expected });
    return rows[0]!;
  }

  const asMaster = { actor_role: 'master', actor_identifier: 'Master', actor_admin_id: null };
  const asAdmin = () => ({ actor_role: 'admin', actor_identifier: adminEmail, actor_admin_id: adminId });
  const ADMINS = '/master/registration/api/v1/admin-registration';

  it('records each admin-account write once, with the master, IP, user agent and target', async () => {
    await newRows();
    const created = await call('POST', ADMINS, master, {
      admin_first_name: 'Luz',
      admin_last_name: 'Colón',
      admin_email: 'luz.colon@portal.test',
      admin_phone: '7875550111',
      admin_password: 'Segura#2026',
      access_status: 'pending',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().admin_id as number;
    await expectOneRow({ ...asMaster, action: 'admin_create', target_kind: 'admin', target_admin_id: id });

    expect((await call('PUT', `${ADMINS}/${id}`, master, { access_status: 'active' })).statusCode).toBe(200);
    await expectOneRow({ action: 'admin_approve', target_admin_id: id });

    expect((await call('PUT', `${ADMINS}/${id}`, master, { admin_first_name: 'Luisa' })).statusCode).toBe(
      200,
    );
    const edit = await expectOneRow({ action: 'admin_update', target_admin_id: id });
    expect(edit.details).toMatchObject({ fields: ['admin_first_name'] });

    const reset = await call('POST', `${ADMINS}/${id}/reset-password`, master, {
      new_password: 'Nueva#Clave26',
    });
    expect(reset.statusCode).toBe(200);
    const resetRow = await expectOneRow({ action: 'admin_reset_password', target_admin_id: id });
    expect(JSON.stringify(resetRow.details)).not.toContain('Nueva#Clave26');

    const other = (await createAdmin(t)).admin.admin_id;
    await newRows();
    const bulk = await call('POST', `${ADMINS}/bulk`, master, { action: 'suspend', admin_ids: [other, id] });
    expect(bulk.statusCode).toBe(200);
    const bulkRow = await expectOneRow({ action: 'admin_bulk', target_kind: 'admins' });
    // The names as they were when the action ran, in the order the master gave the ids.
    expect(bulkRow.details).toEqual({
      bulk_action: 'suspend',
      admin_ids: [other, id],
      admins: [
        { admin_id: other, name: 'Ana Rivera' },
        { admin_id: id, name: 'Luisa Colón' },
      ],
    });

    const unlock = await call('DELETE', `/master/registration/api/v1/admin-lockout/${id}`, master);
    expect(unlock.statusCode).toBe(200);
    await expectOneRow({ action: LOCK_RELEASE_ACTION, target_admin_id: id });

    expect((await call('DELETE', `${ADMINS}/${id}`, master)).statusCode).toBe(200);
    const deleted = await expectOneRow({ action: 'admin_delete', target_admin_id: id });
    expect(deleted.details).toMatchObject({ admin_email: 'luz.colon@portal.test' });
  });

  it('records each business write by an admin once, naming the admin and the registry', async () => {
    const business = await insertBusiness(t, { business_email: 'antes@correo.test' });
    const registry = business.business_registry_number;
    await newRows();

    const verified = await call('PATCH', `/admin/verification/registry/${registry}`, admin, {
      verified_email: true,
    });
    expect(verified.statusCode).toBe(200);
    const row = await expectOneRow({
      ...asAdmin(),
      action: 'verification_update',
      target_registry: registry,
    });
    expect(row.details).toEqual({ verified_email: true });

    const emailBase = '/admin/email-change/api/v1/email-change';
    const change = { business_registry_number: registry, new_email: 'despues@correo.test' };
    expect((await call('POST', `${emailBase}/initiate`, admin, change)).statusCode).toBe(200);
    await expectOneRow({ ...asAdmin(), action: 'email_change_request', target_registry: registry });
    const code = /(\d{6})/.exec(t.mail.at(-1)!.text)![1]!;
    const done = await call('POST', `${emailBase}/complete`, admin, { ...change, verification_code: code });
    expect(done.statusCode).toBe(200);
    const confirm = await expectOneRow({ action: 'email_change_confirm', target_registry: registry });
    expect(confirm.details).toEqual({ old_email: 'antes@correo.test', new_email: 'despues@correo.test' });

    const accessBase = `/admin/business-access/api/v1/business-access/registry/${registry}`;
    expect((await call('POST', `${accessBase}/default`, admin)).statusCode).toBe(201);
    await expectOneRow({
      ...asAdmin(),
      action: 'access_create',
      target_registry: registry,
      target_admin_id: adminId,
    });
    const toggle = await call('PATCH', `${accessBase}/admin/${adminId}`, admin, {
      access_type: 'product_access',
      new_value: false,
    });
    expect(toggle.statusCode).toBe(200);
    const toggled = await expectOneRow({ action: 'access_toggle', target_registry: registry });
    expect(toggled.details).toMatchObject({
      access_type: 'product_access',
      old_value: true,
      new_value: false,
    });

    const registered = await call(
      'POST',
      '/public/business-registration/api/v1/business-registration/register',
      admin,
      {
        business_name: 'Colmado Auditado',
        business_owner: 'Carmen Rosario',
        business_email: 'auditado@correo.test',
        business_phone: '7875550199',
        password: 'Secreta#2026',
        business_terms: true,
        business_year: 1999,
      },
    );
    expect(registered.statusCode).toBe(201);
    await expectOneRow({
      ...asAdmin(),
      action: 'business_register',
      target_registry: registered.json().business_registry_number,
    });

    const exported = await call(
      'GET',
      `/admin/business-data/api/v1/business-data/export?category=Colmados`,
      admin,
    );
    expect(exported.statusCode).toBe(200);
    const exportRow = await expectOneRow({
      ...asAdmin(),
      action: 'export_directory',
      target_kind: 'directory',
    });
    expect(exportRow.details).toMatchObject({ category: 'Colmados' });
    const history = await call(
      'GET',
      `/admin/business-change-logs/api/v1/business-change-logs/registry/${registry}/export`,
      admin,
    );
    expect(history.statusCode).toBe(200);
    await expectOneRow({ action: 'export_history', target_registry: registry });

    expect((await call('DELETE', `/master/business-deletion/${registry}`, master)).statusCode).toBe(200);
    await expectOneRow({ ...asMaster, action: 'business_delete', target_registry: registry });
  });

  it('records nothing for a failed write, nor for a public registration', async () => {
    const business = await insertBusiness(t);
    const registry = business.business_registry_number;
    await newRows();
    const failures = [
      await call('POST', ADMINS, master, {
        admin_first_name: 'Ana',
        admin_last_name: 'Rivera',
        admin_email: adminEmail,
        admin_password: 'Segura#2026',
      }),
      await call('PUT', `${ADMINS}/999999`, master, { admin_first_name: 'Nadie' }),
      await call('POST', `${ADMINS}/999999/reset-password`, master, { new_password: 'Nueva#Clave26' }),
      await call('POST', `${ADMINS}/bulk`, master, { action: 'suspend', admin_ids: [adminId, 999999] }),
      await call('DELETE', `${ADMINS}/999999`, master),
      await call('PATCH', '/admin/verification/registry/REG999999', admin, { verified_email: true }),
      await call('POST', '/admin/email-change/api/v1/email-change/complete', admin, {
        business_registry_number: registry,
        new_email: 'nunca@correo.test',
        verification_code: '000000',
      }),
      await call('DELETE', '/master/business-deletion/REG999999', master),
      await call('DELETE', `/master/business-deletion/${registry}`, admin),
      await call('GET', '/admin/business-data/api/v1/business-data/export?limit=0', admin),
    ];
    for (const res of failures) expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const publicCall = await call(
      'POST',
      '/public/business-registration/api/v1/business-registration/register',
      {},
      {
        business_name: 'Colmado Público',
        business_owner: 'Carmen Rosario',
        business_email: 'publico@correo.test',
        business_phone: '7875550188',
        password: 'Secreta#2026',
        business_terms: true,
      },
    );
    expect(publicCall.statusCode).toBe(201);
    expect(await newRows()).toEqual([]);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from staff_actions`.execute(t.db);
    expect(before.rows[0]!.n).toBeGreaterThan(0);
    await expect(sql`update staff_actions set action = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from staff_actions`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate staff_actions`.execute(t.db)).rejects.toThrow(/append-only/);
    const after = await sql<{ n: number }>`select count(*)::int as n from staff_actions`.execute(t.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('is read by the master only', async () => {
    for (const path of ['', '/export', '/health']) {
      expect((await call('GET', `${STAFF_AUDIT_PATH}${path}`, {})).statusCode).toBe(401);
      const asAdminRes = await call('GET', `${STAFF_AUDIT_PATH}${path}`, admin);
      expect(asAdminRes.statusCode).toBe(403);
      expect(asAdminRes.json().error).toBe(MSG.onlyMaster);
      expect((await call('GET', `/admin/staff-audit/api/v1/staff-actions${path}`, admin)).statusCode).toBe(
        404,
      );
    }
    expect((await call('GET', `${STAFF_AUDIT_PATH}/health`, master)).statusCode).toBe(200);
    for (const route of t.app.routeAccess.filter((r) => r.url.startsWith(STAFF_AUDIT_PATH))) {
      expect(route.access).toBe('master');
    }
  });

  it('filters by staff member, action, registry and dates, and pages newest first', async () => {
    const list = async (query: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: STAFF_AUDIT_PATH, headers: master, query });
      expect(res.statusCode).toBe(200);
      return res.json() as { staff_actions: StaffActionRecord[]; total_count: number; has_more: boolean };
    };
    const all = await list({ limit: '1000' });
    expect(all.total_count).toBe(all.staff_actions.length);
    const ids = all.staff_actions.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byAdmin = await list({ staff: adminEmail.slice(0, 12).toUpperCase(), limit: '1000' });
    expect(byAdmin.total_count).toBeGreaterThan(0);
    for (const row of byAdmin.staff_actions) expect(row.actor_identifier).toBe(adminEmail);
    expect(byAdmin.staff_actions.map((row) => row.action)).toContain('email_change_confirm');
    // % and _ are letters to look for, not LIKE wildcards.
    expect((await list({ staff: '%' })).total_count).toBe(0);
    const wildcard = `${adminEmail.slice(0, 3)}_${adminEmail.slice(4, 10)}`;
    expect((await list({ staff: wildcard })).total_count).toBe(0);
    const combined = await list({ staff: adminEmail, action: 'email_change_confirm', date_to: '2999-12-31' });
    expect(combined.staff_actions.map((row) => [row.actor_identifier, row.action])).toEqual(
      combined.staff_actions.map(() => [adminEmail, 'email_change_confirm']),
    );
    expect(combined.total_count).toBeGreaterThan(0);

    const creates = await list({ action: 'admin_create' });
    expect(creates.staff_actions.map((row) => row.action)).toEqual(['admin_create']);
    expect(creates.staff_actions[0]).toMatchObject({
      actor_identifier: 'Master',
      ip_address: IP,
      user_agent: AGENT,
    });

    const registry = all.staff_actions.find((row) => row.action === 'business_delete')!.target_registry!;
    const forBusiness = await list({ registry: registry.toLowerCase() });
    expect(forBusiness.staff_actions.map((row) => row.action).sort()).toEqual(
      [
        'access_create',
        'access_toggle',
        'business_delete',
        'email_change_confirm',
        'email_change_request',
        'export_history',
        'verification_update',
      ].sort(),
    );

    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ date_from: today, date_to: today, limit: '1000' })).total_count).toBe(
      all.total_count,
    );
    expect((await list({ date_to: '2000-01-01' })).total_count).toBe(0);

    const page = await list({ limit: '2', offset: '1' });
    expect(page.staff_actions.map((row) => row.id)).toEqual(ids.slice(1, 3));
    expect(page.has_more).toBe(true);

    const bad = await t.app.inject({
      method: 'GET',
      url: STAFF_AUDIT_PATH,
      headers: master,
      query: { action: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const reversed = await t.app.inject({
      method: 'GET',
      url: STAFF_AUDIT_PATH,
      headers: master,
      query: { date_from: '2026-02-01', date_to: '2026-01-01' },
    });
    expect(reversed.statusCode).toBe(400);
  });

  it('exports the filtered log as CSV and records the export', async () => {
    await newRows();
    const res = await call('GET', `${STAFF_AUDIT_PATH}/export?action=admin_create`, master);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="auditoria_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"ID","Fecha y Hora","Miembro del personal","Rol","ID de administrador","Acción","Objetivo",' +
        '"Detalles","IP","Navegador","Agente de Usuario"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"\d+","\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z",/);
    expect(lines[1]).toContain('"Master","Maestro","","Creación de administrador","Administrador #');
    expect(lines[1]).toContain('"Email: luz.colon@portal.test; Estado: Pendiente"');
    expect(lines[1]).toContain(`"${IP}","Desconocido","${AGENT}"`);
    await expectOneRow({ ...asMaster, action: 'export_audit', target_kind: 'audit' });
  });

  it("keeps a deleted business's change history and audit rows readable by the master", async () => {
    const business = await insertBusiness(t, { business_name: 'Negocio Borrado' });
    const registry = business.business_registry_number;
    await call('PATCH', `/master/verification/registry/${registry}`, master, { verified_phone: true });
    expect((await call('DELETE', `/master/business-deletion/${registry}`, master)).statusCode).toBe(200);

    const history = await call(
      'GET',
      `/master/business-change-logs/api/v1/business-change-logs/registry/${registry}`,
      master,
    );
    expect(history.statusCode).toBe(200);
    const operations = (
      history.json().change_logs as { operation_type: string; changed_column: string | null }[]
    ).map((log) => `${log.operation_type} ${log.changed_column ?? ''}`.trim());
    expect(operations).toEqual(expect.arrayContaining(['DELETE', 'UPDATE verified_phone', 'INSERT']));
    const audit = await t.app.inject({
      method: 'GET',
      url: STAFF_AUDIT_PATH,
      headers: master,
      query: { registry },
    });
    expect(audit.json().staff_actions.map((row: StaffActionRecord) => row.action)).toEqual([
      'business_delete',
      'verification_update',
    ]);
  });
});
