import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, freshDatabase } from '../../test/test-db.ts';
import { writeTransaction } from './audit.ts';
import type { DatabaseHandle } from './connection.ts';
import { listMigrations, migrate } from './migrate.ts';
import type { Database } from './types.ts';

const handles: DatabaseHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

async function fresh(): Promise<Kysely<Database>> {
  const handle = await freshDatabase();
  handles.push(handle);
  return handle.db;
}

const ADMIN_ACTOR = { changedBy: 'ana.rivera@example.com', ip: '10.1.2.3', userAgent: 'Vitest/1.0' };

async function insertBusiness(
  db: Kysely<Database>,
  overrides: Partial<{ email: string; phone: string }> = {},
) {
  return writeTransaction(db, ADMIN_ACTOR, (trx) =>
    trx
      .insertInto('businesses')
      .values({
        business_name: 'Panadería La Esperanza',
        business_owner: 'Carmen Rivera',
        business_email: overrides.email ?? 'esperanza@example.com',
        business_phone: overrides.phone ?? '7875550101',
        business_category: 'Panaderías',
        business_year: 1998,
      })
      .returning(['id', 'business_registry_number'])
      .executeTakeFirstOrThrow(),
  );
}

function logsOf(db: Kysely<Database>, businessId: number) {
  return db
    .selectFrom('business_change_logs')
    .selectAll()
    .where('business_id', '=', businessId)
    .orderBy('log_id')
    .execute();
}

describe('migrations', () => {
  it('apply on an empty database, create every table, and a second run applies nothing', async () => {
    const handle = await emptyDatabase();
    handles.push(handle);
    const applied = await migrate(handle);
    expect(applied).toEqual(listMigrations().map((migration) => migration.version));
    expect(applied.length).toBeGreaterThanOrEqual(7);

    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(handle.db);
    const names = tables.rows.map((row) => row.table_name);
    for (const table of [
      'admins',
      'admin_registration_logs',
      'businesses',
      ...CONTENT_TABLES,
      'business_change_logs',
      'sessions',
      'email_change_requests',
      'email_verification_codes',
      'outbox_emails',
    ]) {
      expect(names).toContain(table);
    }

    expect(await migrate(handle)).toEqual([]);
    const recorded = await sql<{
      count: number;
    }>`select count(*)::int as count from schema_migrations`.execute(handle.db);
    expect(recorded.rows[0]!.count).toBe(applied.length);
  });
});

