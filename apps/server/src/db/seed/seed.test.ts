import { BUSINESS_CATEGORIES } from '@portal/contract/categories';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, pgUrl, usePostgres } from '../../../test/test-db.ts';
import type { DatabaseHandle } from '../connection.ts';
import type { Database } from '../types.ts';
import { phoneForBusinessId } from './generate.ts';
import { MUNICIPALITIES, PUERTO_RICO_BOUNDS } from './municipalities.ts';
import { hash2, Rng } from './random.ts';
import { type SeedOptions, seedDatabase } from './seed.ts';
import { SEED_TABLES } from './tables.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

async function seeded(options: Partial<SeedOptions> = {}): Promise<DatabaseHandle> {
  const handle = await freshDatabase();
  handles.push(handle);
  await seedDatabase(handle, { businesses: 40, seed: 7, now: NOW, ...options });
  return handle;
}

/** The URL of a PostgreSQL test database, so the seed can use COPY on it. */
async function urlOf(handle: DatabaseHandle): Promise<string | undefined> {
  if (!usePostgres()) return undefined;
  const row = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
  return pgUrl(row.rows[0]!.name);
}

/** The first businesses with every column the seed writes (so two seeds can be compared). */
function firstBusinesses(db: Kysely<Database>, count: number) {
  return db.selectFrom('businesses').select(SEED_TABLES.businesses).orderBy('id').limit(count).execute();
}

const count = async (db: Kysely<Database>, table: keyof Database) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('random', () => {
  it('repeats the same stream for the same seed and differs for another', () => {
    const a = new Rng(hash2(1, 5));
    const b = new Rng(hash2(1, 5));
    const c = new Rng(hash2(2, 5));
    const seqA = Array.from({ length: 5 }, () => a.int(0, 1_000_000));
    expect(Array.from({ length: 5 }, () => b.int(0, 1_000_000))).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.int(0, 1_000_000))).not.toEqual(seqA);
  });

  it('gives each business id its own 787/939 phone', () => {
    const phones = new Set<string>();
    for (let id = 1; id <= 20_000; id++) {
      const phone = phoneForBusinessId(id);
      expect(phone).toMatch(/^(787|939)[2-9]\d{6}$/);
      phones.add(phone);
    }
    expect(phones.size).toBe(20_000);
  });
});

describe('municipalities', () => {
  it('lists the 78 municipalities with their zip codes and coordinates on the island', () => {
    expect(MUNICIPALITIES).toHaveLength(78);
    expect(new Set(MUNICIPALITIES.map((town) => town.name)).size).toBe(78);
    for (const town of MUNICIPALITIES) {
      expect(town.zips.length).toBeGreaterThan(0);
      for (const zip of town.zips) expect(zip).toMatch(/^00[6-9]\d{2}$/);
      expect(town.latitude).toBeGreaterThan(PUERTO_RICO_BOUNDS.minLat);
      expect(town.latitude).toBeLessThan(PUERTO_RICO_BOUNDS.maxLat);
      expect(town.longitude).toBeGreaterThan(PUERTO_RICO_BOUNDS.minLon);
      expect(town.longitude).toBeLessThan(PUERTO_RICO_BOUNDS.maxLon);
    }
    expect(MUNICIPALITIES.find((town) => town.name === 'San Juan')!.zips).toContain('00901');
    expect(MUNICIPALITIES.find((town) => town.name === 'Mayagüez')!.zips).toContain('00680');
  });
});

