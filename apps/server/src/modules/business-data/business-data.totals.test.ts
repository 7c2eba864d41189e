// Directory totals from business_counts (migration 025): after every kind of write they must
// equal a count(*) this test runs itself over the same filters.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type Headers } from '../../../test/helpers.ts';
import { SEARCH_MATCH_CAP } from './directory.repository.ts';

const BASE = '/admin/business-data/api/v1/business-data';
const CATEGORIES = ['Panaderías', 'Ferreterías', 'Colmados', null] as const;

interface Filters {
  category?: string;
  year?: number;
  verified_email?: boolean;
  verified_phone?: boolean;
  date_from?: string;
  date_to?: string;
}

const COMBINATIONS: Filters[] = [
  {},
  { category: 'Panaderías' },
  { category: 'Sin negocios' },
  { year: 2001 },
  { verified_email: true },
  { verified_phone: false },
  { verified_email: false, verified_phone: true },
  { category: 'Ferreterías', verified_email: true },
  { year: 2002, verified_phone: true },
  { category: 'Colmados', year: 2000, verified_email: false, verified_phone: false },
  { category: 'Panaderías', year: 2003, verified_email: true, verified_phone: true },
  { date_from: '2026-03-01' },
  { date_from: '2026-02-01', date_to: '2026-02-28', category: 'Colmados' },
];

