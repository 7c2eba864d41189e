// The directory's sorts and page sizes: each order checked against rows the test
// inserts, with a category of its own so the other rows of the fresh database stay out.
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { insertBusiness } from '../../../test/business-factory.ts';
import { createAdmin, createTestApp, type Headers } from '../../../test/helpers.ts';
import { SEARCH_MATCH_CAP, SORTED_SEARCH_WALK } from './directory.repository.ts';

const BASE = '/admin/business-data/api/v1/business-data';
const CATEGORY = 'Orden de prueba';
const MANY = 'Orden masivo';

describe('directory sorting', async () => {
  const t = await createTestApp();
  let admin: Headers;

  const list = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${BASE}/`, headers: admin, query: { category: CATEGORY, ...query } });
  /** Pages of 3 names of a search with more matches than it counts, sorted by name. */
  const cappedPage = (category: string, search: string) => async (offset: number, order: string) => {
    const res = await list({
      category,
      search,
      sort_by: 'name',
      sort_order: order,
      limit: '3',
      offset: String(offset),
    });
    expect(res.json()).toMatchObject({ total_count: SEARCH_MATCH_CAP, total_count_capped: true });
    return res.json().businesses.map((row: { business_name: string }) => row.business_name);
  };
  const names = async (query: Record<string, string>) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().businesses as { business_name: string }[]).map((row) => row.business_name);
  };

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    const rows = [
      // name, registered, email verified, phone verified
      ['Zeta Café', '2026-03-01T12:00:00Z', true, true],
      ['árbol Verde', '2026-01-01T12:00:00Z', false, false],
      ['Abeja Panadería', '2026-04-01T12:00:00Z', true, false],
      ['Búho Panadería', '2026-02-01T12:00:00Z', false, true],
      ['Colmado Ñandú', '2026-05-01T12:00:00Z', true, true],
    ] as const;
    for (const [name, date, email, phone] of rows) {
      await insertBusiness(t, {
        business_name: name,
        business_category: CATEGORY,
        registration_date: new Date(date),
        verified_email: email,
        verified_phone: phone,
      });
    }
    // More matches than a search counts (the sort then walks its index instead of sorting them).
    await sql`insert into businesses (business_name, business_owner, business_email, business_phone, business_category)
      select 'Tahona ' || lpad(n::text, 4, '0'), 'Marta Colón', 'tahona' || n || '@correo.test',
             (8090000000 + n)::text, ${MANY}
        from generate_series(1, ${SEARCH_MATCH_CAP + 5}) as n`.execute(t.db);
  });

  it('sorts by name accent- and case-free, both ways', async () => {
    const asc = ['Abeja Panadería', 'árbol Verde', 'Búho Panadería', 'Colmado Ñandú', 'Zeta Café'];
    expect(await names({ sort_by: 'name', sort_order: 'asc' })).toEqual(asc);
    expect(await names({ sort_by: 'name', sort_order: 'desc' })).toEqual([...asc].reverse());
    expect(await names({ sort_by: 'name' })).toEqual(asc);
  });

  it('sorts by registration date; without a sort the list stays newest first', async () => {
    const newest = ['Colmado Ñandú', 'Abeja Panadería', 'Zeta Café', 'Búho Panadería', 'árbol Verde'];
    expect(await names({})).toEqual(newest);
    expect(await names({ sort_by: 'registration_date', sort_order: 'desc' })).toEqual(newest);
    expect(await names({ sort_by: 'registration_date', sort_order: 'asc' })).toEqual([...newest].reverse());
    expect(await names({ sort_order: 'asc' })).toEqual([...newest].reverse());
  });

  it('sorts by verification: verified, partly verified, unverified, newest first within each', async () => {
    const desc = ['Colmado Ñandú', 'Zeta Café', 'Abeja Panadería', 'Búho Panadería', 'árbol Verde'];
    expect(await names({ sort_by: 'verification', sort_order: 'desc' })).toEqual(desc);
    expect(await names({ sort_by: 'verification', sort_order: 'asc' })).toEqual([...desc].reverse());
  });

  it('sorts a search and keeps the total', async () => {
    const res = await list({ search: 'panaderia', sort_by: 'name', sort_order: 'desc' });
    expect(res.json()).toMatchObject({ total_count: 2, total_count_capped: false });
    expect(res.json().businesses.map((row: { business_name: string }) => row.business_name)).toEqual([
      'Búho Panadería',
      'Abeja Panadería',
    ]);
  });

  it('a search in date order is in date order, not in relevance order', async () => {
    const category = 'Orden por fecha de una búsqueda';
    for (const [name, date] of [
      ['Vega', '2025-01-01T12:00:00Z'],
      ['Grupo Vega Norte', '2026-06-01T12:00:00Z'],
      ['Ferretería La Vega', '2025-09-01T12:00:00Z'],
    ] as const) {
      await insertBusiness(t, {
        business_name: name,
        business_category: category,
        registration_date: new Date(date),
      });
    }
    const newest = ['Grupo Vega Norte', 'Ferretería La Vega', 'Vega'];
    // Relevance puts the exact name first; each date order is the dates' order.
    expect((await names({ category, search: 'vega' }))[0]).toBe('Vega');
    expect(
      await names({ category, search: 'vega', sort_by: 'registration_date', sort_order: 'desc' }),
    ).toEqual(newest);
    expect(
      await names({ category, search: 'vega', sort_by: 'registration_date', sort_order: 'asc' }),
    ).toEqual([...newest].reverse());
  });

  it('sorts a search with more matches than it counts, page after page', async () => {
    const page = cappedPage(MANY, 'tahona');
    expect(await page(0, 'asc')).toEqual(['Tahona 0001', 'Tahona 0002', 'Tahona 0003']);
    expect(await page(3, 'asc')).toEqual(['Tahona 0004', 'Tahona 0005', 'Tahona 0006']);
    expect(await page(0, 'desc')).toEqual(['Tahona 1005', 'Tahona 1004', 'Tahona 1003']);
  });

  it('sorts a broad search whose first matches lie past the index walk', async () => {
    // More names before the matches than the walk reads: the first page comes from sorting them.
    const SPREAD = 'Orden disperso';
    await sql`insert into businesses (business_name, business_owner, business_email, business_phone, business_category)
      select 'Almacén ' || lpad(n::text, 5, '0'), 'Marta Colón', 'almacen' || n || '@correo.test',
             (7870000000 + n)::text, ${SPREAD}
        from generate_series(1, ${SORTED_SEARCH_WALK + 10}) as n
      union all
      select 'Zafra Ñame ' || lpad(n::text, 4, '0'), 'Marta Colón', 'zafra' || n || '@correo.test',
             (7860000000 + n)::text, ${SPREAD}
        from generate_series(1, ${SEARCH_MATCH_CAP + 5}) as n`.execute(t.db);
    const page = cappedPage(SPREAD, 'name');
    expect(await page(0, 'asc')).toEqual(['Zafra Ñame 0001', 'Zafra Ñame 0002', 'Zafra Ñame 0003']);
    expect(await page(3, 'asc')).toEqual(['Zafra Ñame 0004', 'Zafra Ñame 0005', 'Zafra Ñame 0006']);
    expect(await page(0, 'desc')).toEqual(['Zafra Ñame 1005', 'Zafra Ñame 1004', 'Zafra Ñame 1003']);
  });

  it('pages of equal keys never repeat a row (the id breaks ties)', async () => {
    // Every row of MANY has the same verification and registration second or so: only the id orders them.
    const seen: number[] = [];
    for (let offset = 0; offset < 60; offset += 25) {
      const res = await list({
        category: MANY,
        sort_by: 'verification',
        limit: '25',
        offset: String(offset),
      });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().businesses.map((row: { id: number }) => row.id));
    }
    expect(seen).toHaveLength(75);
    expect(new Set(seen).size).toBe(75);
  });

  it('takes the page sizes the portal offers', async () => {
    for (const limit of [10, 25, 50]) {
      const res = await list({ category: MANY, limit: String(limit), sort_by: 'name' });
      expect(res.json().businesses).toHaveLength(limit);
    }
  });

  it('exports in the chosen order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/export`,
      headers: admin,
      query: { category: CATEGORY, sort_by: 'name', sort_order: 'desc' },
    });
    expect(res.statusCode).toBe(200);
    const exported = res.body
      .split('\r\n')
      .slice(1)
      .filter((line) => line !== '')
      .map((line) => line.split(',')[2]?.replaceAll('"', ''));
    expect(exported).toEqual([
      'Zeta Café',
      'Colmado Ñandú',
      'Búho Panadería',
      'árbol Verde',
      'Abeja Panadería',
    ]);
  });

  it('answers an unknown sort with 400 and the message naming the choices', async () => {
    expectError(await list({ sort_by: 'business_email' }), 400, MSG.directorySortBy);
    expectError(await list({ sort_by: 'name', sort_order: 'up' }), 400, MSG.sortOrder);
    const exported = await t.app.inject({
      method: 'GET',
      url: `${BASE}/export?sort_by=phone`,
      headers: admin,
    });
    expectError(exported, 400, MSG.directorySortBy);
  });
});
