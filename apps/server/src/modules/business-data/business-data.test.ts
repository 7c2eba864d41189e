import { currentYear } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../../test/helpers.ts';
import { SEARCH_MATCH_CAP, SEARCH_RANK_POOL } from './directory.repository.ts';

const BASE = '/business-data/api/v1/business-data';

describe('business data', async () => {
  const t = await createTestApp();
  let admin: Headers;
  let master: Headers;
  const admin_ = () => admin;

  const get = (url: string, headers: Headers = admin_()) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    master = await masterHeaders(t);
    const day = (iso: string) => new Date(iso);
    await insertBusiness(t, {
      business_name: 'Panadería La Esperanza',
      business_owner: 'José Pérez',
      business_email: 'esperanza@pan.test',
      business_phone: '7875551234',
      business_category: 'Panaderías',
      business_year: 1995,
      verified_email: true,
      verified_phone: true,
      registration_date: day('2026-01-10T12:00:00Z'),
    });
    await insertBusiness(t, {
      business_name: 'Cafetería y Panadería Sol',
      business_owner: 'Ana Núñez',
      business_email: 'sol@cafe.test',
      business_phone: '7875550001',
      business_category: 'Panaderías',
      business_year: 2010,
      verified_email: true,
      verified_phone: false,
      registration_date: day('2026-02-15T12:00:00Z'),
    });
    await insertBusiness(t, {
      business_name: 'Ferretería El Martillo',
      business_owner: 'Luis Ortiz',
      business_email: 'martillo@ferre.test',
      business_phone: '9395550002',
      business_category: 'Ferreterías',
      business_year: 2010,
      verified_email: false,
      verified_phone: false,
      registration_date: day('2026-03-20T12:00:00Z'),
    });
    await insertBusiness(t, {
      business_name: '=cmd|"calc"!A1, "Quoted"\nNext',
      business_owner: 'Eva Ríos',
      business_email: 'formula@x.test',
      business_phone: '9395550003',
      business_category: null,
      registration_date: day('2025-12-01T12:00:00Z'),
    });
  });

  it('lets admins (admin prefix) and masters (both prefixes) list; refuses others', async () => {
    expect((await get(`/admin${BASE}`, {})).statusCode).toBe(401);
    expect((await get(`/admin${BASE}`)).statusCode).toBe(200);
    const adminOnMaster = await get(`/master${BASE}`);
    expect(adminOnMaster.statusCode).toBe(403);
    expect(adminOnMaster.json().error).toBe(MSG.onlyMaster);
    expect((await get(`/master${BASE}`, {})).statusCode).toBe(401);
    expect((await get(`/master${BASE}`, master)).statusCode).toBe(200);
    expect((await get(`/admin${BASE}`, master)).statusCode).toBe(200);
  });

  it('lists newest first with total_count, directory fields and the derived status', async () => {
    const res = await get(`/admin${BASE}?limit=2`);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.total_count).toBe(4);
    expect(body.businesses.map((b: { business_name: string }) => b.business_name)).toEqual([
      'Ferretería El Martillo',
      'Cafetería y Panadería Sol',
    ]);
    expect(body.businesses[1]).toMatchObject({
      business_registry_number: expect.stringMatching(/^REG\d{6,}$/),
      business_owner: 'Ana Núñez',
      business_owner_name: 'Ana Núñez',
      business_email: 'sol@cafe.test',
      business_phone: '7875550001',
      business_category: 'Panaderías',
      verified_email: true,
      verified_phone: false,
      verification_status: 'Partially Verified',
      registration_date: '2026-02-15T12:00:00.000Z',
    });
    const page2 = (await get(`/admin${BASE}?limit=2&offset=2`)).json();
    expect(page2.businesses.map((b: { business_email: string }) => b.business_email)).toEqual([
      'esperanza@pan.test',
      'formula@x.test',
    ]);
    expect(page2.businesses[0].verification_status).toBe('Fully Verified');
  });

  it("writes a page's timestamps as the business's own lookup writes them, to the millisecond", async () => {
    // business_created_at comes from now(), in microseconds: the page cuts it as the lookup's Date does.
    const page = (await get(`/admin${BASE}?limit=4`)).json().businesses;
    expect(page).toHaveLength(4);
    for (const row of page) {
      const own = (await get(`/admin${BASE}/${row.id}`)).json().business;
      expect(row.business_created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect([row.business_created_at, row.registration_date, row.business_creation_date]).toEqual([
        own.business_created_at,
        own.registration_date,
        own.business_created_at,
      ]);
    }
  });

  it('answers a page past the end with no rows and the same total, with or without filters', async () => {
    for (const filters of ['', '&category=Panader%C3%ADas', '&date_from=2026-01-01']) {
      const first = (await get(`/admin${BASE}?limit=2${filters}`)).json();
      const past = (await get(`/admin${BASE}?limit=2&offset=500${filters}`)).json();
      expect(first.businesses.length, filters).toBeGreaterThan(0);
      expect(past, filters).toMatchObject({ businesses: [], total_count: first.total_count });
      expect(past.total_count, filters).toBeGreaterThan(0);
    }
  });

  it('searches without accents or case, every word, best name match first', async () => {
    const names = async (query: string) =>
      (await get(`/admin${BASE}?search=${encodeURIComponent(query)}`))
        .json()
        .businesses.map((b: { business_name: string }) => b.business_name);
    expect(await names('panaderia')).toEqual(['Panadería La Esperanza', 'Cafetería y Panadería Sol']);
    expect(await names('PANADERÍA sol')).toEqual(['Cafetería y Panadería Sol']);
    expect(await names('panaderia zzz')).toEqual([]);
    expect(await names('perez')).toEqual(['Panadería La Esperanza']);
    expect(await names('martillo@ferre')).toEqual(['Ferretería El Martillo']);
    expect(await names('(787) 555-1234')).toEqual(['Panadería La Esperanza']);
    expect(await names('50%')).toEqual([]);
    expect(await names('"panaderia" «sol»')).toEqual(['Cafetería y Panadería Sol']);
  });

  it('finds by registry number', async () => {
    const one = (await get(`/admin${BASE}?limit=1`)).json().businesses[0];
    const found = (await get(`/admin${BASE}?search=${one.business_registry_number.toLowerCase()}`)).json();
    expect(found.total_count).toBe(1);
    expect(found.businesses[0].id).toBe(one.id);
  });

  it('combines filters (snake_case and camelCase) and counts them', async () => {
    const q = async (query: string) => (await get(`/admin${BASE}?${query}`)).json();
    const both = await q('category=Panader%C3%ADas&verified_phone=false');
    expect(both.total_count).toBe(1);
    expect(both.businesses[0].business_name).toBe('Cafetería y Panadería Sol');
    expect((await q('year=2010')).total_count).toBe(2);
    expect((await q('year=2010&verifiedEmail=false')).total_count).toBe(1);
    expect((await q('dateFrom=2026-01-01&dateTo=2026-02-15')).total_count).toBe(2);
    expect((await q('date_from=2026-02-16')).total_count).toBe(1);
    expect((await q('search=panaderia&year=1995&verified_email=true&limit=1')).total_count).toBe(1);
    const past = await q('search=panaderia&offset=5');
    expect(past.businesses).toEqual([]);
    expect(past.total_count).toBe(2);
    expect((await q('search=panaderia&limit=1')).total_count).toBe(2);
  });

  it('answers SPEC §5 list-filter messages word for word', async () => {
    const error = async (query: string) => {
      const res = await get(`/admin${BASE}?${query}`);
      expect(res.statusCode).toBe(400);
      return res.json().error;
    };
    expect(await error('limit=0')).toBe('Limit must be between 1 and 1000');
    expect(await error('limit=1001')).toBe('Limit must be between 1 and 1000');
    expect(await error('limit=abc')).toBe('Limit must be between 1 and 1000');
    expect(await error('offset=-1')).toBe('Offset must be non-negative');
    expect(await error('date_from=2026-03-01&date_to=2026-02-01')).toBe('Date from must be before date to');
    expect(await error('year=1899')).toBe('Invalid year provided');
    expect(await error(`year=${currentYear() + 1}`)).toBe('Invalid year provided');
    expect(await error('search=a')).toBe('Search term must be at least 2 characters');
    expect(await error('verified_email=maybe')).toBe('Invalid request data');
  });

  it('refuses a day the calendar does not have, naming the filter, instead of reading the next month', async () => {
    for (const query of ['date_from=2026-02-31', 'date_to=2026-04-31', 'date_from=2025-02-29T10:00:00Z']) {
      const res = await get(`/admin${BASE}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details?.[0]?.field, query).toBe(query.split('=')[0]);
    }
    expect((await get(`/admin${BASE}?date_from=2024-02-29`)).statusCode).toBe(200);
  });

  it('looks a business up by id, email, phone and registry, or answers 404', async () => {
    const first = (await get(`/admin${BASE}?search=esperanza`)).json().businesses[0];
    for (const path of [
      `/${first.id}`,
      '/email/ESPERANZA@pan.test',
      '/phone/(787)%20555-1234',
      `/registry/${first.business_registry_number}`,
    ]) {
      const res = await get(`/master${BASE}${path}`, master);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().business.business_name).toBe('Panadería La Esperanza');
    }
    for (const path of ['/999999', '/email/nadie@x.test', '/phone/7870000000', '/registry/REG999999']) {
      const res = await get(`/admin${BASE}${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error).toBe('Resource not found');
    }
  });

  it('gives stats and categories', async () => {
    await insertBusiness(t, { business_name: 'Nuevo Hoy', business_category: 'Ferreterías' });
    const stats = (await get(`/admin${BASE}/stats`)).json().stats;
    expect(stats).toMatchObject({
      total_businesses: 5,
      verified_businesses: 1,
      partially_verified_businesses: 1,
      unverified_businesses: 3,
      recent_registrations: 1,
      categories: [
        { category: 'Ferreterías', count: 2 },
        { category: 'Panaderías', count: 2 },
        { category: 'Servicios', count: 0 },
      ].filter((c) => c.count > 0),
    });
    expect(stats.latest_registrations[0].business_name).toBe('Nuevo Hoy');
    expect(stats.latest_registrations).toHaveLength(5);
    const categories = (await get(`/admin${BASE}/categories`)).json().categories;
    expect(categories).toEqual(['Ferreterías', 'Panaderías']);
  });

  it('exports the filtered list as a safe CSV with a BOM and a dated file name', async () => {
    const res = await get(`/admin${BASE}/export?year=2010`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="negocios_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"ID","Número de registro","Nombre","Propietario","Email","Teléfono","Dirección","Categoría",' +
        '"Año","Email verificado","Teléfono verificado","Estado","Fecha de registro"',
    );
    expect(lines).toHaveLength(4); // header, 2 rows, trailing empty
    expect(lines[1]).toContain('"Ferretería El Martillo","Luis Ortiz"');
    expect(lines[1]).toMatch(/"No","No","No Verificado","\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/);

    const all = (await get(`/admin${BASE}/export`)).body;
    expect(all).toContain('"Panaderías","1995","Sí","Sí","Verificado"');
    expect(all).toContain('"Panaderías","2010","Sí","No","Parcialmente Verificado"');
    expect(all).toContain('"\'=cmd|""calc""!A1, ""Quoted""\nNext"');
    const limited = await get(`/admin${BASE}/export?limit=10001`);
    expect(limited.statusCode).toBe(400);
    expect(limited.json().error).toBe('Limit must be between 1 and 10000');
  });

  it('keeps numbering registries past REG999999 (migration 020)', async () => {
    await sql`select setval('business_registry_seq', 999998)`.execute(t.db);
    const numbers = [];
    for (let i = 0; i < 3; i += 1) numbers.push((await insertBusiness(t)).business_registry_number);
    expect(numbers).toEqual(['REG999999', 'REG1000000', 'REG1000001']);
  });

  it('has its health routes', async () => {
    for (const url of [
      `/admin${BASE}/health`,
      '/admin/business-data/health',
      '/master/business-data/health',
    ]) {
      const res = await get(url, url.startsWith('/master') ? master : admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ success: true, service: 'business-data' });
    }
  });
});