describe('directory totals', async () => {
  const t = await createTestApp();
  let headers: Headers;
  let serial = 0;

  const row = (i: number) => {
    serial += 1;
    return {
      business_name: `Negocio Total ${serial}`,
      business_owner: 'Carmen Díaz',
      business_email: `total${serial}@conteo.test`,
      business_phone: String(7871000000 + serial),
      business_category: CATEGORIES[i % CATEGORIES.length] ?? null,
      business_year: 2000 + (i % 4),
      verified_email: i % 3 !== 0,
      verified_phone: i % 5 < 2,
      registration_date: new Date(Date.UTC(2026, i % 4, 1 + (i % 27), 12)),
    };
  };

  /** What count(*) says, with the filters applied in plain SQL. */
  async function realCount(f: Filters): Promise<number> {
    let query = t.db.selectFrom('businesses').select((eb) => eb.fn.countAll<string>().as('n'));
    if (f.category) query = query.where('business_category', '=', f.category);
    if (f.year !== undefined) query = query.where('business_year', '=', f.year);
    if (f.verified_email !== undefined) query = query.where('verified_email', '=', f.verified_email);
    if (f.verified_phone !== undefined) query = query.where('verified_phone', '=', f.verified_phone);
    if (f.date_from) query = query.where('registration_date', '>=', new Date(`${f.date_from}T00:00:00Z`));
    if (f.date_to) {
      const end = new Date(new Date(`${f.date_to}T00:00:00Z`).getTime() + 86_400_000);
      query = query.where('registration_date', '<', end);
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  async function apiTotal(f: Filters) {
    const query = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)]));
    const res = await t.app.inject({ method: 'GET', url: BASE, headers, query: { ...query, limit: '1' } });
    expect(res.statusCode).toBe(200);
    const { total_count, total_count_capped } = res.json();
    return { total_count, total_count_capped } as { total_count: number; total_count_capped: boolean };
  }

  async function expectExactTotals() {
    for (const filters of COMBINATIONS) {
      const expected = await realCount(filters);
      const body = await apiTotal(filters);
      expect(expected, JSON.stringify(filters)).toBeLessThanOrEqual(SEARCH_MATCH_CAP);
      expect(body, JSON.stringify(filters)).toEqual({ total_count: expected, total_count_capped: false });
    }
    const stats = (await t.app.inject({ method: 'GET', url: `${BASE}/stats`, headers })).json().stats;
    const [byStatus] = (
      await sql<Record<string, number>>`
        select count(*)::int as total_businesses,
               count(*) filter (where verified_email and verified_phone)::int as verified_businesses,
               count(*) filter (where verified_email <> verified_phone)::int as partially_verified_businesses,
               count(*) filter (where not verified_email and not verified_phone)::int as unverified_businesses
          from businesses`.execute(t.db)
    ).rows;
    expect(stats).toMatchObject(byStatus!);
    const categories = await t.db
      .selectFrom('businesses')
      .select(['business_category as category', (eb) => eb.fn.countAll<string>().as('count')])
      .where('business_category', 'is not', null)
      .groupBy('business_category')
      .execute();
    expect(
      [...stats.categories].sort((a: { category: string }, b: { category: string }) =>
        a.category.localeCompare(b.category),
      ),
    ).toEqual(
      categories
        .map((c) => ({ category: c.category, count: Number(c.count) }))
        .sort((a, b) => (a.category ?? '').localeCompare(b.category ?? '')),
    );
  }

  beforeAll(async () => {
    headers = (await createAdmin(t)).headers;
  });

  it('are exact after inserts, one by one and many in one statement', async () => {
    await expectExactTotals();
    for (let i = 0; i < 5; i += 1) await t.db.insertInto('businesses').values(row(i)).execute();
    await t.db
      .insertInto('businesses')
      .values(Array.from({ length: 60 }, (_, i) => row(i + 5)))
      .execute();
    await expectExactTotals();
  });

  it('are exact after category, year, verification and date changes', async () => {
    await t.db
      .updateTable('businesses')
      .set({ business_category: 'Panaderías' })
      .where('business_category', '=', 'Colmados')
      .where('business_year', '=', 2001)
      .execute();
    await t.db
      .updateTable('businesses')
      .set((eb) => ({ verified_email: eb.not(eb.ref('verified_email')), business_year: 2003 }))
      .where('business_year', '=', 2002)
      .execute();
    await t.db
      .updateTable('businesses')
      .set({ business_category: null })
      .where('verified_phone', '=', true)
      .execute();
    await t.db
      .updateTable('businesses')
      .set({ registration_date: new Date('2026-03-15T10:00:00Z'), business_name: 'Cambiado' })
      .where('business_year', '=', 2000)
      .execute();
    await expectExactTotals();
  });

  it('are exact after writes in one transaction, deletes and a rolled-back write', async () => {
    await t.db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('businesses')
        .values(row(7))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('businesses')
        .set({ verified_phone: true, business_year: 2001 })
        .where('id', '=', added.id)
        .execute();
    });
    await t.db
      .deleteFrom('businesses')
      .where('business_category', '=', 'Ferreterías')
      .where('verified_email', '=', true)
      .execute();
    const one = await t.db.selectFrom('businesses').select('id').limit(1).executeTakeFirstOrThrow();
    await t.db.deleteFrom('businesses').where('id', '=', one.id).execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('businesses').values(row(1)).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectExactTotals();
  });

  it('are exact after concurrent writers', async () => {
    const ids = (await t.db.selectFrom('businesses').select('id').execute()).map((r) => r.id);
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => t.db.insertInto('businesses').values(row(i)).execute()),
      ...ids.slice(0, 12).map((id, i) =>
        t.db
          .updateTable('businesses')
          .set({ verified_email: i % 2 === 0, business_category: CATEGORIES[i % 3] ?? null })
          .where('id', '=', id)
          .execute(),
      ),
      ...ids.slice(12, 18).map((id) => t.db.deleteFrom('businesses').where('id', '=', id).execute()),
    ]);
    await expectExactTotals();
  });

  it('caps a date range past SEARCH_MATCH_CAP like a search', async () => {
    await t.db
      .insertInto('businesses')
      .values(
        Array.from({ length: SEARCH_MATCH_CAP + 1 }, (_, i) => ({
          ...row(i),
          registration_date: new Date('2025-06-01T12:00:00Z'),
        })),
      )
      .execute();
    expect(await apiTotal({ date_from: '2025-06-01', date_to: '2025-06-01' })).toEqual({
      total_count: SEARCH_MATCH_CAP,
      total_count_capped: true,
    });
    const unfiltered = await apiTotal({});
    expect(unfiltered).toEqual({ total_count: await realCount({}), total_count_capped: false });
  });
});
