// An import whose database stops answering in the middle of a batch, or just as the batch's COMMIT
// is sent (the server commits, the answer never comes): the job gives the batch up at its deadline
// and is taken again once its lease runs out (by its own process sooner), and every row lands
// exactly once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenableProxy } from '../../../test/frozenable-proxy.ts';
import { staffApp, type TestApp } from '../../../test/helpers.ts';
import { importCalls, importQueue } from '../../../test/import-helpers.ts';
import { pgUrl, usePostgres } from '../../../test/test-db.ts';
import { type DatabaseHandle, openPostgres } from '../../db/connection.ts';
import { claimJob } from './business-import.repository.ts';
import { runJob, runNextJob } from './import-job.ts';

describe.runIf(usePostgres())('an import when the database freezes', () => {
  // Opened before the tests (not while they are collected, which a skipped suite is too).
  let t: TestApp;
  let calls: ReturnType<typeof importCalls>;
  let queuedImport: ReturnType<typeof importQueue>;
  let proxy: Awaited<ReturnType<typeof frozenableProxy>>;
  let frozenable: DatabaseHandle;

  beforeAll(async () => {
    const app = await staffApp();
    t = app.t;
    calls = importCalls(t, app.admin);
    queuedImport = importQueue(calls, '93977');
    const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!;
    proxy = await frozenableProxy(new URL(pgUrl(name)));
    frozenable = openPostgres(proxy.url, 4, { statementTimeoutMs: 1_000, connectTimeoutMs: 1_000 });
  });

  afterAll(async () => {
    proxy.resume();
    await frozenable.close();
    await proxy.close();
  });

  const created = async (prefix: string) =>
    (
      await t.db
        .selectFrom('businesses')
        .select('business_name')
        .where('business_name', 'like', `${prefix} %`)
        .execute()
    ).map((b) => b.business_name);

  /** Takes the job through the frozen database and runs it until the freeze stops it. */
  async function runUntilFrozen(id: string, worker: string, freezeOn: string) {
    const job = await claimJob(frozenable.db, worker, 60_000);
    expect(job?.import_id).toBe(id);
    proxy.freezeWhenSent(freezeOn);
    try {
      return await runJob({ db: frozenable.db, batchRows: 3 }, job!, worker);
    } finally {
      proxy.resume();
    }
  }

  /** The lease of the process that lost its database runs out; another process takes the job. */
  async function finishElsewhere(id: string) {
    await sql`update business_imports set locked_until = now() - interval '1 second' where import_id = ${id}`.execute(
      t.db,
    );
    expect(await runNextJob({ db: t.db, batchRows: 3 }, 'otro-proceso')).toBe(true);
    return (await calls.get(id)).json().import;
  }

  it('applies each row once when the freeze comes just after the COMMIT was sent', async () => {
    const id = await queuedImport('Congelado Commit', 7);
    expect(await runUntilFrozen(id, 'proceso-congelado', 'commit')).toBe('interrupted');
    expect(await finishElsewhere(id)).toMatchObject({
      status: 'done',
      processed_rows: 7,
      summary: { create: 7, update: 0, unchanged: 0, error: 0 },
    });
    expect((await created('Congelado Commit')).sort()).toHaveLength(7);
    const results = await calls.results(id);
    expect(results.statusCode).toBe(200);
    expect(results.body.trim().split('\r\n')).toHaveLength(1 + 7);
  });

  it('still tries again after a freeze once it has been given back at shutdown time after time', async () => {
    const id = await queuedImport('Congelado Relevos', 7);
    // Five shutdowns (deploys), each giving the job back after one batch.
    for (let shutdown = 1; shutdown <= 5; shutdown++) {
      const worker = `proceso-${shutdown}`;
      const job = await claimJob(t.db, worker, 60_000);
      let asked = 0;
      const stopping = () => asked++ > 0;
      expect(await runJob({ db: t.db, batchRows: 1, stopping }, job!, worker)).toBe('stopped');
    }
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'running', processed_rows: 5 });
    // The database then freezes under the next process: a fault worth another try, not the end.
    expect(await runUntilFrozen(id, 'proceso-congelado', 'insert into "businesses"')).toBe('interrupted');
    expect(await finishElsewhere(id)).toMatchObject({ status: 'done', processed_rows: 7 });
    expect(await created('Congelado Relevos')).toHaveLength(7);
  });

  it('is taken again by its own process ten seconds after the freeze, before its lease runs out', async () => {
    const id = await queuedImport('Congelado Propio', 7);
    expect(await runUntilFrozen(id, 'proceso-congelado', 'insert into "businesses"')).toBe('interrupted');
    const own = () => runNextJob({ db: t.db, batchRows: 3 }, 'proceso-congelado');
    // At once, the database back: the same process waits a little before trying again.
    expect(await own()).toBe(false);
    // Eleven seconds after the lease was last renewed (49 s of 60 left): its own process takes it,
    // another process still may not.
    await sql`update business_imports set locked_until = now() + interval '49 seconds' where import_id = ${id}`.execute(
      t.db,
    );
    expect(await runNextJob({ db: t.db, batchRows: 3 }, 'otro-proceso')).toBe(false);
    expect(await own()).toBe(true);
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'done', processed_rows: 7 });
    expect(await created('Congelado Propio')).toHaveLength(7);
  });

  it('leaves nothing of a batch frozen in the middle, and applies it whole later', async () => {
    const id = await queuedImport('Congelado Lote', 7);
    expect(await runUntilFrozen(id, 'proceso-congelado', 'insert into "businesses"')).toBe('interrupted');
    expect(await created('Congelado Lote')).toEqual([]);
    expect(await finishElsewhere(id)).toMatchObject({
      status: 'done',
      processed_rows: 7,
      summary: { create: 7, update: 0, unchanged: 0, error: 0 },
    });
    expect(await created('Congelado Lote')).toHaveLength(7);
  });
});