describe('seedDatabase', () => {
  it('gives the same rows for the same seed and different rows for another seed', async () => {
    const first = await seeded();
    const second = await seeded();
    const other = await seeded({ seed: 8 });
    const rowsA = await firstBusinesses(first.db, 25);
    expect(rowsA).toHaveLength(25);
    expect(await firstBusinesses(second.db, 25)).toEqual(rowsA);

    const rowsC = await firstBusinesses(other.db, 25);
    const sameNames = rowsC.filter((row, index) => row.business_name === rowsA[index]!.business_name).length;
    expect(sameNames).toBeLessThan(5);
    expect(rowsC.map((row) => row.business_email)).not.toEqual(rowsA.map((row) => row.business_email));

    const products = (db: Kysely<Database>) =>
      db
        .selectFrom('products')
        .select(['product_id', 'product_item', 'product_price'])
        .orderBy('id')
        .execute();
    expect(await products(second.db)).toEqual(await products(first.db));
    for (const table of ['business_change_logs', 'employees', 'subscriptions', 'billing_history'] as const) {
      expect(await count(second.db, table), table).toBe(await count(first.db, table));
    }
  });

  it('writes the same rows through COPY as through the other writers', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    await seedDatabase(handle, { businesses: 40, seed: 7, now: NOW, connectionString: await urlOf(handle) });
    const reference = await seeded();
    expect(await firstBusinesses(handle.db, 40)).toEqual(await firstBusinesses(reference.db, 40));
  });

  it('writes realistic Puerto Rico businesses with all their content', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    const result = await seedDatabase(handle, {
      businesses: 60,
      seed: 3,
      now: NOW,
      connectionString: await urlOf(handle),
    });
    const { db } = handle;
    expect(result.businesses).toBe(60);
    expect(result.totalRows).toBeGreaterThan(60 * 10);

    const businesses = await db.selectFrom('businesses').selectAll().orderBy('id').execute();
    expect(businesses).toHaveLength(60);
    expect(businesses.map((row) => row.business_registry_number)).toEqual(
      Array.from({ length: 60 }, (_, index) => `REG${String(index + 1).padStart(6, '0')}`),
    );
    const categories = new Set<string>(BUSINESS_CATEGORIES);
    for (const row of businesses) {
      expect(row.business_phone).toMatch(/^(787|939)\d{7}$/);
      expect(row.business_email).toMatch(/^[a-z0-9.]+@[a-z0-9.]+$/);
      expect(categories.has(row.business_category!)).toBe(true);
      expect(row.business_address).toMatch(/, PR 00[6-9]\d{2}$/);
      expect(row.business_year).toBeGreaterThanOrEqual(1950);
      expect(row.business_year).toBeLessThanOrEqual(2026);
      expect(row.registration_date.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(new Set(businesses.map((row) => row.business_phone)).size).toBe(60);
    const verified = businesses.filter((row) => row.verified_email && row.verified_phone).length;
    expect(verified).toBeGreaterThan(10);
    expect(verified).toBeLessThan(60);

    // Every business: a main location in a real municipality, 7 weekdays, a master access row, an INSERT log.
    const towns = new Map(MUNICIPALITIES.map((town) => [town.name, town]));
    const locations = await db
      .selectFrom('business_locations')
      .selectAll()
      .where('location_main', '=', true)
      .execute();
    expect(locations).toHaveLength(60);
    for (const location of locations) {
      const town = towns.get(location.location_city)!;
      expect(town).toBeDefined();
      expect(town.zips).toContain(location.location_zip);
      expect(Math.abs(location.location_latitude - town.latitude)).toBeLessThan(0.01);
      expect(Math.abs(location.location_longitude - town.longitude)).toBeLessThan(0.01);
      expect(location.location_country).toBe('Puerto Rico');
    }
    expect(await count(db, 'business_schedules')).toBe(60 * 7);
    const masters = await db
      .selectFrom('access_controls')
      .selectAll()
      .where('is_master_access', '=', true)
      .execute();
    expect(masters).toHaveLength(60);
    const inserts = await db
      .selectFrom('business_change_logs')
      .selectAll()
      .where('operation_type', '=', 'INSERT')
      .execute();
    expect(inserts).toHaveLength(60);
    const updates = await db
      .selectFrom('business_change_logs')
      .selectAll()
      .where('operation_type', '=', 'UPDATE')
      .execute();
    expect(updates.length).toBeGreaterThan(10);
    for (const log of updates) {
      const business = businesses.find((row) => row.id === log.business_id)!;
      const current = business[log.changed_column as keyof typeof business];
      expect(log.new_value).toBe(String(current));
      expect(log.old_value).not.toBe(log.new_value);
    }

    for (const table of ['products', 'services', 'employees', 'events'] as const) {
      expect(await count(db, table), table).toBeGreaterThan(10);
    }
    const owners = await db
      .selectFrom('employees')
      .selectAll()
      .where('employee_is_owner', '=', true)
      .execute();
    expect(owners).toHaveLength(60);

    const subscriptions = await db.selectFrom('subscriptions').selectAll().execute();
    expect(subscriptions.length).toBeGreaterThan(15);
    expect(new Set(subscriptions.map((row) => row.subscription_provider))).toEqual(
      new Set(['stripe', 'paypal']),
    );
    const tierCents: Record<string, number> = { basic: 999, standard: 2499, premium: 4999 };
    for (const subscription of subscriptions) {
      const details = subscription.provider_details as Record<string, unknown>;
      const amount = (details.current_amount ?? details.plan_amount) as number;
      const monthly = tierCents[subscription.subscription_tier]!;
      expect([monthly, monthly * 10]).toContain(amount);
      expect(details.currency).toBe('usd');
      if (subscription.subscription_provider === 'paypal')
        expect(details.payer_email).toBe(subscription.billing_email);
      else expect(String(details.subscription_id)).toMatch(/^sub_/);
      const bills = await db
        .selectFrom('billing_history')
        .selectAll()
        .where('subscription_id', '=', subscription.id)
        .execute();
      for (const bill of bills) expect(bill.amount).toBe(amount);
    }
    expect(await count(db, 'billing_history')).toBeGreaterThan(subscriptions.length);
  });

  it('leaves the trigger on and the sequences past the seeded rows, so later writes fit in', async () => {
    const handle = await seeded();
    const { db } = handle;
    const created = await db
      .insertInto('businesses')
      .values({
        business_name: 'Colmado Nuevo',
        business_owner: 'Pedro Ortiz',
        business_email: 'colmado.nuevo@example.com',
        business_phone: '7870000001',
      })
      .returning(['id', 'business_registry_number'])
      .executeTakeFirstOrThrow();
    expect(created).toEqual({ id: 41, business_registry_number: 'REG000041' });
    const logs = await db
      .selectFrom('business_change_logs')
      .select(['operation_type', 'changed_by'])
      .where('business_id', '=', 41)
      .execute();
    expect(logs).toEqual([{ operation_type: 'INSERT', changed_by: 'Sistema' }]);

    // A second run appends without colliding with the first one.
    await seedDatabase(handle, { businesses: 10, seed: 9, now: NOW });
    expect(await count(db, 'businesses')).toBe(51);
    const last = await db
      .selectFrom('businesses')
      .select(['id', 'business_registry_number'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ id: 51, business_registry_number: 'REG000051' });

    // The load skips the triggers, so the directory totals (migration 025) are recounted.
    const totals = await sql<{ grouping_set: number; business_category: string | null; n: string }>`
      select grouping_set, business_category, n from business_counts
       where grouping_set in (15, 7) order by grouping_set desc, business_category`.execute(db);
    const byCategory = await sql<{ business_category: string | null; n: string }>`
      select business_category, count(*) as n from businesses
       group by business_category order by business_category`.execute(db);
    expect(totals.rows.map((row) => [row.grouping_set, row.business_category, Number(row.n)])).toEqual([
      [15, null, 51],
      ...byCategory.rows.map((row) => [7, row.business_category, Number(row.n)]),
    ]);
    // And the sorted searches' copy (migration 073) is rebuilt from every business.
    const copied = await sql<{ id: number; name_key: string; search_text: string }>`
      select id, name_key, search_text from business_sort_keys order by id`.execute(db);
    const expected = await sql<{ id: number; name_key: string; search_text: string }>`
      select id, f_search_text(business_name) as name_key, search_text from businesses order by id`.execute(
      db,
    );
    expect(copied.rows).toHaveLength(51);
    expect(copied.rows).toEqual(expected.rows);
  });

  it('gives a seeded business another number when the portal already used its phone', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    // The next seeded business gets id 2; a business made through the portal holds its number.
    const taken = phoneForBusinessId(2);
    await handle.db
      .insertInto('businesses')
      .values({
        business_name: 'Colmado Previo',
        business_owner: 'Luz Ortiz',
        business_email: 'previo@example.com',
        business_phone: taken,
      })
      .execute();
    await seedDatabase(handle, { businesses: 5, seed: 2, now: NOW, connectionString: await urlOf(handle) });
    const phones = await handle.db
      .selectFrom('businesses')
      .select(['id', 'business_phone'])
      .orderBy('id')
      .execute();
    expect(phones).toHaveLength(6);
    expect(new Set(phones.map((row) => row.business_phone)).size).toBe(6);
    expect(phones.find((row) => row.id === 2)!.business_phone).not.toBe(taken);
    expect(phones.find((row) => row.id === 3)!.business_phone).toBe(phoneForBusinessId(3));
    for (const row of phones) expect(row.business_phone).toMatch(/^(787|939)[2-9]\d{6}$/);
  });

  it('gives existing active admins access rows and authorship of changes', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    const admin = await handle.db
      .insertInto('admins')
      .values({
        admin_first_name: 'Ana',
        admin_last_name: 'Rivera',
        admin_email: 'ana.rivera@portal.example',
        admin_password_hash: 'x',
        access_status: 'active',
      })
      .returning('admin_id')
      .executeTakeFirstOrThrow();
    await seedDatabase(handle, { businesses: 60, seed: 5, now: NOW });
    const rows = await handle.db
      .selectFrom('access_controls')
      .selectAll()
      .where('admin_id', '=', admin.admin_id)
      .execute();
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.is_master_access).toBe(false);
    const authored = await handle.db
      .selectFrom('business_change_logs')
      .select('log_id')
      .where('changed_by', '=', 'ana.rivera@portal.example')
      .execute();
    expect(authored.length).toBeGreaterThan(5);
  });

  it('seeds the 200 demo businesses quickly', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    const result = await seedDatabase(handle, { businesses: 200, seed: 1 });
    expect(await count(handle.db, 'businesses')).toBe(200);
    expect(result.seconds).toBeLessThan(20);
  });
});

