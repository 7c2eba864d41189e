// Sorted searches read the narrow business_sort_keys (migration 073). Their pages are checked
// against a plain query on businesses, and the copy against businesses after every kind of write.
import type { DirectorySortField } from '@portal/contract/business-data';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type Headers } from '../../../test/helpers.ts';
import { moveBusinessToTrash } from '../business-deletion/business-deletion.repository.ts';
import { purgeTrashed, restoreTrashed } from '../business-trash/business-trash.repository.ts';
import { SEARCH_MATCH_CAP, SORTED_SEARCH_WALK } from './directory.repository.ts';

const BASE = '/admin/business-data/api/v1/business-data';
const PLACES = ['El Rincón de', 'Donde', 'Café', 'Colmado', 'Panadería Doña'];
const PEOPLE = ['Ana', 'Ángel', 'Zoe', 'Rosa', 'José', 'Natalia', 'Iván'];
const CATEGORIES = ['Restaurantes', 'Tiendas', 'Servicios'];
const ROWS = 1_600;

/** The reference order of each sort, written out rather than taken from the repository. */
const REFERENCE_ORDER: Record<DirectorySortField, Record<'asc' | 'desc', string>> = {
  name: {
    asc: 'lower(f_unaccent(business_name)) asc, id asc',
    desc: 'lower(f_unaccent(business_name)) desc, id desc',
  },
  registration_date: { asc: 'registration_date asc, id asc', desc: 'registration_date desc, id desc' },
  verification: {
    asc: '(verified_email::int + verified_phone::int) asc, registration_date asc, id asc',
    desc: '(verified_email::int + verified_phone::int) desc, registration_date desc, id desc',
  },
};

