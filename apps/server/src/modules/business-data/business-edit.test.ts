// PATCH …/business-data/registry/{registry}, the staff edit of a business.
import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { insertBusiness } from '../../../test/business-factory.ts';
import { type Headers, staffApp } from '../../../test/helpers.ts';

const BASE = '/business-data/api/v1/business-data/registry';

describe('business edit', async () => {
  const { t, admin, master } = await staffApp();

  const edit = (role: 'admin' | 'master', registry: string, payload: unknown, headers: Headers = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: `/${role}${BASE}/${registry}`,
      headers: { ...(role === 'admin' ? admin : master), 'user-agent': 'Prueba/1.0', ...headers },
      payload: payload as object,
    });

  const logsOf = (registry: string) =>
    t.db
      .selectFrom('business_change_logs')
      .select([
        'operation_type',
        'changed_column',
        'old_value',
        'new_value',
        'changed_by',
        'ip_address',
        'user_agent',
      ])
      .where('business_registry_number', '=', registry)
      .where('operation_type', '=', 'UPDATE')
      .orderBy('changed_column')
      .execute();

  it('changes the fields sent, answers the record as GET does, one log row per changed field', async () => {
    const business = await insertBusiness(t, {
      business_name: 'Panadería Vieja',
      business_year: 1999,
      business_description: 'Pan',
    });
    const registry = business.business_registry_number;
    const res = await edit('admin', registry.toLowerCase(), {
      business_name: 'Panadería Nueva',
      business_phone: '(787) 555-0199',
      business_year: 1999, // unchanged: no row
      business_description: 'Pan',
      business_category: 'Panaderías',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.business).toMatchObject({
      business_registry_number: registry,
      business_name: 'Panadería Nueva',
      business_phone: '7875550199',
      business_category: 'Panaderías',
      business_year: 1999,
    });
    const get = await t.app.inject({
      method: 'GET',
      url: `/admin/business-data/api/v1/business-data/registry/${registry}`,
      headers: admin,
    });
    expect(get.json().business).toEqual(body.business);
    expect(res.headers.etag).toBe(`"${body.business.version}"`);
    expect(get.headers.etag).toBe(res.headers.etag);

    const logs = await logsOf(registry);
    expect(logs.map((log) => log.changed_column)).toEqual([
      'business_category',
      'business_name',
      'business_phone',
    ]);
    const admins = await t.db.selectFrom('admins').select('admin_email').execute();
    for (const log of logs) {
      expect(admins.map((a) => a.admin_email)).toContain(log.changed_by);
      expect(log.ip_address).toBeTruthy();
      expect(log.user_agent).toBe('Prueba/1.0');
    }
    expect(logs.find((log) => log.changed_column === 'business_name')).toMatchObject({
      old_value: 'Panadería Vieja',
      new_value: 'Panadería Nueva',
    });
    const audit = await t.db
      .selectFrom('staff_actions')
      .select(['action', 'details'])
      .where('target_registry', '=', registry)
      .execute();
    expect(audit).toEqual([
      {
        action: 'business_update',
        details: {
          business_name: 'Panadería Nueva',
          fields: ['business_name', 'business_phone', 'business_category'],
        },
      },
    ]);
  });

  it('writes nothing when nothing changes, and clears an optional field sent blank', async () => {
    const business = await insertBusiness(t, { business_description: 'Algo', business_year: 2001 });
    const registry = business.business_registry_number;
    const same = await edit('master', registry, {
      business_name: business.business_name,
      business_year: 2001,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().business.version).toBe(business.version);
    expect(await logsOf(registry)).toEqual([]);
    expect(
      await t.db.selectFrom('staff_actions').select('id').where('target_registry', '=', registry).execute(),
    ).toEqual([]);

    const cleared = await edit('master', registry, { business_description: '  ', business_year: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().business).toMatchObject({ business_description: null, business_year: null });
    expect((await logsOf(registry)).map((log) => [log.changed_column, log.changed_by])).toEqual([
      ['business_description', 'Master'],
      ['business_year', 'Master'],
    ]);
  });

  it('clears verified_phone when the phone changes, in the same write and the change log', async () => {
    const business = await insertBusiness(t, { verified_email: true, verified_phone: true });
    const registry = business.business_registry_number;
    // The same phone, another field: still verified.
    const same = await edit('admin', registry, {
      business_phone: business.business_phone,
      business_owner: 'Rosa Pérez',
    });
    expect(same.json().business).toMatchObject({
      verified_phone: true,
      verification_status: 'Fully Verified',
    });

    const res = await edit('admin', registry, { business_phone: '7875550142' });
    expect(res.statusCode).toBe(200);
    expect(res.json().business).toMatchObject({
      business_phone: '7875550142',
      verified_email: true,
      verified_phone: false,
      verification_status: 'Partially Verified',
    });
    const logs = await logsOf(registry);
    expect(logs.map((log) => [log.changed_column, log.old_value, log.new_value])).toEqual([
      ['business_owner', business.business_owner, 'Rosa Pérez'],
      ['business_phone', business.business_phone, '7875550142'],
      ['verified_phone', 'true', 'false'],
    ]);
    const audit = await t.db
      .selectFrom('staff_actions')
      .select('details')
      .where('target_registry', '=', registry)
      .orderBy('id')
      .execute();
    expect(audit.at(-1)?.details).toMatchObject({ fields: ['business_phone', 'verified_phone'] });
  });

  it('validates as registration does (SPEC §5 messages), writing nothing', async () => {
    const business = await insertBusiness(t);
    const registry = business.business_registry_number;
    expectError(
      await edit('admin', registry, {}),
      400,
      `At least one field to update is required: business_name, business_owner, business_phone, business_category, business_description, business_address, business_year`,
    );
    expectError(await edit('admin', registry, { business_year: 1800 }), 400, MSG.invalidYear);
    expectError(
      await edit('admin', registry, { business_year: new Date().getFullYear() + 1 }),
      400,
      MSG.invalidYear,
    );
    expectError(
      await edit('admin', registry, { business_phone: '787555' }),
      400,
      'Phone number must have 10 digits',
    );
    expectError(
      await edit('admin', registry, { business_name: ' ' }),
      400,
      'Missing required fields: business_name',
    );
    expectError(
      await edit('admin', registry, { business_name: 'x'.repeat(256) }),
      400,
      'business_name must be at most 255 characters',
    );
    expectError(
      await edit('admin', registry, { business_description: 'x'.repeat(2001) }),
      400,
      'business_description must be at most 2000 characters',
    );
    expectError(
      await edit('admin', registry, { business_email: 'otro@correo.test' }),
      400,
      MSG.invalidRequestData,
    );
    expectError(await edit('admin', registry, { verified_email: true }), 400, MSG.invalidRequestData);
    expect(await logsOf(registry)).toEqual([]);
  });

  it('answers 404 for an unknown registry and 409 for a phone another business has', async () => {
    expectError(await edit('admin', 'REG999998', { business_name: 'Nada' }), 404, MSG.resourceNotFound);
    const other = await insertBusiness(t);
    const business = await insertBusiness(t);
    const res = await edit('master', business.business_registry_number, {
      business_name: 'Cambiado',
      business_phone: other.business_phone,
    });
    expectError(res, 409, MSG.phoneAlreadyRegistered);
    const row = await t.db
      .selectFrom('businesses')
      .select('business_name')
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(row.business_name).toBe(business.business_name);
  });

  it('gives one phone to one business when two edits race for it', async () => {
    const a = await insertBusiness(t);
    const b = await insertBusiness(t);
    const results = await Promise.all(
      [a, b].map((business) =>
        edit('master', business.business_registry_number, { business_phone: '7875559911' }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const holders = await t.db
      .selectFrom('businesses')
      .select('id')
      .where('business_phone', '=', '7875559911')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('applies If-Match: the named version only, else 412 with the record, who and when', async () => {
    const business = await insertBusiness(t);
    const registry = business.business_registry_number;
    const first = await edit(
      'admin',
      registry,
      { business_owner: 'Rosa Pérez' },
      { 'if-match': `"${business.version}"` },
    );
    expect(first.statusCode).toBe(200);
    const stale = await edit(
      'master',
      registry,
      { business_owner: 'Otra Persona' },
      { 'if-match': `"${business.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    const body = stale.json();
    expect(body).toMatchObject({
      success: false,
      error: 'Precondition failed: the record was changed by someone else',
      current_version: first.json().business.version,
      current: { business_owner: 'Rosa Pérez', business_registry_number: registry },
    });
    expect(body.changed_by).toMatch(/@portal\.test$/);
    expect(Number.isNaN(Date.parse(body.changed_at))).toBe(false);
    const now = await t.db
      .selectFrom('businesses')
      .select('business_owner')
      .where('id', '=', business.id)
      .executeTakeFirstOrThrow();
    expect(now.business_owner).toBe('Rosa Pérez');
    expectError(
      await edit('master', registry, { business_owner: 'X Y' }, { 'if-match': 'garbage' }),
      400,
      'Invalid If-Match header: send one or more quoted versions, or *',
    );
  });

  it('of 40 edits naming one version, exactly one is applied', async () => {
    const business = await insertBusiness(t);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        edit(
          'master',
          business.business_registry_number,
          { business_name: `Nombre ${i}` },
          { 'if-match': `"${business.version}"` },
        ),
      ),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(results.filter((res) => res.statusCode === 412)).toHaveLength(39);
    expect(await logsOf(business.business_registry_number)).toHaveLength(1);
  });
});