describe('seedDatabase with the indexes dropped and rebuilt (the path of large seeds)', () => {
  it('leaves every index valid and every month partition with its parent indexes, and vacuums and analyzes what it filled', async () => {
    const handle = await freshDatabase();
    handles.push(handle);
    const log: string[] = [];
    await seedDatabase(handle, {
      businesses: 120,
      seed: 3,
      now: NOW,
      rebuildIndexes: true,
      connectionString: await urlOf(handle),
      log: (line) => log.push(line),
    });
    const rebuilt = log.map((line) => /rebuilt (\d+) indexes/.exec(line)?.[1]).find(Boolean);
    expect(Number(rebuilt)).toBeGreaterThan(0);

    const invalid = await sql<{ index: string }>`
      select c.relname as index from pg_index x join pg_class c on c.oid = x.indexrelid
       where not x.indisvalid`.execute(handle.db);
    expect(invalid.rows).toEqual([]);

    // Every index of a partitioned table must have its counterpart on each partition.
    const partitioned = await sql<{ index: string; partitions: number }>`
      select pi.relname as index, count(t.inhrelid)::int as partitions
        from pg_index px
        join pg_class pi on pi.oid = px.indexrelid and pi.relkind = 'I'
        join pg_inherits t on t.inhparent = px.indrelid
       group by pi.relname`.execute(handle.db);
    expect(partitioned.rows.map((row) => row.index)).toContain('business_change_logs_registry');
    // The seed's three years of history: a partition per month.
    const registry = partitioned.rows.find((row) => row.index === 'business_change_logs_registry');
    expect(registry?.partitions).toBeGreaterThan(36);
    const missing = await sql<{ index: string; partition: string }>`
      select pi.relname as index, part.relname as partition
        from pg_index px
        join pg_class pi on pi.oid = px.indexrelid and pi.relkind = 'I'
        join pg_inherits t on t.inhparent = px.indrelid
        join pg_class part on part.oid = t.inhrelid
       where not exists (
         select 1 from pg_inherits ii join pg_index cx on cx.indexrelid = ii.inhrelid
          where ii.inhparent = px.indexrelid and cx.indrelid = t.inhrelid)`.execute(handle.db);
    expect(missing.rows).toEqual([]);

    // reltuples is -1 on a table never analyzed (nor vacuumed).
    const stats = await sql<{ table: string; reltuples: number }>`
      select relname as table, reltuples::float8 as reltuples from pg_class
       where relname in ('business_change_log_months', 'businesses', 'business_counts', 'business_sort_keys')
       order by relname`.execute(handle.db);
    expect(stats.rows).toHaveLength(4);
    for (const row of stats.rows) expect(row.reltuples, row.table).toBeGreaterThan(0);

    // Vacuumed as well: pages marked all-visible, so an index-only scan need not read the table.
    const visible = await sql<{ pages: number }>`
      select relallvisible::int as pages from pg_class where relname = 'businesses'`.execute(handle.db);
    expect(visible.rows[0]?.pages).toBeGreaterThan(0);
  });
});
