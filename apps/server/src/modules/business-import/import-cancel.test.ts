// 'Cancelar importación' (POST …/imports/{id}/cancel): a queued import applies nothing, a running
// one stops once its batch in progress commits, also when its job runs in another process (the
// cancel is read from the database between batches), one whose process died (its lease ran out)
// stops at once, the results file marks the rows not run, the staff audit records it, and an
// import that has ended answers 409 (run against PostgreSQL too: TEST_DB=postgres, where the job
// runs on a pool of its own and a batch or the cancel is held mid-way).
import { IMPORT_MSG } from '@portal/contract/business-import';
import { spanishMessage } from '@portal/contract/messages-es';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { readCsv } from '../../../test/csv-reader.ts';
import { createAdmin, staffApp } from '../../../test/helpers.ts';
import {
  csv,
  importAuditRows,
  importCalls,
  importQueue,
  SPEC_HEADERS,
} from '../../../test/import-helpers.ts';
import { pgUrl, usePostgres } from '../../../test/test-db.ts';
import { openPostgres } from '../../db/connection.ts';
import { claimJob } from './business-import.repository.ts';
import { runBatch, runJob, runNextJob } from './import-job.ts';

const NOT_RUN = 'No aplicado: importación cancelada';

describe('cancelling an import', async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);
  const queuedImport = importQueue(calls, '93981');
  const created = async (prefix: string) =>
    (
      await t.db
        .selectFrom('businesses')
        .select('business_name')
        .where('business_name', 'like', `${prefix} %`)
        .orderBy('id')
        .execute()
    ).map((b) => b.business_name);
  /** The results file, its header left out: [row, result, registry, name, error]. */
  const resultRows = async (id: string) => {
    const res = await calls.results(id);
    expect(res.statusCode).toBe(200);
    return readCsv(res.body).slice(1);
  };
  const audit = (id: string) => importAuditRows(t, master, 'business_import_cancel', id);

  /**
   * The database as another server process sees it: on PostgreSQL a pool of its own; PGlite is
   * one process, so the same handle.
   */
  async function otherProcess() {
    if (!usePostgres()) return { db: t.db, close: async () => {} };
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const handle = openPostgres(pgUrl(rows[0]!.name), 3);
    return { db: handle.db, close: () => handle.close() };
  }

  it('cancels a queued import at once: nothing applied, every row marked not run, audited', async () => {
    const id = await queuedImport('Encolada', 3);
    const res = await calls.cancel(id);
    expect(res.statusCode).toBe(202);
    expect(res.json().import).toMatchObject({
      status: 'cancelled',
      cancel_requested: true,
      processed_rows: 0,
      total_rows: 3,
      summary: { create: 0, update: 0, unchanged: 0, error: 0 },
    });
    expect(res.json().import.finished_at).not.toBeNull();
    // No process takes it afterwards.
    expect(await runNextJob({ db: t.db }, 'despues')).toBe(false);
    expect(await created('Encolada')).toEqual([]);
    expect(await resultRows(id)).toEqual([
      ['2', NOT_RUN, '', 'Encolada 1', ''],
      ['3', NOT_RUN, '', 'Encolada 2', ''],
      ['4', NOT_RUN, '', 'Encolada 3', ''],
    ]);
    expect(await audit(id)).toEqual([
      expect.objectContaining({
        action: 'business_import_cancel',
        actor_role: 'admin',
        actor_admin_id: Number(admin['x-admin-id']),
        target_kind: 'directory',
        details: { import_id: id, file_name: 'Encolada.csv', rows: 3 },
      }),
    ]);
    // It has ended: cancelling again, previewing or committing it is a 409.
    expectError(await calls.cancel(id), 409, IMPORT_MSG.cancelFinished);
    expectError(await calls.preview(id), 409, IMPORT_MSG.alreadyCommitted);
    expectError(await calls.commit(id), 409, IMPORT_MSG.alreadyCommitted);
    expect(await audit(id)).toHaveLength(1);
  });

  it('stops a running import, whose job runs in another process, once its batch in progress commits', async () => {
    const id = await queuedImport('Corriendo', 8);
    const other = await otherProcess();
    const deps = { db: other.db, batchRows: 3 };
    try {
      const job = await claimJob(other.db, 'otro-proceso', 60_000);
      expect(job?.import_id).toBe(id);
      expect(await runBatch(deps, job!, 'otro-proceso')).toBe('more');

      // The second batch is under way when the cancel arrives: the cancel waits for it, and the
      // batch commits whole. (PGlite runs one transaction at a time, so there it runs first.)
      let cancel: ReturnType<typeof calls.cancel>;
      if (usePostgres()) {
        const { batch, answer } = await cancelDuringBatch(
          () => runBatch(deps, job!, 'otro-proceso'),
          id,
          'business_import_results',
        );
        expect(await batch).toBe('more');
        cancel = answer;
      } else {
        expect(await runBatch(deps, job!, 'otro-proceso')).toBe('more');
        cancel = calls.cancel(id);
      }
      const answer = await cancel;
      expect(answer.statusCode).toBe(202);
      // Asked, not yet stopped: the job stops at its next batch, in its own process.
      expect(answer.json().import).toMatchObject({
        status: 'running',
        cancel_requested: true,
        processed_rows: 6,
      });
      expect(await created('Corriendo')).toHaveLength(6);
      // Asking again changes nothing and is not recorded twice.
      expect((await calls.cancel(id)).statusCode).toBe(202);

      expect(await runJob(deps, job!, 'otro-proceso')).toBe('cancelled');
      const ended = (await calls.get(id)).json().import;
      expect(ended).toMatchObject({
        status: 'cancelled',
        cancel_requested: true,
        processed_rows: 6,
        total_rows: 8,
        summary: { create: 6, update: 0, unchanged: 0, error: 0 },
      });
      expect(ended.finished_at).not.toBeNull();
      expect(await created('Corriendo')).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Corriendo ${n}`));
      const rows = await resultRows(id);
      expect(rows.map(([row, result]) => [row, result])).toEqual([
        ['2', 'Creado'],
        ['3', 'Creado'],
        ['4', 'Creado'],
        ['5', 'Creado'],
        ['6', 'Creado'],
        ['7', 'Creado'],
        ['8', NOT_RUN],
        ['9', NOT_RUN],
      ]);
      expect(rows.at(-1)).toEqual(['9', NOT_RUN, '', 'Corriendo 8', '']);
      expect(await audit(id)).toEqual([
        expect.objectContaining({ details: { import_id: id, file_name: 'Corriendo.csv', rows: 8 } }),
      ]);
      // The rows not run are gone with the job, as for a finished import.
      const left = await t.db
        .selectFrom('business_import_rows')
        .select('row_number')
        .where('import_id', '=', id)
        .execute();
      expect(left).toEqual([]);
      expectError(await calls.cancel(id), 409, IMPORT_MSG.cancelFinished);
    } finally {
      await other.close();
    }
  });

  /** How many of the database's sessions wait for a lock (PostgreSQL only). */
  const waiting = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db)
      ).rows[0]?.n,
    );

  /**
   * Starts `batch` and holds it mid-way (`table`, which it writes, locked), sends the cancel once
   * the batch waits, then lets the batch go once the cancel waits too (PostgreSQL only).
   */
  async function cancelDuringBatch(
    batch: () => Promise<string>,
    id: string,
    table: 'business_import_results' | 'business_import_rows',
  ) {
    let release: () => void = () => {};
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`lock table ${sql.table(table)} in exclusive mode`.execute(trx);
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isLocked;
    try {
      const running = batch();
      await expect.poll(waiting).toBe(1);
      const answer = calls.cancel(id);
      await expect.poll(waiting).toBe(2);
      return { batch: running, answer };
    } finally {
      release();
      await holder;
    }
  }

  it('takes a cancel sent while the job runs in this very process, between two of its batches', async () => {
    const id = await queuedImport('Mismo', 300);
    const job = await claimJob(t.db, 'este-proceso', 60_000);
    const running = runJob({ db: t.db, batchRows: 2 }, job!, 'este-proceso');
    // The job leaves room for requests between its batches (on PGlite they share one connection).
    const progress = async () => (await calls.get(id)).json().import.processed_rows as number;
    await expect.poll(progress, { timeout: 5_000 }).toBeGreaterThan(0);
    expect((await calls.cancel(id)).statusCode).toBe(202);
    expect(await running).toBe('cancelled');
    const ended = (await calls.get(id)).json().import;
    expect(ended.status).toBe('cancelled');
    expect(ended.processed_rows).toBeLessThan(300);
    expect(await created('Mismo')).toHaveLength(ended.processed_rows);
    const rows = await resultRows(id);
    expect(rows).toHaveLength(300);
    expect(rows.filter(([, result]) => result === NOT_RUN)).toHaveLength(300 - ended.processed_rows);
  });

  it('answers 409 to a cancel that arrives while the last batch is ending the import', async () => {
    const id = await queuedImport('Ultima', 2);
    const other = await otherProcess();
    const deps = { db: other.db, batchRows: 2 };
    try {
      const job = await claimJob(other.db, 'otro-proceso', 60_000);
      expect(await runBatch(deps, job!, 'otro-proceso')).toBe('more');
      let cancel: ReturnType<typeof calls.cancel>;
      if (usePostgres()) {
        // The batch that finds no row left is ending the import (its rows being deleted).
        const { batch, answer } = await cancelDuringBatch(
          () => runBatch(deps, job!, 'otro-proceso'),
          id,
          'business_import_rows',
        );
        expect(await batch).toBe('done');
        cancel = answer;
      } else {
        expect(await runBatch(deps, job!, 'otro-proceso')).toBe('done');
        cancel = calls.cancel(id);
      }
      expectError(await cancel, 409, IMPORT_MSG.cancelFinished);
      expect((await calls.get(id)).json().import).toMatchObject({ status: 'done', cancel_requested: false });
      expect(await audit(id)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('answers 409 for an import not started or already ended, in Spanish in the portal', async () => {
    const uploaded = (
      await calls.upload(
        'sin-iniciar.csv',
        csv([SPEC_HEADERS, ['Sin Iniciar', 'Ana', 'si@correo.test', '9398200001', '']]),
      )
    ).json().import.import_id;
    expectError(await calls.cancel(uploaded), 409, IMPORT_MSG.cancelNotStarted);
    const done = await queuedImport('Terminada', 2);
    expect(await runNextJob({ db: t.db }, 'fin')).toBe(true);
    const late = await calls.cancel(done);
    expectError(late, 409, IMPORT_MSG.cancelFinished);
    expect(spanishMessage(late.json().message)).toBe('Esta importación ya terminó: ya no se puede cancelar.');
    expect((await calls.get(done)).json().import).toMatchObject({ status: 'done', cancel_requested: false });
    expect(await audit(done)).toEqual([]);
  });

  it("lets only the import's owner and the master cancel it", async () => {
    const id = await queuedImport('Ajena', 1);
    const stranger = importCalls(t, (await createAdmin(t)).headers);
    expectError(await stranger.cancel(id), 404, IMPORT_MSG.importNotFound);
    const url = (role: string) => `/${role}/business-import/api/v1/imports/${id}/cancel`;
    expect((await t.app.inject({ method: 'POST', url: url('admin') })).statusCode).toBe(401);
    expect((await calls.get(id)).json().import.status).toBe('queued');
    const byMaster = await t.app.inject({ method: 'POST', url: url('master'), headers: master });
    expect(byMaster.statusCode).toBe(202);
    expect(byMaster.json().import.status).toBe('cancelled');
    expect(await audit(id)).toEqual([expect.objectContaining({ actor_role: 'master' })]);
  });

  /**
   * The job's process dies: its lease runs out, and no other process has taken the job yet. Should
   * the test fail, the job is ended with it, so that the next test's claims do not take it.
   */
  const leaseRunsOut = async (id: string) => {
    onTestFinished(async () => {
      await sql`update business_imports set status = 'failed' where import_id = ${id} and status = 'running'`.execute(
        t.db,
      );
    });
    await sql`update business_imports set locked_until = now() - interval '1 second' where import_id = ${id}`.execute(
      t.db,
    );
  };

  /**
   * Sends the cancel and holds it mid-way (business_import_results, which it writes once it ends
   * the import, locked) while `meanwhile` runs, then lets it go (PostgreSQL only).
   */
  async function holdCancel(id: string, meanwhile: () => Promise<void>) {
    let release: () => void = () => {};
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`lock table business_import_results in exclusive mode`.execute(trx);
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isLocked;
    let answer: ReturnType<typeof calls.cancel>;
    try {
      answer = calls.cancel(id);
      await expect.poll(waiting).toBe(1);
      await meanwhile();
    } finally {
      release();
      await holder;
    }
    return answer;
  }

  it('cancels at once a running import that no process holds any more (its lease ran out)', async () => {
    const id = await queuedImport('Abandonada', 5);
    const job = await claimJob(t.db, 'proceso-muerto', 60_000);
    expect(await runBatch({ db: t.db, batchRows: 2 }, job!, 'proceso-muerto')).toBe('more');
    await leaseRunsOut(id);
    const other = await otherProcess();
    let answer: Awaited<ReturnType<typeof calls.cancel>>;
    try {
      // While the cancel ends it (the job row locked), a process looking for work passes it by.
      // (PGlite runs one transaction at a time: there is nothing to hold.)
      answer = usePostgres()
        ? await holdCancel(id, async () => {
            expect(await claimJob(other.db, 'otro-proceso', 60_000)).toBeUndefined();
          })
        : await calls.cancel(id);
    } finally {
      await other.close();
    }
    expect(answer.statusCode).toBe(202);
    expect(answer.json().import).toMatchObject({
      status: 'cancelled',
      cancel_requested: true,
      processed_rows: 2,
      total_rows: 5,
      summary: { create: 2, update: 0, unchanged: 0, error: 0 },
    });
    expect(answer.json().import.finished_at).not.toBeNull();
    expect((await resultRows(id)).map(([row, result]) => [row, result])).toEqual([
      ['2', 'Creado'],
      ['3', 'Creado'],
      ['4', NOT_RUN],
      ['5', NOT_RUN],
      ['6', NOT_RUN],
    ]);
    expect(await audit(id)).toEqual([
      expect.objectContaining({ details: { import_id: id, file_name: 'Abandonada.csv', rows: 5 } }),
    ]);
    // No process takes it afterwards, and the old one, were it alive after all, ends nothing.
    expect(await runNextJob({ db: t.db }, 'despues')).toBe(false);
    expect(await runJob({ db: t.db, batchRows: 2 }, job!, 'proceso-muerto')).toBe('lost');
    expect(await created('Abandonada')).toEqual(['Abandonada 1', 'Abandonada 2']);
  });

  it('only asks a job to stop once another process has taken it again: that process stops it', async () => {
    const id = await queuedImport('Retomada', 5);
    const first = await claimJob(t.db, 'proceso-muerto', 60_000);
    expect(await runBatch({ db: t.db, batchRows: 2 }, first!, 'proceso-muerto')).toBe('more');
    await leaseRunsOut(id);
    const taken = await claimJob(t.db, 'proceso-nuevo', 60_000);
    expect(taken?.import_id).toBe(id);
    const answer = await calls.cancel(id);
    expect(answer.json().import).toMatchObject({ status: 'running', cancel_requested: true });
    expect(await runJob({ db: t.db, batchRows: 2 }, taken!, 'proceso-nuevo')).toBe('cancelled');
    expect(await created('Retomada')).toEqual(['Retomada 1', 'Retomada 2']);
  });

  it('ends at once, recorded once, a job whose process died after the cancel was asked, when asked again', async () => {
    const id = await queuedImport('Repetida', 3);
    const job = await claimJob(t.db, 'proceso-muerto', 60_000);
    expect(await runBatch({ db: t.db, batchRows: 2 }, job!, 'proceso-muerto')).toBe('more');
    expect((await calls.cancel(id)).json().import).toMatchObject({
      status: 'running',
      cancel_requested: true,
    });
    await leaseRunsOut(id);
    expect((await calls.cancel(id)).json().import).toMatchObject({ status: 'cancelled', processed_rows: 2 });
    expect((await resultRows(id)).map(([, result]) => result)).toEqual(['Creado', 'Creado', NOT_RUN]);
    expect(await audit(id)).toHaveLength(1);
  });

  it('ends cancelled, running no batch, a job taken after its process died with the cancel asked', async () => {
    const id = await queuedImport('Pedida', 5);
    const job = await claimJob(t.db, 'proceso-muerto', 60_000);
    expect(await runBatch({ db: t.db, batchRows: 2 }, job!, 'proceso-muerto')).toBe('more');
    // Asked while its process lived, which then died before its next batch.
    expect((await calls.cancel(id)).json().import).toMatchObject({
      status: 'running',
      cancel_requested: true,
    });
    await leaseRunsOut(id);
    expect(await runNextJob({ db: t.db, batchRows: 2 }, 'proceso-nuevo')).toBe(true);
    expect((await calls.get(id)).json().import).toMatchObject({
      status: 'cancelled',
      processed_rows: 2,
      summary: { create: 2, update: 0, unchanged: 0, error: 0 },
    });
    expect(await created('Pedida')).toEqual(['Pedida 1', 'Pedida 2']);
    expect((await resultRows(id)).map(([, result]) => result)).toEqual([
      'Creado',
      'Creado',
      NOT_RUN,
      NOT_RUN,
      NOT_RUN,
    ]);
    expect(await audit(id)).toHaveLength(1);
  });
});
