// An import that ends 'failed' (its admin suspended, an error that is not worth another try, too
// many tries) still says what happened to each row: its committed batches' rows as they landed,
// the others 'No aplicado: la importación se detuvo'. The API says why it stopped by a reason, never
// by the error's own text, and which rows its results file lists: an import that failed before its
// rows not run were marked (migration 086) lists fewer (run against PostgreSQL too: TEST_DB=postgres).
import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../test/csv-reader.ts';
import { createAdmin, staffApp } from '../../../test/helpers.ts';
import { importCalls, importQueue, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { emptyDatabase } from '../../../test/test-db.ts';
import { listMigrations } from '../../db/migrate.ts';
import { claimJob } from './business-import.repository.ts';
import { OWNER_INACTIVE, runBatch, runJob, runNextJob } from './import-job.ts';

const STOPPED = 'No aplicado: la importación se detuvo';

describe('an import that stops', async () => {
  const { t, admin, master } = await staffApp();
  const queue = importQueue(importCalls(t, admin), '93984');
  const queuedImport = (prefix: string, rows: number, headers = admin) =>
    queue(prefix, rows, importCalls(t, headers));
  const masterCalls = importCalls(t, master, 'master');
  /** The results file, its header left out: [row, result, registry, name, error]. */
  const resultRows = async (id: string) => {
    const res = await masterCalls.results(id);
    expect(res.statusCode).toBe(200);
    return readCsv(res.body).slice(1);
  };
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
  const failure = async (id: string) =>
    (
      await t.db
        .selectFrom('business_imports')
        .select('failure')
        .where('import_id', '=', id)
        .executeTakeFirstOrThrow()
    ).failure;

  it('marks the rows not run once the admin who started it is suspended, the landed ones as they are', async () => {
    const owner = await createAdmin(t);
    const id = await queuedImport('Suspendida', 5, owner.headers);
    const job = await claimJob(t.db, 'w', 60_000);
    expect(job?.import_id).toBe(id);
    // The job's first batch lands, then the admin is suspended before its second.
    const deps = { db: t.db, batchRows: 2 };
    expect(await runBatch(deps, job!, 'w')).toBe('more');
    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/master/registration/api/v1/admin-registration/${owner.admin.admin_id}`,
      headers: master,
      payload: { access_status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await runJob(deps, job!, 'w')).toBe('failed');

    const ended = (await masterCalls.get(id)).json().import;
    expect(ended).toMatchObject({
      status: 'failed',
      processed_rows: 2,
      total_rows: 5,
      failure_reason: 'owner_inactive',
      row_results: 'all',
    });
    expect(await failure(id)).toBe(OWNER_INACTIVE);
    const numbers = await registries('Suspendida');
    expect(await resultRows(id)).toEqual([
      ['2', 'Creado', numbers['Suspendida 1'], 'Suspendida 1', ''],
      ['3', 'Creado', numbers['Suspendida 2'], 'Suspendida 2', ''],
      ['4', STOPPED, '', 'Suspendida 3', ''],
      ['5', STOPPED, '', 'Suspendida 4', ''],
      ['6', STOPPED, '', 'Suspendida 5', ''],
    ]);
    // The rows not run are gone with the job, as for a finished import.
    const left = await t.db
      .selectFrom('business_import_rows')
      .select('row_number')
      .where('import_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  /** Makes the insert of `name` fail with SQLSTATE `errcode`, for the length of `run`. */
  async function failingInsertOf<T>(name: string, errcode: string, run: () => Promise<T>) {
    await sql`create function import_stop_fail() returns trigger language plpgsql
      as $$ begin raise exception 'prueba de parada' using errcode = ${sql.lit(errcode)}; end $$`.execute(
      t.db,
    );
    await sql`create trigger import_stop_fail before insert on businesses for each row
      when (new.business_name = ${sql.lit(name)}) execute function import_stop_fail()`.execute(t.db);
    try {
      return await run();
    } finally {
      await sql`drop trigger import_stop_fail on businesses`.execute(t.db);
      await sql`drop function import_stop_fail()`.execute(t.db);
    }
  }

  it('marks the rows not run, those of the batch that failed too, after an error not worth another try', async () => {
    const id = await queuedImport('Averiada', 5);
    // The second batch (rows 4 and 5 of the file) fails on its first row: rolled back whole.
    expect(
      await failingInsertOf('Averiada 3', 'P0001', () => runNextJob({ db: t.db, batchRows: 2 }, 'averia')),
    ).toBe(true);
    const answer = await masterCalls.get(id);
    expect(answer.json().import).toMatchObject({
      status: 'failed',
      processed_rows: 2,
      summary: { create: 2, update: 0, unchanged: 0, error: 0 },
      failure_reason: 'unexpected',
      row_results: 'all',
    });
    // The error's own text is kept for the operators, and reaches no answer.
    expect(await failure(id)).toContain('prueba de parada');
    expect(answer.body).not.toContain('prueba de parada');
    expect((await masterCalls.list()).body).not.toContain('prueba de parada');
    const rows = await resultRows(id);
    expect(rows.map(([row, result, , name]) => [row, result, name])).toEqual([
      ['2', 'Creado', 'Averiada 1'],
      ['3', 'Creado', 'Averiada 2'],
      ['4', STOPPED, 'Averiada 3'],
      ['5', STOPPED, 'Averiada 4'],
      ['6', STOPPED, 'Averiada 5'],
    ]);
    expect(Object.keys(await registries('Averiada')).sort()).toEqual(['Averiada 1', 'Averiada 2']);
  });

  it('marks every row not run when it stops on its last try before any batch lands', async () => {
    const id = await queuedImport('Agotada', 3);
    // Four claims already: this is its fifth and last.
    await sql`update business_imports set attempts = 4 where import_id = ${id}`.execute(t.db);
    expect(
      await failingInsertOf('Agotada 1', 'query_canceled', () =>
        runNextJob({ db: t.db, batchRows: 2 }, 'ultima'),
      ),
    ).toBe(true);
    expect((await masterCalls.get(id)).json().import).toMatchObject({
      status: 'failed',
      processed_rows: 0,
      failure_reason: 'database',
      row_results: 'all',
    });
    expect(await resultRows(id)).toEqual([
      ['2', STOPPED, '', 'Agotada 1', ''],
      ['3', STOPPED, '', 'Agotada 2', ''],
      ['4', STOPPED, '', 'Agotada 3', ''],
    ]);
  });

  it('leaves a job that another process has taken meanwhile to that process', async () => {
    const id = await queuedImport('Relevada', 3);
    const stale = await claimJob(t.db, 'viejo', 60_000);
    await sql`update business_imports set locked_until = now() - interval '1 second' where import_id = ${id}`.execute(
      t.db,
    );
    const taken = await claimJob(t.db, 'nuevo', 60_000);
    expect(taken?.import_id).toBe(id);
    // The stale process's next batch fails before it looks at the job (reading the admin's row),
    // with an error not worth another try: the job is not its own to end.
    const refusing: KyselyPlugin = {
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('"admins"')) {
          throw Object.assign(new Error('prueba de parada'), { code: 'XX000' });
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    expect(await runJob({ db: t.db.withPlugin(refusing), batchRows: 2 }, stale!, 'viejo')).toBe('lost');
    expect((await masterCalls.get(id)).json().import).toMatchObject({ status: 'running', processed_rows: 0 });
    expect(await runJob({ db: t.db, batchRows: 2 }, taken!, 'nuevo')).toBe('done');
    expect((await resultRows(id)).map(([, result]) => result)).toEqual(['Creado', 'Creado', 'Creado']);
  });

  /**
   * An import of 5 rows that failed before migration 086, as it was left: the results of the
   * `run` rows its batches applied, none for the rest, and no reason but the error's own text.
   */
  async function failedBefore086(fileName: string, run: number) {
    const { import_id: id } = await t.db
      .insertInto('business_imports')
      .values({
        owner_kind: 'master',
        created_by: 'master',
        file_name: fileName,
        status: 'failed',
        columns: JSON.stringify(SPEC_HEADERS),
        mapping: JSON.stringify({}),
        total_rows: 5,
        processed_rows: run,
        cursor_row: run + 1,
        summary: JSON.stringify({ create: run, update: 0, unchanged: 0, error: 0 }),
        failure: 'connect ECONNREFUSED 10.0.0.7:5432',
        finished_at: sql<Date>`now()`,
      })
      .returning('import_id')
      .executeTakeFirstOrThrow();
    for (let row = 2; row < 2 + run; row += 1) {
      await t.db
        .insertInto('business_import_results')
        .values({ import_id: id, row, action: 'create', business_name: `Anterior ${row}` })
        .execute();
    }
    return id;
  }

  it('says which rows the results file lists for an import that failed before its rows not run were marked', async () => {
    const none = await failedBefore086('sin-resultados.csv', 0);
    const some = await failedBefore086('solo-procesadas.csv', 2);
    const answer = await masterCalls.get(none);
    expect(answer.json().import).toMatchObject({
      status: 'failed',
      processed_rows: 0,
      failure_reason: 'unexpected',
      row_results: 'none',
    });
    expect(answer.body).not.toContain('ECONNREFUSED');
    expect(await resultRows(none)).toEqual([]);
    expect((await masterCalls.get(some)).json().import).toMatchObject({
      processed_rows: 2,
      row_results: 'rows_run',
    });
    expect((await resultRows(some)).map(([row, result]) => [row, result])).toEqual([
      ['2', 'Creado'],
      ['3', 'Creado'],
    ]);
    const listed = await masterCalls.list();
    expect(listed.body).not.toContain('ECONNREFUSED');
    const byId = new Map(listed.json().imports.map((i: { import_id: string }) => [i.import_id, i]));
    expect(byId.get(none)).toMatchObject({ failure_reason: 'unexpected', row_results: 'none' });
    expect(byId.get(some)).toMatchObject({ failure_reason: 'unexpected', row_results: 'rows_run' });
  });
});

describe('migration 088', () => {
  it('gives the imports that failed before it their reason, read from the error they kept', async () => {
    const handle = await emptyDatabase();
    try {
      const migrations = listMigrations();
      const at = migrations.findIndex((migration) => migration.version.startsWith('088_'));
      for (const migration of migrations.slice(0, at)) await handle.exec(migration.script);
      const imported = (file_name: string, status: string, failure: string | null) =>
        sql`insert into business_imports
              (owner_kind, created_by, file_name, status, columns, mapping, total_rows, failure)
            values ('master', 'master', ${file_name}, ${status}, '[]', '{}', 1, ${failure})`.execute(
          handle.db,
        );
      await imported('suspendida.csv', 'failed', OWNER_INACTIVE);
      await imported('averiada.csv', 'failed', 'connect ECONNREFUSED 10.0.0.7:5432');
      await imported('terminada.csv', 'done', null);
      await handle.exec(migrations[at]!.script);
      const reasons = await handle.db
        .selectFrom('business_imports')
        .select(['file_name', 'failure_reason'])
        .orderBy('file_name')
        .execute();
      expect(reasons).toEqual([
        { file_name: 'averiada.csv', failure_reason: 'unexpected' },
        { file_name: 'suspendida.csv', failure_reason: 'owner_inactive' },
        { file_name: 'terminada.csv', failure_reason: null },
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
