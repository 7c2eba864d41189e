// A deleted business goes to the master's trash; restore, purge and the daily purge.
import { TRASH_MSG } from '@portal/contract/business-trash';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { insertBusiness } from '../../../test/business-factory.ts';
import { createAdmin, type Headers, staffApp, type TestApp } from '../../../test/helpers.ts';
import { purgeExpiredTrash } from './business-trash.service.ts';

const TRASH = '/master/business-trash/api/v1/business-trash';
const DATA = '/master/business-data/api/v1/business-data';

/** A business with a row in every table a deletion takes with it. */
async function fullBusiness(t: TestApp, values: Parameters<typeof insertBusiness>[1] = {}) {
  const business = await insertBusiness(t, { business_category: 'Papelera', business_year: 1990, ...values });
  const id = business.id;
  await t.db
    .insertInto('products')
    .values({ product_id: `P-${id}`, business_id: id, product_item: 'Pan' })
    .execute();
  await t.db.insertInto('services').values({ business_id: id, service_name: 'Corte' }).execute();
  await t.db
    .insertInto('employees')
    .values({ business_id: id, employee_first_name: 'Ana', employee_last_name: 'Ruiz' })
    .execute();
  await t.db
    .insertInto('events')
    .values({ business_id: id, event_title: 'Feria', event_date: '2026-12-01' })
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
      location_main: false,
    })
    .execute();
  await t.db
    .insertInto('business_schedules')
    .values({ business_id: id, weekday: 1, is_closed: true })
    .execute();
  const sub = await t.db
    .insertInto('subscriptions')
    .values({
      business_id: id,
      subscription_provider: 'stripe',
      subscription_tier: 'premium',
      subscription_status: 'active',
      provider_details: JSON.stringify({ current_amount: 2500 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('billing_history')
    .values({
      business_id: id,
      subscription_id: sub.id,
      amount: 2500,
      transaction_date: new Date('2026-10-01T00:00:00Z'),
      provider: 'stripe',
      tier: 'premium',
      status: 'succeeded',
    })
    .execute();
  await t.db
    .insertInto('access_controls')
    .values({ business_id: id, is_master_access: true, qr_access: false })
    .execute();
  return business;
}

/** Every row of the business in every table, for before/after comparisons. */
async function rowsOf(t: TestApp, id: number) {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    'products',
    'services',
    'employees',
    'events',
    'business_locations',
    'business_schedules',
    'subscriptions',
    'billing_history',
    'access_controls',
  ]) {
    const result = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where business_id = ${id} order by 1`.execute(t.db);
    out[table] = result.rows;
  }
  return out;
}

describe('business trash', async () => {
  const { t, admin, master } = await staffApp();
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Headers = master,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { ...headers, 'user-agent': 'Prueba/2.0' }, payload });
  const remove = (registry: string) => call('DELETE', `/master/business-deletion/${registry}`);
  const restore = (registry: string, headers: Headers = master) =>
    call('POST', `${TRASH}/registry/${registry}/restore`, headers);
  const purge = (registry: string, headers: Headers = master) =>
    call('DELETE', `${TRASH}/registry/${registry}`, headers);
  const total = async (query = '') =>
    (await call('GET', `${DATA}?limit=10${query}`)).json().total_count as number;

  it('takes a deleted business out of lists, lookups, counts and existence checks, and keeps it in the trash', async () => {
    const business = await fullBusiness(t, {
      business_name: 'Colmado Reciclado',
      business_email: 'reciclado@correo.test',
    });
    const registry = business.business_registry_number;
    const before = await total();
    const beforeCategory = await total('&category=Papelera');
    expect((await remove(registry)).statusCode).toBe(200);

    expect(await total()).toBe(before - 1);
    expect(await total('&category=Papelera')).toBe(beforeCategory - 1);
    expect((await call('GET', `${DATA}/registry/${registry}`)).statusCode).toBe(404);
    expect((await call('GET', `${DATA}?search=Reciclado`)).json().businesses).toEqual([]);
    const exists = await t.app.inject({
      method: 'POST',
      url: '/public/business-registration/api/v1/business-registration/verify',
      payload: { field: 'email', value: 'reciclado@correo.test' },
    });
    expect(exists.json().exists).toBe(false);
    expect(await rowsOf(t, business.id)).toMatchObject({
      products: [],
      access_controls: [],
      subscriptions: [],
    });

    const list = await call('GET', `${TRASH}?search=reciclado`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      success: true,
      total_count: 1,
      businesses: [
        {
          business_registry_number: registry,
          business_name: 'Colmado Reciclado',
          business_email: 'reciclado@correo.test',
          deleted_by: 'Master',
        },
      ],
    });
    expect(Object.keys(list.json().businesses[0]).sort()).toEqual([
      'business_email',
      'business_name',
      'business_registry_number',
      'deleted_at',
      'deleted_by',
    ]);
    // accents and case aside, and the registry number too
    expect((await call('GET', `${TRASH}?search=COLMADO%20reciclado`)).json().total_count).toBe(1);
    expect((await call('GET', `${TRASH}?search=${registry.toLowerCase()}`)).json().total_count).toBe(1);
    expect((await call('GET', `${TRASH}?search=zzzz`)).json()).toMatchObject({
      businesses: [],
      total_count: 0,
    });
    expectError(await call('GET', `${TRASH}?search=a`), 400, MSG.searchMin);
    expectError(await call('GET', `${TRASH}?limit=0`), 400, MSG.limitRange);
  });

  it('restores the business whole: ids, content, locations, access, subscription, history, counts', async () => {
    const business = await fullBusiness(t);
    const registry = business.business_registry_number;
    const rows = await rowsOf(t, business.id);
    const before = await total();
    await call('PATCH' as 'POST', `${DATA}/registry/${registry}`, master, {
      business_description: 'Antes de borrar',
    });
    expect((await remove(registry)).statusCode).toBe(200);
    expect(await total()).toBe(before - 1);

    const res = await restore(registry.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: TRASH_MSG.restored,
      business: {
        id: business.id,
        business_registry_number: registry,
        business_description: 'Antes de borrar',
      },
    });
    expect(await total()).toBe(before);
    expect(await total('&category=Papelera&year=1990')).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(t, business.id)).toEqual(rows);
    const content = await call(
      'GET',
      `/master/business-products/api/v1/business-products/registry/${registry}`,
    );
    expect(content.json().total_count).toBe(1);
    const subscription = await call(
      'GET',
      `/master/business-subscriptions/api/v1/business-subscriptions/registry/${registry}`,
    );
    expect(subscription.statusCode).toBe(200);
    expect(
      (await call('GET', `${TRASH}`))
        .json()
        .businesses.map((b: { business_registry_number: string }) => b.business_registry_number),
    ).not.toContain(registry);

    const history = await call(
      'GET',
      `/master/business-change-logs/api/v1/business-change-logs/registry/${registry}`,
    );
    const logs = history.json().change_logs as {
      operation_type: string;
      changed_column: string | null;
      changed_by: string;
      user_agent: string;
    }[];
    expect(logs.map((log) => [log.operation_type, log.changed_column])).toEqual([
      ['INSERT', 'restored'],
      ['DELETE', null],
      ['UPDATE', 'business_description'],
      ['INSERT', null],
    ]);
    expect(logs[0]).toMatchObject({ changed_by: 'Master', user_agent: 'Prueba/2.0' });

    const audit = await t.db
      .selectFrom('staff_actions')
      .select('action')
      .where('target_registry', '=', registry)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'business_update',
      'business_delete',
      'business_restore',
    ]);
    expectError(await restore(registry), 404, TRASH_MSG.notInTrash);
  });

  it('keeps an address staff cleared empty when the main location comes back with the business', async () => {
    const business = await insertBusiness(t, { business_address: 'Calle Sol 5, Ponce' });
    const registry = business.business_registry_number;
    await t.db
      .insertInto('business_locations')
      .values({
        business_id: business.id,
        location_latitude: 18.0,
        location_longitude: -66.6,
        location_address_1: 'Calle Sol 5',
        location_city: 'Ponce',
        location_zip: '00716',
        location_main: true,
      })
      .execute();
    const cleared = await call('PATCH' as 'POST', `${DATA}/registry/${registry}`, master, {
      business_address: '',
    });
    expect(cleared.statusCode).toBe(200);
    const stored = () =>
      t.db
        .selectFrom('businesses')
        .select(['business_address', 'version'])
        .where('id', '=', business.id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    expect(before.business_address).toBeNull();
    expect((await remove(registry)).statusCode).toBe(200);

    expect((await restore(registry)).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['operation_type', 'changed_column'])
      .where('business_id', '=', business.id)
      .orderBy('log_id')
      .execute();
    const restored = logs.findIndex((log) => log.changed_column === 'restored');
    expect(restored).toBeGreaterThan(0);
    expect(logs.slice(restored + 1)).not.toContainEqual({
      operation_type: 'UPDATE',
      changed_column: 'business_address',
    });
  });

  it('leaves out the access rows of an admin deleted while the business was in the trash', async () => {
    const business = await insertBusiness(t);
    const gone = await createAdmin(t);
    const kept = await createAdmin(t);
    for (const who of [gone, kept])
      await t.db
        .insertInto('access_controls')
        .values({ business_id: business.id, admin_id: who.admin.admin_id })
        .execute();
    await remove(business.business_registry_number);
    await t.db.deleteFrom('admins').where('admin_id', '=', gone.admin.admin_id).execute();
    expect((await restore(business.business_registry_number)).statusCode).toBe(200);
    const access = await t.db
      .selectFrom('access_controls')
      .select('admin_id')
      .where('business_id', '=', business.id)
      .execute();
    expect(access).toEqual([{ admin_id: kept.admin.admin_id }]);
  });

  it('refuses a restore with 409 naming the email or phone taken meanwhile, and keeps it in the trash', async () => {
    for (const field of ['business_email', 'business_phone'] as const) {
      const business = await fullBusiness(t);
      const registry = business.business_registry_number;
      await remove(registry);
      await insertBusiness(t, { [field]: business[field] });
      const res = await restore(registry);
      expectError(res, 409, field === 'business_email' ? TRASH_MSG.emailTaken : TRASH_MSG.phoneTaken);
      expect(res.json()).toMatchObject({ field, details: [{ field }] });
      expect((await call('GET', `${TRASH}?search=${registry}`)).json().total_count).toBe(1);
      expect(
        await t.db.selectFrom('businesses').select('id').where('id', '=', business.id).execute(),
      ).toEqual([]);
      expect(await rowsOf(t, business.id)).toMatchObject({ products: [], subscriptions: [] });
    }
    // the registry number itself (only a hand-made row could take it)
    const business = await insertBusiness(t);
    await remove(business.business_registry_number);
    await insertBusiness(t, { business_registry_number: business.business_registry_number });
    expectError(await restore(business.business_registry_number), 409, TRASH_MSG.registryTaken);
  });

  it('names the business that took the email or phone, so staff know which one to sort out', async () => {
    const business = await insertBusiness(t);
    await remove(business.business_registry_number);
    const holder = await insertBusiness(t, {
      business_name: 'Colmado Con Su Correo',
      business_email: business.business_email.toUpperCase(),
    });
    const res = await restore(business.business_registry_number);
    expectError(res, 409, TRASH_MSG.emailTaken);
    expect(res.json()).toMatchObject({
      field: 'business_email',
      holder: {
        business_registry_number: holder.business_registry_number,
        business_name: 'Colmado Con Su Correo',
      },
    });
  });

  it('purges for good, audited; the trash is master only', async () => {
    const business = await fullBusiness(t);
    const registry = business.business_registry_number;
    await remove(registry);
    for (const res of [
      await call('GET', TRASH, admin),
      await restore(registry, admin),
      await purge(registry, admin),
    ]) {
      expectError(res, 403, TRASH_MSG.onlyMaster);
    }
    expect((await call('GET', TRASH, {})).statusCode).toBe(401);
    expect((await call('GET', TRASH.replace('/master/', '/admin/'), admin)).statusCode).toBe(404);

    const res = await purge(registry);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: TRASH_MSG.purged, business_registry_number: registry });
    expect(
      await t.db
        .selectFrom('business_trash')
        .select('business_id')
        .where('business_id', '=', business.id)
        .execute(),
    ).toEqual([]);
    expectError(await restore(registry), 404, TRASH_MSG.notInTrash);
    expectError(await purge(registry), 404, TRASH_MSG.notInTrash);
    const audit = await t.db
      .selectFrom('staff_actions')
      .select(['action', 'actor_role'])
      .where('target_registry', '=', registry)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'business_delete', actor_role: 'master' },
      { action: 'business_purge', actor_role: 'master' },
    ]);
  });

  it('lists every table that points at businesses (a new one must be kept by the trash or left out on purpose)', async () => {
    const result = await sql<{ name: string }>`
      select distinct conrelid::regclass::text as name from pg_constraint
       where contype = 'f' and confrelid = 'businesses'::regclass order by 1`.execute(t.db);
    const kept = await sql<{ tables: string[] }>`select business_trash_tables() as tables`.execute(t.db);
    const leftOut = ['email_change_requests']; // codes that expire in minutes
    expect(result.rows.map((row) => row.name).sort()).toEqual([...kept.rows[0]!.tables, ...leftOut].sort());
  });
});

describe('trash retention', async () => {
  const { t } = await staffApp();
  const DAY = 86_400_000;

  it('purges what waited longer than the retention, one run at a time, in the audit once', async () => {
    const old = await insertBusiness(t);
    const fresh = await insertBusiness(t);
    for (const business of [old, fresh]) {
      await t.db.transaction().execute(async (trx) => {
        await sql`select business_trash_put(${business.business_registry_number}, 'Master')`.execute(trx);
        await trx.deleteFrom('businesses').where('id', '=', business.id).execute();
      });
    }
    const now = new Date();
    await t.db
      .updateTable('business_trash')
      .set({ deleted_at: new Date(now.getTime() - 31 * DAY) })
      .where('business_id', '=', old.id)
      .execute();

    // Two purgers at once (another process: another handle object on PostgreSQL, serialised by
    // the advisory lock; PGlite has one process, so the same handle).
    const other = t.handle.kind === 'postgres' ? { ...t.handle } : t.handle;
    const [a, b] = await Promise.all([
      purgeExpiredTrash(t.handle, 30, now),
      purgeExpiredTrash(other, 30, now),
    ]);
    expect([...a.purged, ...b.purged]).toEqual([old.business_registry_number]);
    const left = await t.db.selectFrom('business_trash').select('business_id').execute();
    expect(left).toEqual([{ business_id: fresh.id }]);
    const audit = await t.db
      .selectFrom('staff_actions')
      .select(['action', 'actor_role', 'details'])
      .where('action', '=', 'trash_purge')
      .execute();
    expect(audit).toEqual([
      {
        action: 'trash_purge',
        actor_role: 'system',
        details: { retention_days: 30, rows: 1, registries: [old.business_registry_number] },
      },
    ]);
    // 0 keeps everything; a later run finds nothing more to do and writes no audit row
    expect(await purgeExpiredTrash(t.handle, 0, new Date(now.getTime() + 365 * DAY))).toEqual({
      skipped: false,
      purged: [],
    });
    expect(await purgeExpiredTrash(t.handle, 30, now)).toEqual({ skipped: false, purged: [] });
    expect(
      await t.db.selectFrom('staff_actions').select('id').where('action', '=', 'trash_purge').execute(),
    ).toHaveLength(1);
  });

  it('skips a run while another holds the lock', async () => {
    if (t.handle.kind === 'postgres') {
      await t.handle.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(724110060)`.execute(conn);
        try {
          expect(await purgeExpiredTrash({ ...t.handle }, 30)).toEqual({ skipped: true, purged: [] });
        } finally {
          await sql`select pg_advisory_unlock(724110060)`.execute(conn);
        }
      });
    } else {
      const first = purgeExpiredTrash(t.handle, 30);
      expect(await purgeExpiredTrash(t.handle, 30)).toEqual({ skipped: true, purged: [] });
      await first;
    }
  });
});
