// The import job: a restart resumes from the last committed batch, an admin's import stops once
// the admin is suspended, two workers racing for one job apply each batch once, each row of a
// batch gets its own result, a row the database refuses sends its batch row by row, a timeout or
// deadlock leaves the job to be resumed (a deadlock that passes is retried at once), and a
// registry number the file repeats is applied once (run against PostgreSQL too: TEST_DB=postgres).
import { IMPORT_MSG } from '@portal/contract/business-import';
import { spanishMessage } from '@portal/contract/messages-es';
import { REGISTER_FORM_MESSAGES } from '@portal/contract/register-business-form';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, staffApp } from '../../../test/helpers.ts';
import { csv, importCalls, importQueue, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { claimJob } from './business-import.repository.ts';
import { type JobDeps, OWNER_INACTIVE, runBatch, runNextJob } from './import-job.ts';

describe('import job', async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);
  const queuedImport = importQueue(calls, '93960');
  const created = async (prefix: string) =>
    (
      await t.db
        .selectFrom('businesses')
        .select('business_name')
        .where('business_name', 'like', `${prefix} %`)
        .execute()
    )
      .map((b) => b.business_name)
      .sort();
  const insertLogs = async (prefix: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from business_change_logs l join businesses b on b.id = l.business_id
          where b.business_name like ${`${prefix} %`} and l.operation_type = 'INSERT'`.execute(t.db)
      ).rows[0]?.n,
    );
  const deps = (batchRows: number): JobDeps => ({ db: t.db, batchRows });

  it('resumes after a restart from the last committed batch (a stale lease is taken again)', async () => {
    const id = await queuedImport('Reanudado', 7);
    // A process takes the job, applies one batch of 3 rows, and dies (its lease is left behind).
    const job = await claimJob(t.db, 'proceso-muerto', 60_000);
    expect(job?.import_id).toBe(id);
    expect(await runBatch(deps(3), job!, 'proceso-muerto')).toBe('more');
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'running', processed_rows: 3 });
    // While the lease is alive nobody else takes it.
    expect(await runNextJob(deps(3), 'otro')).toBe(false);
    await sql`update business_imports set locked_until = now() - interval '1 second' where import_id = ${id}`.execute(
      t.db,
    );
    expect(await runNextJob(deps(3), 'otro')).toBe(true);
    expect((await calls.get(id)).json().import).toMatchObject({
      status: 'done',
      processed_rows: 7,
      summary: { create: 7, update: 0, unchanged: 0, error: 0 },
    });
    expect(await created('Reanudado')).toHaveLength(7);
    expect(await insertLogs('Reanudado')).toBe(7);
    // The dead process, back, finds the job is no longer its own.
    expect(await runBatch(deps(3), job!, 'proceso-muerto')).toBe('lost');
  });

  it("stops an admin's import between batches once the admin is suspended, keeping what landed", async () => {
    const owner = await createAdmin(t);
    const own = importCalls(t, owner.headers);
    const lines = [1, 2, 3].map((i) => [
      `Suspendido ${i}`,
      'Ana Ruiz',
      `suspendido${i}@correo.test`,
      `9397700${i}00`,
      '',
    ]);
    const id = (await own.upload('suspendido.csv', csv([SPEC_HEADERS, ...lines]))).json().import.import_id;
    await own.preview(id);
    expect((await own.commit(id)).statusCode).toBe(202);
    const job = await claimJob(t.db, 'w', 60_000);
    expect(await runBatch(deps(1), job!, 'w')).toBe('more');
    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/master/registration/api/v1/admin-registration/${owner.admin.admin_id}`,
      headers: master,
      payload: { access_status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await runBatch(deps(1), job!, 'w')).toBe('failed');
    const stopped = await t.db
      .selectFrom('business_imports')
      .select(['status', 'processed_rows', 'failure'])
      .where('import_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stopped).toEqual({ status: 'failed', processed_rows: 1, failure: OWNER_INACTIVE });
    expect(await created('Suspendido')).toEqual(['Suspendido 1']);
  });

  it('lets only one of two racing workers apply each batch', async () => {
    const id = await queuedImport('Carrera', 9);
    const [a, b] = await Promise.all([runNextJob(deps(2), 'a'), runNextJob(deps(2), 'b')]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'done', processed_rows: 9 });
    expect(await created('Carrera')).toHaveLength(9);
    expect(await insertLogs('Carrera')).toBe(9);
  });

  it('applies each batch once when a stale worker and its successor both run batches', async () => {
    const id = await queuedImport('Relevo', 8);
    const first = await claimJob(t.db, 'viejo', 60_000);
    await sql`update business_imports set locked_until = now() - interval '1 second' where import_id = ${id}`.execute(
      t.db,
    );
    const second = await claimJob(t.db, 'nuevo', 60_000);
    expect(second?.import_id).toBe(id);
    // Both try batches at once: the job row's lock orders them and only the lease holder writes.
    const results = await Promise.all([
      runBatch(deps(2), first!, 'viejo'),
      runBatch(deps(2), second!, 'nuevo'),
      runBatch(deps(2), first!, 'viejo'),
      runBatch(deps(2), second!, 'nuevo'),
    ]);
    expect(results).toEqual(['lost', 'more', 'lost', 'more']);
    while ((await runBatch(deps(2), second!, 'nuevo')) === 'more') {
      // the rest of the rows
    }
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'done', processed_rows: 8 });
    expect(await created('Relevo')).toHaveLength(8);
    expect(await insertLogs('Relevo')).toBe(8);
  });

  /** The commit's error rows: row number and 'field: message' texts. */
  const errorsOf = async (id: string) =>
    (
      await t.db
        .selectFrom('business_import_errors')
        .select(['row_number', 'errors'])
        .where('import_id', '=', id)
        .orderBy('row_number')
        .execute()
    ).map((r) => ({
      row: r.row_number,
      errors: (r.errors as { field: string; message: string }[]).map((e) => `${e.field}: ${e.message}`),
    }));
  const spanish = (message: string) => spanishMessage(message) as string;

  it('gives each row of a batch its result: in-file duplicates, existing holders, earlier batches', async () => {
    const existing = await createBusiness(t, { business_name: 'Lote Existente' });
    const header = ['business_registry_number', ...SPEC_HEADERS];
    const file = csv([
      header,
      ['', 'Lote Uno', 'Ana Ruiz', 'lote.uno@correo.test', '9396200001', 'Colmados'],
      // The same email as the row above, in the same batch.
      ['', 'Lote Dos', 'Ana Ruiz', 'LOTE.UNO@correo.test', '9396200002', 'Colmados'],
      // The phone of a business already registered.
      ['', 'Lote Tres', 'Ana Ruiz', 'lote.tres@correo.test', existing.business_phone, 'Colmados'],
      [
        existing.business_registry_number,
        'Lote Existente Renombrado',
        existing.business_owner,
        existing.business_email,
        existing.business_phone,
        'Colmados',
      ],
      // The phone of row 2, created by the batch before this one.
      ['', 'Lote Cinco', 'Ana Ruiz', 'lote.cinco@correo.test', '9396200001', 'Colmados'],
    ]);
    const id = (await calls.upload('lote.csv', file)).json().import.import_id;
    expect((await calls.preview(id)).statusCode).toBe(200);
    expect((await calls.commit(id)).statusCode).toBe(202);
    expect(await runNextJob(deps(4), 'lotes')).toBe(true);
    expect((await calls.get(id)).json().import).toMatchObject({
      status: 'done',
      processed_rows: 5,
      summary: { create: 1, update: 1, unchanged: 0, error: 3 },
    });
    expect(await errorsOf(id)).toEqual([
      { row: 3, errors: [`business_email: ${spanish(IMPORT_MSG.emailTakenByFile)}`] },
      { row: 4, errors: [`business_phone: ${REGISTER_FORM_MESSAGES.phoneTaken}.`] },
      { row: 6, errors: [`business_phone: ${REGISTER_FORM_MESSAGES.phoneTaken}.`] },
    ]);
    expect(await created('Lote')).toEqual(['Lote Existente Renombrado', 'Lote Uno']);
    // One change-log row per changed field of the update, named after the import.
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['changed_column', 'old_value', 'new_value', 'changed_by'])
      .where('business_id', '=', existing.id)
      .where('operation_type', '=', 'UPDATE')
      .orderBy('log_id')
      .execute();
    expect(logs).toEqual([
      {
        changed_column: 'business_category',
        old_value: 'Restaurantes',
        new_value: 'Colmados',
        changed_by: expect.stringContaining('(importación)'),
      },
      {
        changed_column: 'business_name',
        old_value: 'Lote Existente',
        new_value: 'Lote Existente Renombrado',
        changed_by: expect.stringContaining('(importación)'),
      },
    ]);
  });

  it('applies a batch row by row when the database refuses one of its rows, and says why', async () => {
    const id = await queuedImport('Rechazo', 4);
    // A rule the checks do not know: the database refuses the third row's name.
    await sql`alter table businesses add constraint import_test_refused check (business_name <> 'Rechazo 3')`.execute(
      t.db,
    );
    try {
      expect(await runNextJob(deps(10), 'rechazos')).toBe(true);
    } finally {
      await sql`alter table businesses drop constraint import_test_refused`.execute(t.db);
    }
    expect((await calls.get(id)).json().import).toMatchObject({
      status: 'done',
      processed_rows: 4,
      summary: { create: 3, update: 0, unchanged: 0, error: 1 },
    });
    expect(await created('Rechazo')).toEqual(['Rechazo 1', 'Rechazo 2', 'Rechazo 4']);
    expect(await insertLogs('Rechazo')).toBe(3);
    expect(await errorsOf(id)).toEqual([{ row: 4, errors: [`: ${spanish(IMPORT_MSG.invalidValue)}`] }]);
    const errorsFile = (await calls.errors(id)).body;
    expect(errorsFile).toContain(`Rechazo 3`);
    expect(errorsFile).toContain(`"4","${spanish(IMPORT_MSG.invalidValue)}"`);
  });

  it.each([
    ['Cancelado', 'query_canceled'],
    ['Bloqueo', 'deadlock_detected'],
  ])(
    'leaves the job to be resumed when a batch fails with %s (%s), and applies each row once',
    async (prefix, errcode) => {
      const id = await queuedImport(prefix, 5);
      // The second batch (rows 4 and 5 of the file) fails on its second row.
      const [code, name] = [sql.raw(`'${errcode}'`), sql.raw(`'${prefix} 4'`)];
      await sql`create function import_test_fail() returns trigger language plpgsql
        as $$ begin raise exception 'prueba' using errcode = ${code}; end $$`.execute(t.db);
      await sql`create trigger import_test_fail before insert on businesses for each row
        when (new.business_name = ${name}) execute function import_test_fail()`.execute(t.db);
      try {
        expect(await runNextJob(deps(2), 'interrumpido')).toBe(true);
      } finally {
        await sql`drop trigger import_test_fail on businesses`.execute(t.db);
        await sql`drop function import_test_fail()`.execute(t.db);
      }
      expect((await calls.get(id)).json().import).toMatchObject({ status: 'running', processed_rows: 2 });
      expect(await created(prefix)).toEqual([`${prefix} 1`, `${prefix} 2`]);
      // Once the lease runs out, another process resumes after the last committed batch.
      expect(await runNextJob(deps(2), 'otro')).toBe(false);
      await sql`update business_imports set locked_until = now() - interval '1 second' where import_id = ${id}`.execute(
        t.db,
      );
      expect(await runNextJob(deps(2), 'otro')).toBe(true);
      expect((await calls.get(id)).json().import).toMatchObject({
        status: 'done',
        processed_rows: 5,
        summary: { create: 5, update: 0, unchanged: 0, error: 0 },
      });
      expect(await created(prefix)).toEqual([1, 2, 3, 4, 5].map((n) => `${prefix} ${n}`));
      expect(await insertLogs(prefix)).toBe(5);
    },
  );

  it('applies a batch that lost to a concurrent transaction again at once, not after the lease', async () => {
    const id = await queuedImport('Reintentado', 5);
    // The second batch (rows 4 and 5 of the file) hits a deadlock the first time only (a sequence
    // is not rolled back with the batch).
    await sql`create sequence import_test_once`.execute(t.db);
    await sql`create function import_test_fail() returns trigger language plpgsql
      as $$ begin
        if nextval('import_test_once') = 1 then
          raise exception 'prueba' using errcode = 'deadlock_detected';
        end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger import_test_fail before insert on businesses for each row
      when (new.business_name = 'Reintentado 4') execute function import_test_fail()`.execute(t.db);
    try {
      expect(await runNextJob(deps(2), 'reintenta')).toBe(true);
    } finally {
      await sql`drop trigger import_test_fail on businesses`.execute(t.db);
      await sql`drop function import_test_fail()`.execute(t.db);
      await sql`drop sequence import_test_once`.execute(t.db);
    }
    expect((await calls.get(id)).json().import).toMatchObject({
      status: 'done',
      processed_rows: 5,
      summary: { create: 5, update: 0, unchanged: 0, error: 0 },
    });
    expect(await created('Reintentado')).toEqual([1, 2, 3, 4, 5].map((n) => `Reintentado ${n}`));
    expect(await insertLogs('Reintentado')).toBe(5);
  });

  it('applies a registry number the file repeats once: the later rows are errors naming the first', async () => {
    const [twice, other] = [
      await createBusiness(t, { business_name: 'Doble Registro' }),
      await createBusiness(t, { business_name: 'Doble Otro' }),
    ];
    const file = csv([
      ['business_registry_number', 'business_name'],
      [twice.business_registry_number, 'Doble Registro Primero'],
      [other.business_registry_number, 'Doble Otro Renombrado'],
      // In the next batch of two, and twice in that batch.
      [twice.business_registry_number.toLowerCase(), 'Doble Registro Segundo'],
      [twice.business_registry_number, 'Doble Registro Tercero'],
    ]);
    const id = (await calls.upload('doble.csv', file)).json().import.import_id;
    const preview = (await calls.preview(id)).json();
    const repeated = [
      {
        field: 'business_registry_number',
        message: 'La fila 2 de este archivo tiene este número de registro.',
      },
    ];
    expect(preview.import.summary).toEqual({ create: 0, update: 2, unchanged: 0, error: 2 });
    expect(preview.rows.filter((r: { action: string }) => r.action === 'error')).toEqual([
      expect.objectContaining({ row: 4, errors: repeated }),
      expect.objectContaining({ row: 5, errors: repeated }),
    ]);
    expect((await calls.commit(id)).statusCode).toBe(202);
    expect(await runNextJob(deps(2), 'dobles')).toBe(true);
    expect((await calls.get(id)).json().import).toMatchObject({
      status: 'done',
      summary: { create: 0, update: 2, unchanged: 0, error: 2 },
    });
    const message = `business_registry_number: ${repeated[0]?.message}`;
    expect(await errorsOf(id)).toEqual([
      { row: 4, errors: [message] },
      { row: 5, errors: [message] },
    ]);
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['changed_column', 'old_value', 'new_value'])
      .where('business_id', '=', twice.id)
      .where('operation_type', '=', 'UPDATE')
      .execute();
    expect(logs).toEqual([
      { changed_column: 'business_name', old_value: 'Doble Registro', new_value: 'Doble Registro Primero' },
    ]);
  });
});