describe('broad searches', async () => {
  const t = await createTestApp();

  it('count every match up to the cap but rank the first SEARCH_RANK_POOL, names that start with the search first', async () => {
    const { headers } = await createAdmin(t);
    const count = SEARCH_RANK_POOL + 30;
    const rows = Array.from({ length: count }, (_, i) => ({
      business_name: `Farmacia Pueblo Norte ${i}`,
      business_owner: 'Rosa Vega',
      business_email: `pueblonorte${i}@farmacia.test`,
      business_phone: String(7871100000 + i),
    }));
    await t.db.insertInto('businesses').values(rows).execute();
    await insertBusiness(t, { business_name: 'Pueblo Norte' });
    const search = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/admin${BASE}?search=pueblo%20norte&${query}`, headers })
      ).json();
    const first = await search('limit=10');
    expect(first).toMatchObject({ total_count: count + 1, total_count_capped: false });
    expect(first.businesses[0].business_name).toBe('Pueblo Norte');
    // Pages past the ranked pool still come, each business once.
    const last = await search(`limit=10&offset=${count - 9}`);
    expect(last.businesses).toHaveLength(10);
    const all = await search(`limit=${count + 1}`);
    expect(new Set(all.businesses.map((b: { id: number }) => b.id)).size).toBe(count + 1);
  });

  it('cap the total at SEARCH_MATCH_CAP and still put names that start with the search first', async () => {
    const { headers } = await createAdmin(t);
    const rows = Array.from({ length: SEARCH_MATCH_CAP + 5 }, (_, i) => ({
      business_name: `Colmado Central ${i}`,
      business_owner: 'Rosa Vega',
      business_email: `central${i}@colmado.test`,
      business_phone: String(7870000000 + i),
    }));
    await t.db.insertInto('businesses').values(rows).execute();
    await insertBusiness(t, { business_name: 'Central Express' });
    const res = await t.app.inject({ method: 'GET', url: `/admin${BASE}?search=central`, headers });
    const body = res.json();
    expect(body.total_count).toBe(SEARCH_MATCH_CAP);
    expect(body.total_count_capped).toBe(true);
    expect(body.businesses[0].business_name).toBe('Central Express');
    const ids = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/admin${BASE}?search=central&${query}`, headers }))
        .json()
        .businesses.map((b: { id: number }) => b.id);
    expect([...(await ids('limit=4')), ...(await ids('limit=4&offset=4'))]).toEqual(await ids('limit=8'));
    const narrow = (
      await t.app.inject({ method: 'GET', url: `/admin${BASE}?search=central1004`, headers })
    ).json();
    expect(narrow).toMatchObject({ total_count: 1, total_count_capped: false });
  });
});

describe('searches of 1–2-letter words', async () => {
  const t = await createTestApp();

  it('match where a word starts, in any field', async () => {
    const { headers } = await createAdmin(t);
    for (const business_name of ['Colmado La Fe', 'Lavandería Fénix', 'Isla Cafetería', 'Ferretería Lamar']) {
      await insertBusiness(t, { business_name });
    }
    await insertBusiness(t, { business_name: 'Taller Ruiz', business_owner: 'Fernando Lasalle' });
    const names = async (search: string, extra = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/admin${BASE}?search=${encodeURIComponent(search)}${extra}`,
          headers,
        })
      )
        .json()
        .businesses.map((b: { business_name: string }) => b.business_name)
        .sort();
    expect(await names('la fe')).toEqual([
      'Colmado La Fe',
      'Ferretería Lamar',
      'Lavandería Fénix',
      'Taller Ruiz',
    ]);
    expect(await names('fe la')).toEqual(await names('la fe'));
    expect(await names('is ca')).toEqual(['Isla Cafetería']);
    expect(await names('ta ru')).toEqual(['Taller Ruiz']);
    expect(await names('sl')).toEqual([]);
    expect(await names('la fe', '&category=Ninguna')).toEqual([]);
  });
});