describe('business change-log trigger', () => {
  it('writes one INSERT row with the registry number and the writer of the transaction', async () => {
    const db = await fresh();
    const business = await insertBusiness(db);
    const logs = await logsOf(db, business.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      operation_type: 'INSERT',
      business_registry_number: business.business_registry_number,
      changed_column: null,
      old_value: null,
      new_value: 'Panadería La Esperanza',
      changed_by: 'ana.rivera@example.com',
      ip_address: '10.1.2.3',
      user_agent: 'Vitest/1.0',
    });
    expect(business.business_registry_number).toMatch(/^REG\d{6,}$/);
  });

  it('writes exactly one UPDATE row per changed column, with old and new values', async () => {
    const db = await fresh();
    const business = await insertBusiness(db);
    await writeTransaction(db, ADMIN_ACTOR, (trx) =>
      trx
        .updateTable('businesses')
        .set({ business_name: 'Panadería La Nueva Esperanza', verified_email: true, business_year: 1998 })
        .where('id', '=', business.id)
        .execute(),
    );
    const updates = (await logsOf(db, business.id)).filter((log) => log.operation_type === 'UPDATE');
    expect(updates.map((log) => [log.changed_column, log.old_value, log.new_value])).toEqual([
      ['business_name', 'Panadería La Esperanza', 'Panadería La Nueva Esperanza'],
      ['verified_email', 'false', 'true'],
    ]);
    for (const log of updates) {
      expect(log).toMatchObject({
        changed_by: 'ana.rivera@example.com',
        ip_address: '10.1.2.3',
        user_agent: 'Vitest/1.0',
        business_registry_number: business.business_registry_number,
      });
    }
  });

  it("records 'Sistema' without settings, nothing for an update that changes nothing, and masks passwords", async () => {
    const db = await fresh();
    const business = await insertBusiness(db);
    await db
      .updateTable('businesses')
      .set({ business_category: 'Reposterías' })
      .where('id', '=', business.id)
      .execute();
    await db
      .updateTable('businesses')
      .set({ business_category: 'Reposterías' })
      .where('id', '=', business.id)
      .execute();
    await db
      .updateTable('businesses')
      .set({ password_hash: 'secret-hash' })
      .where('id', '=', business.id)
      .execute();

    const updates = (await logsOf(db, business.id)).filter((log) => log.operation_type === 'UPDATE');
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({
      changed_column: 'business_category',
      old_value: 'Panaderías',
      new_value: 'Reposterías',
      changed_by: 'Sistema',
      ip_address: null,
      user_agent: null,
    });
    expect(updates[1]).toMatchObject({
      changed_column: 'password',
      old_value: '********',
      new_value: '********',
    });
  });

  it('writes a DELETE row; the log outlives the business while its content is removed', async () => {
    const db = await fresh();
    const business = await insertBusiness(db);
    const other = await insertBusiness(db, { email: 'otra@example.com', phone: '9395550102' });
    for (const id of [business.id, other.id]) await addContent(db, id);
    await writeTransaction(db, ADMIN_ACTOR, (trx) =>
      trx.updateTable('businesses').set({ verified_phone: true }).where('id', '=', business.id).execute(),
    );

    await writeTransaction(db, { changedBy: 'Master', ip: '10.9.9.9', userAgent: 'Vitest/2.0' }, (trx) =>
      trx.deleteFrom('businesses').where('id', '=', business.id).execute(),
    );

    const logs = await logsOf(db, business.id);
    expect(logs.map((log) => log.operation_type)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(logs[2]).toMatchObject({
      business_registry_number: business.business_registry_number,
      old_value: 'Panadería La Esperanza',
      new_value: null,
      changed_by: 'Master',
      ip_address: '10.9.9.9',
      user_agent: 'Vitest/2.0',
    });
    for (const table of CONTENT_TABLES) {
      expect(await countFor(db, table, business.id), table).toBe(0);
      expect(await countFor(db, table, other.id), table).toBe(1);
    }
  });

  it('logs every column of businesses but the bookkeeping ones (a new column must be added to the trigger)', async () => {
    const db = await fresh();
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'businesses'`.execute(db);
    const definition = await sql<{ body: string }>`
      select pg_get_functiondef('log_business_updates'::regproc) as body`.execute(db);
    const bookkeeping = [
      'password_hash',
      'search_text',
      'updated_at',
      'version',
      'version_changed_by',
      'version_changed_at',
    ];
    const logged = columns.rows.map((row) => row.column_name).filter((name) => !bookkeeping.includes(name));
    expect(logged).toContain('business_name');
    for (const column of logged) expect(definition.rows[0]!.body, column).toContain(`('${column}', `);
  });

  it('logs a changed date as JSON writes it, and one row per changed column for each business of a statement', async () => {
    const db = await fresh();
    const first = await insertBusiness(db);
    const second = await insertBusiness(db, { email: 'otra@example.com', phone: '9395550102' });
    await writeTransaction(db, ADMIN_ACTOR, (trx) =>
      trx
        .updateTable('businesses')
        .set({
          registration_date: new Date('2024-03-05T14:30:00.250Z'),
          business_year: null,
          referral_source: 'feria',
        })
        .where('id', 'in', [first.id, second.id])
        .execute(),
    );
    for (const business of [first, second]) {
      const updates = (await logsOf(db, business.id)).filter((log) => log.operation_type === 'UPDATE');
      expect(updates.map((log) => [log.changed_column, log.old_value, log.new_value])).toEqual([
        ['business_year', '1998', null],
        ['referral_source', null, 'feria'],
        ['registration_date', expect.any(String), '2024-03-05T14:30:00.25+00:00'],
      ]);
    }
  });

  it("moves a business's version only when a column other than updated_at or search_text changed", async () => {
    const db = await fresh();
    const business = await insertBusiness(db);
    const versionOf = () =>
      db
        .selectFrom('businesses')
        .select(['version', 'version_changed_by', 'version_changed_at'])
        .where('id', '=', business.id)
        .executeTakeFirstOrThrow();
    const start = await versionOf();

    await writeTransaction(db, ADMIN_ACTOR, (trx) =>
      trx
        .updateTable('businesses')
        .set({ business_year: 1998, updated_at: new Date() })
        .where('id', '=', business.id)
        .execute(),
    );
    expect(await versionOf()).toEqual(start);

    await writeTransaction(db, ADMIN_ACTOR, (trx) =>
      trx
        .updateTable('businesses')
        .set({ business_description: 'Pan sobao' })
        .where('id', '=', business.id)
        .execute(),
    );
    const moved = await versionOf();
    expect(moved.version).toBe(String(Number(start.version) + 1));
    expect(moved.version_changed_by).toBe('ana.rivera@example.com');
    expect(moved.version_changed_at).toBeInstanceOf(Date);

    // The owner's password is not what staff edit: setting it leaves the version as it is.
    await writeTransaction(db, ADMIN_ACTOR, (trx) =>
      trx
        .updateTable('businesses')
        .set({ password_hash: 'otro-hash', must_change_password: true })
        .where('id', '=', business.id)
        .execute(),
    );
    expect(await versionOf()).toEqual(moved);

    // A write that names the version itself cannot move it, nor one that changes nothing.
    await db
      .updateTable('businesses')
      .set({ version: '99', version_changed_by: 'x' })
      .where('id', '=', business.id)
      .execute();
    expect(await versionOf()).toEqual(moved);
  });
});

const CONTENT_TABLES = [
  'business_locations',
  'business_schedules',
  'products',
  'services',
  'employees',
  'events',
  'access_controls',
  'subscriptions',
  'billing_history',
] as const;

async function countFor(db: Kysely<Database>, table: (typeof CONTENT_TABLES)[number], businessId: number) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function addContent(db: Kysely<Database>, businessId: number) {
  await db
    .insertInto('business_locations')
    .values({
      business_id: businessId,
      location_latitude: 18.2208,
      location_longitude: -66.5901,
      location_address_1: 'Calle Luna 12',
      location_city: 'Caguas',
      location_zip: '00725',
      location_main: false, // a main one would also fill the business's address (migration 041)
    })
    .execute();
  await db
    .insertInto('business_schedules')
    .values({ business_id: businessId, weekday: 1, opens_at: '08:00', closes_at: '17:00' })
    .execute();
  await db
    .insertInto('products')
    .values({
      business_id: businessId,
      product_id: `SKU-T-${businessId}`,
      product_item: 'Pan sobao',
      product_price: 2.5,
    })
    .execute();
  await db
    .insertInto('services')
    .values({ business_id: businessId, service_name: 'Bizcochos por encargo' })
    .execute();
  await db
    .insertInto('employees')
    .values({ business_id: businessId, employee_first_name: 'Luis', employee_last_name: 'Torres' })
    .execute();
  await db
    .insertInto('events')
    .values({ business_id: businessId, event_title: 'Noche de Bohemia', event_date: '2030-05-01' })
    .execute();
  await db
    .insertInto('access_controls')
    .values({ business_id: businessId, is_master_access: true })
    .execute();
  const subscription = await db
    .insertInto('subscriptions')
    .values({
      business_id: businessId,
      subscription_provider: 'stripe',
      subscription_tier: 'basic',
      subscription_status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('billing_history')
    .values({
      business_id: businessId,
      subscription_id: subscription.id,
      amount: 999,
      transaction_date: '2026-01-01T00:00:00Z',
      provider: 'stripe',
      tier: 'basic',
      status: 'succeeded',
    })
    .execute();
}

describe('constraints', () => {
  it('reject out-of-range values', async () => {
    const db = await fresh();
    const business = await insertBusiness(db);
    await expect(
      db
        .insertInto('products')
        .values({ business_id: business.id, product_id: 'SKU-X', product_item: 'Pan', product_status: 'x' })
        .execute(),
    ).rejects.toThrow(/check constraint/i);
    await expect(
      db
        .insertInto('business_locations')
        .values({
          business_id: business.id,
          location_latitude: 91,
          location_longitude: -66.5,
          location_address_1: 'Calle Sol 1',
          location_city: 'Ponce',
          location_zip: '00716',
        })
        .execute(),
    ).rejects.toThrow(/check constraint/i);
    await expect(
      db.updateTable('businesses').set({ business_phone: '12345' }).where('id', '=', business.id).execute(),
    ).rejects.toThrow(/check constraint/i);
    expect(await countFor(db, 'products', business.id)).toBe(0);
  });

  it('keep business emails unique regardless of case, and phones unique', async () => {
    const db = await fresh();
    await insertBusiness(db);
    await expect(insertBusiness(db, { email: 'ESPERANZA@example.com', phone: '7875550199' })).rejects.toThrow(
      /unique|duplicate/i,
    );
    await expect(insertBusiness(db, { email: 'otra@example.com' })).rejects.toThrow(/unique|duplicate/i);
  });
});