describe('sorted searches on business_sort_keys', async () => {
  const t = await createTestApp();
  let admin: Headers;

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    // Names that share words, repeated registration times (ties) and every verification.
    await sql`insert into businesses (business_name, business_owner, business_email, business_phone,
                                      business_category, business_year, registration_date,
                                      verified_email, verified_phone)
      select (${PLACES}::text[])[1 + n % 5] || ' ' || (${PEOPLE}::text[])[1 + n % 7] || ' ' || n,
             'Dueño ' || (n % 13), 'orden' || n || '@correo.test', (7770000000 + n)::text,
             (${CATEGORIES}::text[])[1 + n % 3], 2000 + n % 4,
             timestamptz '2026-01-01 12:00Z' + (n % 40) * interval '1 day',
             n % 2 = 0, n % 3 = 0
        from generate_series(1, ${ROWS}) as n`.execute(t.db);
  });

  /** The ids and total of a plain query: every word in the search text, then the filters. */
  async function reference(
    words: string[],
    filters: { category?: string; verified_email?: boolean },
    by: DirectorySortField,
    order: 'asc' | 'desc',
    limit: number,
    offset: number,
  ) {
    // A word of one or two letters matches where a word of the text starts (migration 026).
    const where = words.map((word) =>
      word.length <= 2
        ? sql`strpos(search_text, ' ' || lower(f_unaccent(${word}))) > 0`
        : sql`strpos(search_text, lower(f_unaccent(${word}))) > 0`,
    );
    if (filters.category) where.push(sql`business_category = ${filters.category}`);
    if (filters.verified_email !== undefined) where.push(sql`verified_email = ${filters.verified_email}`);
    const condition = sql.join(where, sql` and `);
    const ids = await sql<{ id: number }>`select id from businesses where ${condition}
      order by ${sql.raw(REFERENCE_ORDER[by][order])} limit ${limit} offset ${offset}`.execute(t.db);
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from businesses where ${condition}`.execute(t.db);
    const n = count.rows[0]!.n;
    return {
      ids: ids.rows.map((row) => row.id),
      total: Math.min(n, SEARCH_MATCH_CAP),
      capped: n > SEARCH_MATCH_CAP,
    };
  }

  const cases = [
    { search: 'rincon', filters: {} },
    { search: 'cafe', filters: { category: 'Tiendas' } },
    { search: 'dona', filters: { verified_email: true } },
    { search: 'orden', filters: {} },
    { search: 'natalia', filters: {} },
    { search: 'dueño 1', filters: { category: 'Servicios', verified_email: false } },
    { search: 'zoe donde', filters: {} },
  ];

  it('gives the reference pages and totals for words × sorts × orders × filters', async () => {
    for (const { search, filters } of cases) {
      for (const by of ['name', 'registration_date', 'verification'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          // The last offset reaches past the walk's matches, so the copy's sort answers it.
          for (const [limit, offset] of [
            [10, 0],
            [25, 50],
            [10, ROWS - 5],
          ] as const) {
            const query: Record<string, string> = {
              search,
              sort_by: by,
              sort_order: order,
              limit: String(limit),
              offset: String(offset),
            };
            if (filters.category) query.category = filters.category;
            if (filters.verified_email !== undefined) query.verified_email = String(filters.verified_email);
            const res = await t.app.inject({ method: 'GET', url: `${BASE}/`, headers: admin, query });
            expect(res.statusCode, res.body).toBe(200);
            const expected = await reference(search.split(' '), filters, by, order, limit, offset);
            const body = res.json();
            const label = JSON.stringify(query);
            expect(
              body.businesses.map((row: { id: number }) => row.id),
              label,
            ).toEqual(expected.ids);
            expect({ total: body.total_count, capped: body.total_count_capped }, label).toEqual({
              total: expected.total,
              capped: expected.capped,
            });
          }
        }
      }
    }
  });

  /** Rows of the copy that differ from what businesses says they should be (none when exact). */
  async function drift() {
    const result = await sql<{ id: number }>`
      select coalesce(e.id, c.id) as id
        from (select id, lower(f_unaccent(business_name)) as name_key, search_text, registration_date,
                     verified_email, verified_phone, business_category, business_year from businesses) as e
        full join business_sort_keys as c on c.id = e.id
       where e.id is null or c.id is null
          or (e.name_key, e.search_text, e.registration_date, e.verified_email, e.verified_phone,
              e.business_category, e.business_year)
             is distinct from
             (c.name_key, c.search_text, c.registration_date, c.verified_email, c.verified_phone,
              c.business_category, c.business_year)`.execute(t.db);
    return result.rows.map((row) => row.id);
  }

  it('stays equal to businesses after every kind of write', async () => {
    expect(await drift()).toEqual([]);

    // Create (one row, and several in one statement as an import does).
    const created = await sql<{ id: number; business_registry_number: string }>`
      insert into businesses (business_name, business_owner, business_email, business_phone, business_category)
      values ('Ñame Asado', 'Pía Ruiz', 'name@correo.test', '7871110000', 'Tiendas'),
             ('Óptica Sur', 'Pía Ruiz', 'optica@correo.test', '7871110001', null),
             ('Zurcidos', 'Pía Ruiz', 'zurcidos@correo.test', '7871110002', 'Servicios')
      returning id, business_registry_number`.execute(t.db);
    expect(await drift()).toEqual([]);
    const [first, second] = created.rows;

    // Edit of searched and sorted fields, of a field the copy does not hold, and a bulk update.
    await sql`update businesses set business_name = 'Árbol Alto', business_email = 'arbol@correo.test'
               where id = ${first!.id}`.execute(t.db);
    await sql`update businesses set business_description = 'Sin cambios en la copia' where id = ${second!.id}`.execute(
      t.db,
    );
    await sql`update businesses set verified_email = true, verified_phone = true, business_year = 2011,
                      registration_date = registration_date - interval '1 year'
               where id % 7 = 0`.execute(t.db);
    await sql`update businesses set business_category = null where id % 11 = 0`.execute(t.db);
    expect(await drift()).toEqual([]);

    // Delete to the trash, restore from it, and delete and purge.
    await t.db
      .transaction()
      .execute((trx) => moveBusinessToTrash(trx, first!.business_registry_number, 'prueba'));
    expect(await drift()).toEqual([]);
    const gone = await sql<{
      n: number;
    }>`select count(*)::int as n from business_sort_keys where id = ${first!.id}`.execute(t.db);
    expect(gone.rows[0]!.n).toBe(0);
    await t.db.transaction().execute((trx) => restoreTrashed(trx, first!.id));
    expect(await drift()).toEqual([]);
    const back = await sql<{
      name_key: string;
    }>`select name_key from business_sort_keys where id = ${first!.id}`.execute(t.db);
    expect(back.rows[0]?.name_key).toBe('arbol alto');
    await t.db.transaction().execute(async (trx) => {
      await moveBusinessToTrash(trx, second!.business_registry_number, 'prueba');
      await purgeTrashed(trx, second!.id);
    });
    expect(await drift()).toEqual([]);

    // A failed write leaves the copy as it was.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`update businesses set business_name = 'Nunca' where id = ${first!.id}`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await drift()).toEqual([]);

    // The rebuild after a load with triggers off (the seed) gives the same copy.
    await sql`select refresh_business_sort_keys()`.execute(t.db);
    expect(await drift()).toEqual([]);
  });

  it('finds the first matches A-Z that were written after the copy was laid out', async () => {
    // Past the walk of the name index: names without the word that sort first, then more than
    // SEARCH_MATCH_CAP matches in name order. The copy is laid out, then matches that sort before
    // all of those are added and renamed into, so they sit on its last pages.
    const word = 'Lejano';
    await sql`insert into businesses (business_name, business_owner, business_email, business_phone)
      select 'Aa Relleno ' || n, 'Dueño', 'relleno' || n || '@correo.test', (7780000000 + n)::text
        from generate_series(1, ${SORTED_SEARCH_WALK + 200}) as n`.execute(t.db);
    await sql`insert into businesses (business_name, business_owner, business_email, business_phone)
      select 'Mm ' || ${word} || ' ' || n, 'Dueño', 'mm' || n || '@correo.test', (7790000000 + n)::text
        from generate_series(1, ${SEARCH_MATCH_CAP + 300}) as n`.execute(t.db);
    await sql`select refresh_business_sort_keys()`.execute(t.db);
    await sql`insert into businesses (business_name, business_owner, business_email, business_phone)
      select 'Ll ' || ${word} || ' ' || n, 'Dueño', 'll' || n || '@correo.test', (7791000000 + n)::text
        from generate_series(1, 4) as n`.execute(t.db);
    await sql`update businesses set business_name = 'Ll ' || ${word} || ' renombrado'
               where business_name = 'Mm ' || ${word} || ' 999'`.execute(t.db);

    for (const [limit, offset] of [
      [10, 0],
      [25, 0],
      [10, 10],
    ] as const) {
      const query = {
        search: word,
        sort_by: 'name',
        sort_order: 'asc',
        limit: String(limit),
        offset: String(offset),
      };
      const res = await t.app.inject({ method: 'GET', url: `${BASE}/`, headers: admin, query });
      expect(res.statusCode, res.body).toBe(200);
      const expected = await reference([word], {}, 'name', 'asc', limit, offset);
      expect(
        res.json().businesses.map((row: { id: number }) => row.id),
        JSON.stringify(query),
      ).toEqual(expected.ids);
      expect(res.json().total_count_capped).toBe(true);
    }
    const first = await t.app.inject({
      method: 'GET',
      url: `${BASE}/`,
      headers: admin,
      query: { search: word, sort_by: 'name', sort_order: 'asc', limit: '10', offset: '0' },
    });
    expect(
      first
        .json()
        .businesses.slice(0, 6)
        .map((row: { business_name: string }) => row.business_name),
    ).toEqual([
      `Ll ${word} 1`,
      `Ll ${word} 2`,
      `Ll ${word} 3`,
      `Ll ${word} 4`,
      `Ll ${word} renombrado`,
      `Mm ${word} 1`,
    ]);
  });
});
