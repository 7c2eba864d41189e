// Discarding an import not started (DELETE …/imports/{id}): its record and rows go, the staff
// audit records it, and one that has been started, another admin's or a missing one is refused;
// racing a start, exactly one of the two happens (run against PostgreSQL too: TEST_DB=postgres).
import { IMPORT_MSG } from '@portal/contract/business-import';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, staffApp } from '../../../test/helpers.ts';
import {
  csv,
  importAuditRows,
  importCalls,
  importQueue,
  SPEC_HEADERS,
} from '../../../test/import-helpers.ts';

describe('discarding an import', async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);
  const queuedImport = importQueue(calls, '93982');
  const file = (prefix: string) =>
    csv([
      SPEC_HEADERS,
      [`${prefix} 1`, 'Ana Ruiz', `${prefix.toLowerCase()}1@correo.test`, '7875550190', ''],
    ]);
  const upload = async (prefix: string) => {
    const res = await calls.upload(`${prefix}.csv`, file(prefix));
    expect(res.statusCode).toBe(201);
    return res.json().import.import_id as string;
  };
  const storedRows = async (id: string) => {
    const count = (table: 'business_imports' | 'business_import_rows' | 'business_import_errors') =>
      t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('import_id', '=', id)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    return {
      imports: await count('business_imports'),
      rows: await count('business_import_rows'),
      errors: await count('business_import_errors'),
    };
  };
  const audit = (id: string) => importAuditRows(t, master, 'business_import_discard', id);

  it('discards an uploaded import with its rows, and records it in the staff audit', async () => {
    const id = await upload('Subida');
    expect((await storedRows(id)).rows).toBe(1);

    const res = await calls.discard(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Import discarded' });
    expect(await storedRows(id)).toEqual({ imports: 0, rows: 0, errors: 0 });
    expectError(await calls.get(id), 404, IMPORT_MSG.importNotFound);
    expect((await calls.list()).json().imports.map((i: { import_id: string }) => i.import_id)).not.toContain(
      id,
    );
    expect(await audit(id)).toEqual([
      expect.objectContaining({
        action: 'business_import_discard',
        actor_role: 'admin',
        target_kind: 'directory',
        details: { import_id: id, file_name: 'Subida.csv', rows: 1 },
      }),
    ]);
    // Twice: the second finds nothing.
    expectError(await calls.discard(id), 404, IMPORT_MSG.importNotFound);
  });

  it('discards a previewed import with its rows in error', async () => {
    const id = (
      await calls.upload(
        'Revisada.csv',
        csv([SPEC_HEADERS, ['Revisada 1', 'Ana Ruiz', 'no-es-un-email', '7875550191', '']]),
      )
    ).json().import.import_id as string;
    expect((await calls.preview(id)).json().import.summary.error).toBe(1);
    expect((await storedRows(id)).errors).toBe(1);

    expect((await calls.discard(id)).statusCode).toBe(200);
    expect(await storedRows(id)).toEqual({ imports: 0, rows: 0, errors: 0 });
  });

  it('refuses an import that has been started, and keeps it', async () => {
    const id = await queuedImport('Iniciada', 1);
    expectError(await calls.discard(id), 409, IMPORT_MSG.discardStarted);
    expect((await calls.get(id)).json().import.status).toBe('queued');
    expect(await audit(id)).toEqual([]);
  });

  it("keeps another admin's import out of reach; the master may discard it", async () => {
    const id = await upload('Ajena');
    const other = importCalls(t, (await createAdmin(t)).headers);
    expectError(await other.discard(id), 404, IMPORT_MSG.importNotFound);
    expect((await storedRows(id)).imports).toBe(1);

    expect((await importCalls(t, master, 'master').discard(id)).statusCode).toBe(200);
    expect((await storedRows(id)).imports).toBe(0);
  });

  it('answers 404 to a preview or a start that finds the import discarded', async () => {
    const id = await upload('Descartada');
    expect((await calls.discard(id)).statusCode).toBe(200);
    expectError(await calls.preview(id), 404, IMPORT_MSG.importNotFound);
    expectError(await calls.commit(id), 404, IMPORT_MSG.importNotFound);
  });

  it('a discard racing a start: one of them wins, and the import is either queued or gone', async () => {
    for (let round = 0; round < 12; round += 1) {
      const id = await upload(`Carrera${round}`);
      expect((await calls.preview(id)).statusCode).toBe(200);
      const [started, discarded] = await Promise.all([calls.commit(id), calls.discard(id)]);
      const stored = await storedRows(id);
      if (started.statusCode === 202) {
        expectError(discarded, 409, IMPORT_MSG.discardStarted);
        expect(stored.imports).toBe(1);
        expect((await calls.get(id)).json().import.status).toBe('queued');
      } else {
        expect(discarded.statusCode).toBe(200);
        expectError(started, 404, IMPORT_MSG.importNotFound);
        expect(stored).toEqual({ imports: 0, rows: 0, errors: 0 });
      }
    }
  });

  it('refuses a malformed id and a caller without a session', async () => {
    expect((await calls.discard('no-es-un-id')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/admin/business-import/api/v1/imports/${await upload('Anonima')}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
