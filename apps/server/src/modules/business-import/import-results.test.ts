// What an import did to each row (business_import_results and GET …/imports/{id}/results): every
// row of a committed batch has its result, written with the batch (a created business with the
// registry number it got), a batch that fails and is taken again leaves each result once, a row
// the database refuses is an error result, and only the import's owner and the master read the
// file (run against PostgreSQL too: TEST_DB=postgres).
import { IMPORT_MSG } from '@portal/contract/business-import';
import { spanishMessage } from '@portal/contract/messages-es';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, createBusiness, type Headers, staffApp } from '../../../test/helpers.ts';
import { csv, IMPORTS, importCalls, importQueue, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { purgeImports } from './business-import.repository.ts';

import { type JobDeps, runNextJob } from './import-job.ts';

const HEADER = '\uFEFF"Fila","Resultado","Número de registro","Nombre del negocio","Error"';

describe('import results', async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);
  const deps = (batchRows: number): JobDeps => ({ db: t.db, batchRows });
  const results = (id: string, headers: Headers = admin, role: 'admin' | 'master' = 'admin') =>
    t.app.inject({ method: 'GET', url: `/${role}${IMPORTS}/${id}/results`, headers });
  const stored = (id: string) =>
    t.db
      .selectFrom('business_import_results')
      .select(['row', 'action', 'business_registry_number', 'business_name', 'message'])
      .where('import_id', '=', id)
      .orderBy('row')
      .execute();
  const registryOf = async (email: string) =>
    (
      await t.db
        .selectFrom('businesses')
        .select('business_registry_number')
        .where('business_email', '=', email)
        .executeTakeFirstOrThrow()
    ).business_registry_number;

  it('says what each row did: created with its new number, updated, unchanged, error', async () => {
    const [toUpdate, toKeep] = [
      await createBusiness(t, { business_name: 'Resultado Por Cambiar' }),
      await createBusiness(t, { business_name: 'Resultado Igual' }),
    ];
    const same = (b: typeof toKeep, name = b.business_name) => [
      b.business_registry_number,
      name,
      b.business_owner,
      b.business_email,
      b.business_phone,
      b.business_category ?? '',
    ];
    const file = csv([
      ['business_registry_number', ...SPEC_HEADERS],
      ['', 'Resultado Nuevo', 'Ana Ruiz', 'resultado.nuevo@correo.test', '9396300001', 'Colmados'],
      same(toUpdate, 'Resultado Cambiado'),
      same(toKeep),
      // A name a spreadsheet would take for a formula, in a row in error (its email).
      ['', '=Resultado Malo', 'Ana Ruiz', 'no-es-correo', '9396300002', ''],
    ]);
    const id = (await calls.upload('resultados.csv', file)).json().import.import_id as string;
    // Before its job has run, an import has no results.
    expectError(await results(id), 409, IMPORT_MSG.notRun);
    await calls.preview(id);
    expectError(await results(id), 409, IMPORT_MSG.notRun);
    expect((await calls.commit(id)).statusCode).toBe(202);
    expectError(await results(id), 409, IMPORT_MSG.notRun);
    expect(await runNextJob(deps(500), 'resultados')).toBe(true);
    expect((await calls.get(id)).json().import).toMatchObject({
      status: 'done',
      summary: { create: 1, update: 1, unchanged: 1, error: 1 },
    });

    const created = await registryOf('resultado.nuevo@correo.test');
    const invalidEmail = 'Email: Formato de correo electrónico inválido.';
    expect(await stored(id)).toEqual([
      {
        row: 2,
        action: 'create',
        business_registry_number: created,
        business_name: 'Resultado Nuevo',
        message: null,
      },
      {
        row: 3,
        action: 'update',
        business_registry_number: toUpdate.business_registry_number,
        business_name: 'Resultado Cambiado',
        message: null,
      },
      {
        row: 4,
        action: 'unchanged',
        business_registry_number: toKeep.business_registry_number,
        business_name: 'Resultado Igual',
        message: null,
      },
      {
        row: 5,
        action: 'error',
        business_registry_number: null,
        business_name: '=Resultado Malo',
        message: invalidEmail,
      },
    ]);
    // The numbers are those of the businesses in the database.
    const renamed = await t.db
      .selectFrom('businesses')
      .select('business_name')
      .where('business_registry_number', '=', toUpdate.business_registry_number)
      .executeTakeFirstOrThrow();
    expect(renamed.business_name).toBe('Resultado Cambiado');

    const res = await results(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="resultado-importacion_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.split('\r\n')).toEqual([
      HEADER,
      `"2","Creado","${created}","Resultado Nuevo",""`,
      `"3","Actualizado","${toUpdate.business_registry_number}","Resultado Cambiado",""`,
      `"4","Sin cambios","${toKeep.business_registry_number}","Resultado Igual",""`,
      `"5","Error","","'=Resultado Malo","${invalidEmail}"`,
      '',
    ]);
    // The master reads any import's results.
    expect((await results(id, master, 'master')).body).toBe(res.body);
  });

  it('answers another admin 404, a caller without a session 401, and a bad id 400', async () => {
    const file = csv([
      SPEC_HEADERS,
      ['Resultado Ajeno', 'Ana Ruiz', 'resultado.ajeno@correo.test', '9396300011', ''],
    ]);
    const id = (await calls.upload('ajeno.csv', file)).json().import.import_id as string;
    await calls.preview(id);
    await calls.commit(id);
    expect(await runNextJob(deps(500), 'ajeno')).toBe(true);
    expect((await results(id)).statusCode).toBe(200);
    const other = await createAdmin(t);
    expectError(await results(id, other.headers), 404, IMPORT_MSG.importNotFound);
    expect((await results(id, {})).statusCode).toBe(401);
    expect((await results('no-es-un-uuid')).statusCode).toBe(400);
    // The results go with their import (30 days).
    await sql`update business_imports set created_at = now() - interval '31 days' where import_id = ${id}`.execute(
      t.db,
    );
    await purgeImports(t.db, 30);
    expect(await stored(id)).toEqual([]);
  });

  const queuedImport = importQueue(calls, '93964');
  const registries = async (prefix: string) =>
    Object.fromEntries(
      (
        await t.db
          .selectFrom('businesses')
          .select(['business_name', 'business_registry_number'])
          .where('business_name', 'like', `${prefix} %`)
          .execute()
      ).map((b) => [b.business_name, b.business_registry_number]),
    );

  it('writes each result once when a batch fails and is taken again', async () => {
    const id = await queuedImport('Reintento', 5);
    // The second batch (rows 4 and 5 of the file) fails on its second row, after its first row's
    // business was inserted: the whole batch, results with it, is rolled back.
    await sql`create function import_results_fail() returns trigger language plpgsql
      as $$ begin raise exception 'prueba' using errcode = 'deadlock_detected'; end $$`.execute(t.db);
    await sql`create trigger import_results_fail before insert on businesses for each row
      when (new.business_name = 'Reintento 4') execute function import_results_fail()`.execute(t.db);
    try {
      expect(await runNextJob(deps(2), 'caido')).toBe(true);
    } finally {
      await sql`drop trigger import_results_fail on businesses`.execute(t.db);
      await sql`drop function import_results_fail()`.execute(t.db);
    }
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'running', processed_rows: 2 });
    // Only the committed batch's rows have results.
    expect((await stored(id)).map((r) => r.row)).toEqual([2, 3]);
    const partial = await results(id);
    expect(partial.statusCode).toBe(200);
    expect(partial.body.split('\r\n')).toHaveLength(4);

    await sql`update business_imports set locked_until = now() - interval '1 second' where import_id = ${id}`.execute(
      t.db,
    );
    expect(await runNextJob(deps(2), 'otro')).toBe(true);
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'done', processed_rows: 5 });
    const numbers = await registries('Reintento');
    expect(await stored(id)).toEqual(
      [1, 2, 3, 4, 5].map((n) => ({
        row: n + 1,
        action: 'create',
        business_registry_number: numbers[`Reintento ${n}`],
        business_name: `Reintento ${n}`,
        message: null,
      })),
    );
    const lines = (await results(id)).body.split('\r\n');
    expect(lines).toHaveLength(7);
    expect(new Set(lines.map((line) => line.split(',')[0])).size).toBe(7);
  });

  it('records the row by row fallback: the refused row an error, the others their numbers', async () => {
    const id = await queuedImport('Negado', 3);
    await sql`alter table businesses add constraint import_results_refused check (business_name <> 'Negado 2')`.execute(
      t.db,
    );
    try {
      expect(await runNextJob(deps(10), 'negados')).toBe(true);
    } finally {
      await sql`alter table businesses drop constraint import_results_refused`.execute(t.db);
    }
    const numbers = await registries('Negado');
    expect(Object.keys(numbers).sort()).toEqual(['Negado 1', 'Negado 3']);
    const invalid = spanishMessage(IMPORT_MSG.invalidValue) as string;
    expect(await stored(id)).toEqual([
      {
        row: 2,
        action: 'create',
        business_registry_number: numbers['Negado 1'],
        business_name: 'Negado 1',
        message: null,
      },
      {
        row: 3,
        action: 'error',
        business_registry_number: null,
        business_name: 'Negado 2',
        message: invalid,
      },
      {
        row: 4,
        action: 'create',
        business_registry_number: numbers['Negado 3'],
        business_name: 'Negado 3',
        message: null,
      },
    ]);
  });
});
