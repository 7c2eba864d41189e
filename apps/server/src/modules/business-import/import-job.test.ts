// The import job (issue #32): a restart resumes from the last committed batch, and two workers
// racing for one job apply each batch once (run against PostgreSQL too: TEST_DB=postgres).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { staffApp } from '../../../test/helpers.ts';
import { csv, importCalls, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { claimJob } from './business-import.repository.ts';
import { type JobDeps, runBatch, runNextJob } from './import-job.ts';

describe('import job', async () => {
  const { t, admin } = await staffApp();
  const calls = importCalls(t, admin);
  let file = 0;

  /** A committed import of `rows` new businesses whose names start with `prefix`. */
  async function queuedImport(prefix: string, rows: number) {
    file += 1;
    const lines = Array.from({ length: rows }, (_, i) => [
      `${prefix} ${i + 1}`,
      'Ana Ruiz',
      `${prefix.toLowerCase().replace(/\s/g, '')}${i}@correo.test`,
      `93960${String(file).padStart(2, '0')}${String(i).padStart(3, '0')}`,
      '',
    ]);
    const id = (await calls.upload(`${prefix}.csv`, csv([SPEC_HEADERS, ...lines]))).json().import.import_id;
    expect((await calls.preview(id)).json().import.summary.create).toBe(rows);
    expect((await calls.commit(id)).statusCode).toBe(202);
    return id as string;
  }
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
  const deps = (batchRows: number): JobDeps => ({ db: t.db, mailer: { send: async () => {} }, batchRows });

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
});
