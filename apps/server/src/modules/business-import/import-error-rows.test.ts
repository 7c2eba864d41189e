// GET …/imports/{id}/error-rows: an import's rows in error as JSON, each with its messages per
// field, in the shape the preview answers them; the same owner check and 1,000 rows as the
// errors file.
import { randomUUID } from 'node:crypto';
import { IMPORT_MSG } from '@portal/contract/business-import';
import { spanishMessage } from '@portal/contract/messages-es';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, createBusiness, staffApp } from '../../../test/helpers.ts';
import { csv, importCalls, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { runNextJob } from './import-job.ts';

const BAD_EMAIL = 'Formato de correo electrónico inválido.';
const EMAIL_NEEDS_CODE =
  'El email de un negocio registrado se cambia con un código de verificación (Actualizar Email).';

describe('the rows in error of an import, as JSON', async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);
  const upload = async (name: string, lines: string[][]) =>
    (await calls.upload(name, csv(lines))).json().import.import_id as string;
  type Row = { row: number; action: string; errors?: object[] };
  const inError = (rows: Row[]) => rows.filter((row) => row.action === 'error');

  it('answers each row in error with its name or registry number and its messages, as the preview did', async () => {
    const registered = await createBusiness(t, { business_name: 'Filas Registrado' });
    const unnamed = await createBusiness(t, { business_name: 'Filas Sin Nombre En El Archivo' });
    const id = await upload('errores.csv', [
      ['business_registry_number', ...SPEC_HEADERS],
      ['', 'Filas Bien', 'Ana Ruiz', 'filas.bien@correo.test', '9398700001', ''],
      ['', 'Filas Correo Malo', 'Ana Ruiz', 'no-es-correo', '9398700002', ''],
      [
        registered.business_registry_number,
        'Filas Registrado',
        registered.business_owner,
        'filas.otro@correo.test',
        registered.business_phone,
        '',
      ],
      ['xx-no-existe', 'Filas Sin Registro', 'Ana Ruiz', 'filas.sin@correo.test', '9398700003', ''],
      ['', '', 'Ana Ruiz', 'tampoco-es-correo', '9398700004', ''],
      // Named by the business its registry number finds.
      [unnamed.business_registry_number, '', unnamed.business_owner, '', unnamed.business_phone, ''],
    ]);
    const preview = (await calls.preview(id)).json();
    const previewed = inError(preview.rows);
    expect(previewed).toHaveLength(5);
    // Before the job ran them, the rows kept by the preview (named by their cells only).
    const before = (await calls.errorRows(id)).json();
    expect(before.total_count).toBe(5);
    const messages = (rows: Row[]) => rows.map(({ row, errors }) => ({ row, errors }));
    expect(messages(before.rows)).toEqual(messages(previewed));

    expect((await calls.commit(id)).statusCode).toBe(202);
    expect(await runNextJob({ db: t.db })).toBe(true);
    const res = await calls.errorRows(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      rows: [
        {
          row: 3,
          action: 'error',
          business_name: 'Filas Correo Malo',
          errors: [{ field: 'business_email', message: BAD_EMAIL }],
        },
        {
          row: 4,
          action: 'error',
          business_registry_number: registered.business_registry_number,
          business_name: 'Filas Registrado',
          errors: [{ field: 'business_email', message: EMAIL_NEEDS_CODE }],
        },
        {
          row: 5,
          action: 'error',
          business_registry_number: 'XX-NO-EXISTE',
          business_name: 'Filas Sin Registro',
          errors: [
            { field: 'business_registry_number', message: spanishMessage(IMPORT_MSG.unknownRegistry) },
          ],
        },
        {
          row: 6,
          action: 'error',
          errors: [
            { field: 'business_name', message: 'El nombre del negocio es requerido.' },
            { field: 'business_email', message: BAD_EMAIL },
          ],
        },
        {
          row: 7,
          action: 'error',
          business_registry_number: unnamed.business_registry_number,
          business_name: 'Filas Sin Nombre En El Archivo',
          errors: [
            { field: 'business_name', message: 'El nombre del negocio es requerido.' },
            { field: 'business_email', message: 'El correo electrónico es requerido.' },
          ],
        },
      ],
      total_count: 5,
    });
    expect(res.json().rows).toEqual(previewed);
    expect((await importCalls(t, master, 'master').errorRows(id)).json()).toEqual(res.json());
  });

  it('answers an empty list for an import without errors', async () => {
    const id = await upload('sin-errores.csv', [
      SPEC_HEADERS,
      ['Filas Todo Bien', 'Ana Ruiz', 'filas.todo.bien@correo.test', '9398700010', ''],
    ]);
    expect((await calls.errorRows(id)).json()).toEqual({ success: true, rows: [], total_count: 0 });
    await calls.preview(id);
    expect((await calls.commit(id)).statusCode).toBe(202);
    expect(await runNextJob({ db: t.db })).toBe(true);
    expect((await calls.get(id)).json().import.status).toBe('done');
    expect((await calls.errorRows(id)).json()).toEqual({ success: true, rows: [], total_count: 0 });
  });

  it('answers the first 1,000 rows in error, and how many there are', async () => {
    const lines = Array.from({ length: 1_001 }, (_, i) => ['', 'Ana Ruiz', `malo-${i}`, '', '']);
    const id = await upload('muchos-errores.csv', [SPEC_HEADERS, ...lines]);
    expect((await calls.preview(id)).json().import.summary.error).toBe(1_001);
    const body = (await calls.errorRows(id)).json();
    expect(body.total_count).toBe(1_001);
    expect(body.rows).toHaveLength(1_000);
    expect([body.rows[0].row, body.rows.at(-1).row]).toEqual([2, 1_001]);
  });

  it("refuses another admin's import as the errors file does, and an import that does not exist", async () => {
    const id = await upload('ajeno.csv', [SPEC_HEADERS, ['', 'Ana Ruiz', 'ajeno', '9398700020', '']]);
    await calls.preview(id);
    const stranger = importCalls(t, (await createAdmin(t)).headers);
    for (const refused of [await stranger.errorRows(id), await stranger.errors(id)]) {
      expectError(refused, 404, IMPORT_MSG.importNotFound);
    }
    expectError(await calls.errorRows(randomUUID()), 404, IMPORT_MSG.importNotFound);
    expectError(await calls.errorRows('not-a-uuid'), 400, 'Invalid request data');
  });
});
