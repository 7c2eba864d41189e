import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../../test/helpers.ts';

const PATH = '/saved-views/api/v1/saved-views';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('saved views', async () => {
  const t = await createTestApp();
  const ana = (await createAdmin(t)).headers;
  const beto = (await createAdmin(t)).headers;
  const master = await masterHeaders(t);

  const call = (headers: Headers, method: Method, tail = '', payload?: object, role = 'admin') =>
    t.app.inject({ method, url: `/${role}${PATH}/${tail}`, headers, payload });
  const create = (headers: Headers, name: string, query: object = { search: 'pan' }, role = 'admin') =>
    call(headers, 'POST', '', { name, query }, role);
  const namesOf = async (headers: Headers, role = 'admin') =>
    ((await call(headers, 'GET', '', undefined, role)).json().saved_views as { name: string }[]).map(
      (v) => v.name,
    );

  it('creates, lists in order, renames, replaces the query and deletes', async () => {
    const query = {
      search: 'panaderia',
      category: 'Panaderías',
      sort_by: 'name',
      sort_order: 'asc',
      limit: '25',
    };
    const res = await create(ana, '  Panaderías sin verificar en Ponce  ', query);
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().saved_view;
    expect(view).toMatchObject({ name: 'Panaderías sin verificar en Ponce', position: 0, query });
    expect((await create(ana, 'Segunda')).json().saved_view.position).toBe(1);
    expect(await namesOf(ana)).toEqual(['Panaderías sin verificar en Ponce', 'Segunda']);

    const renamed = await call(ana, 'PATCH', String(view.id), { name: 'Ponce' });
    expect(renamed.json().saved_view).toMatchObject({ id: view.id, name: 'Ponce', query });
    const requeried = await call(ana, 'PATCH', String(view.id), { query: { verified_email: 'false' } });
    expect(requeried.json().saved_view).toMatchObject({ name: 'Ponce', query: { verified_email: 'false' } });

    const removed = await call(ana, 'DELETE', String(view.id));
    expect(removed.json()).toEqual({ success: true, message: MSG.savedViewDeleted });
    expect(await namesOf(ana)).toEqual(['Segunda']);
    expectError(await call(ana, 'DELETE', String(view.id)), 404, MSG.savedViewNotFound);
  });

  it('reorders all of a person’s views at once, and only with every one of them', async () => {
    const ids: number[] = [];
    for (const name of ['Uno', 'Dos', 'Tres']) ids.push((await create(beto, name)).json().saved_view.id);
    const [uno, dos, tres] = ids as [number, number, number];
    const res = await call(beto, 'PUT', 'order', { ids: [tres, uno, dos] });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().saved_views.map((v: { name: string; position: number }) => [v.name, v.position]),
    ).toEqual([
      ['Tres', 0],
      ['Uno', 1],
      ['Dos', 2],
    ]);
    expect(await namesOf(beto)).toEqual(['Tres', 'Uno', 'Dos']);
    expectError(await call(beto, 'PUT', 'order', { ids: [tres, uno] }), 400, MSG.savedViewOrder);
    expectError(await call(beto, 'PUT', 'order', { ids: [tres, uno, uno] }), 400, MSG.savedViewOrder);
    expect(await namesOf(beto)).toEqual(['Tres', 'Uno', 'Dos']);
  });

  it('keeps each person’s views to themselves: another one’s id is 404, under either prefix', async () => {
    const own = (await create(ana, 'De Ana')).json().saved_view;
    const masters = (await create(master, 'Del master', {}, 'master')).json().saved_view;
    expect(await namesOf(master, 'master')).toEqual(['Del master']);
    // The master on the admin prefix is still the master.
    expect(await namesOf(master, 'admin')).toEqual(['Del master']);
    expect(await namesOf(beto)).not.toContain('De Ana');
    expect(await namesOf(ana)).not.toContain('Del master');

    expectError(await call(beto, 'PATCH', String(own.id), { name: 'Mía' }), 404, MSG.savedViewNotFound);
    expectError(await call(beto, 'DELETE', String(own.id)), 404, MSG.savedViewNotFound);
    expectError(
      await call(master, 'PATCH', String(own.id), { name: 'Mía' }, 'master'),
      404,
      MSG.savedViewNotFound,
    );
    expectError(
      await call(master, 'DELETE', String(own.id), undefined, 'master'),
      404,
      MSG.savedViewNotFound,
    );
    expectError(await call(ana, 'PATCH', String(masters.id), { name: 'Mía' }), 404, MSG.savedViewNotFound);
    expectError(await call(ana, 'DELETE', String(masters.id)), 404, MSG.savedViewNotFound);
    // Nor can a reorder take someone else's view.
    const anas = ((await call(ana, 'GET')).json().saved_views as { id: number }[]).map((v) => v.id);
    expectError(await call(ana, 'PUT', 'order', { ids: [...anas, masters.id] }), 400, MSG.savedViewOrder);
    expect(
      (await call(ana, 'GET')).json().saved_views.find((v: { id: number }) => v.id === own.id).name,
    ).toBe('De Ana');
  });

  it('takes names of 1 to 60 characters, trimmed, unique per person whatever their case', async () => {
    const dana = (await createAdmin(t)).headers;
    expectError(await create(dana, '   '), 400, MSG.savedViewName);
    expectError(await create(dana, 'x'.repeat(61)), 400, MSG.savedViewName);
    expect((await create(dana, `  ${'x'.repeat(60)}  `)).statusCode).toBe(201);
    expect((await create(dana, 'Ponce')).statusCode).toBe(201);
    expectError(await create(dana, 'PONCE'), 409, MSG.savedViewNameTaken);
    const other = (await create(dana, 'Mayagüez')).json().saved_view;
    expectError(await call(dana, 'PATCH', String(other.id), { name: 'ponce' }), 409, MSG.savedViewNameTaken);
    expectError(await call(dana, 'PATCH', String(other.id), { name: '' }), 400, MSG.savedViewName);
    // Another person may use the same name.
    expect((await create(beto, 'Ponce')).statusCode).toBe(201);
  });

  it('checks the query against the directory list’s rules and keeps it as given', async () => {
    const eva = (await createAdmin(t)).headers;
    expectError(await create(eva, 'Mala', { sort_by: 'phone' }), 400, MSG.directorySortBy);
    expectError(await create(eva, 'Mala', { search: 'a' }), 400, MSG.searchMin);
    expectError(await create(eva, 'Mala', { limit: '5000' }), 400, MSG.limitRange);
    expectError(await create(eva, 'Mala', { offset: '20' }), 400, MSG.savedViewQueryField);
    expectError(await create(eva, 'Mala', { year: 2015 }), 400, MSG.savedViewQueryValue);
    const kept = await create(eva, 'Buena', { year: '2015', verified_phone: '1', date_from: '2026-01-01' });
    expect(kept.json().saved_view.query).toEqual({
      year: '2015',
      verified_phone: '1',
      date_from: '2026-01-01',
    });
  });

  it('stops at 50 views a person, even with 40 creates at once', async () => {
    const fay = (await createAdmin(t)).headers;
    for (let i = 1; i <= 45; i += 1) expect((await create(fay, `Vista ${i}`)).statusCode).toBe(201);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => create(fay, `Carrera ${i}`)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    for (const res of results.filter((r) => r.statusCode !== 201)) expectError(res, 409, MSG.savedViewLimit);
    expect(await namesOf(fay)).toHaveLength(50);
    // Deleting one makes room for one.
    const first = (await call(fay, 'GET')).json().saved_views[0].id;
    await call(fay, 'DELETE', String(first));
    expect((await create(fay, 'Otra')).statusCode).toBe(201);
    expectError(await create(fay, 'Una más'), 409, MSG.savedViewLimit);
  });

  it('needs a staff session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/admin${PATH}/` });
    expect(res.statusCode).toBe(401);
    const onMaster = await call(ana, 'GET', '', undefined, 'master');
    expect(onMaster.statusCode).toBe(403);
  });
});
