import { IMPORT_MSG } from '@portal/contract/business-import';
import { spanishMessage } from '@portal/contract/messages-es';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../test/business-api-helpers.ts';
import { createAdmin, createBusiness, staffApp } from '../../../test/helpers.ts';
import { csv, importAuditRows, importCalls, SPEC_HEADERS } from '../../../test/import-helpers.ts';
import { deliverNextOwnerAccess } from '../../mail/owner-access-mails.ts';
import { runNextJob } from './import-job.ts';
import { excelErrorText, UNREADABLE_ROW } from './row-checks.ts';

let phone = 0;
/** A phone no other row of this file uses: 939 then 7 digits. */
const newPhone = () => `939${String(5_000_000 + ++phone).padStart(7, '0')}`;

describe('business import', async () => {
  const { t, admin, master } = await staffApp();
  const calls = importCalls(t, admin);
  const asMaster = importCalls(t, master, 'master');
  const count = async (table: 'businesses' | 'business_change_logs' | 'business_imports') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mailer = { send: async (m: (typeof t.mail)[number]) => void t.mail.push(m) };
  /** Runs the waiting import, then sends the owners' mails it queued. */
  const runJobs = async () => {
    const ran = await runNextJob({ db: t.db });
    while (await deliverNextOwnerAccess({ db: t.db, mailer })) {
      // the next due mail
    }
    return ran;
  };

  it('reads a UTF-8 CSV of SPEC field names, suggests the mapping and keeps the rows, not the file', async () => {
    const res = await calls.upload(
      'negocios.csv',
      csv([SPEC_HEADERS, ['Panadería Sol', 'Ana Ruiz', 'sol@correo.test', '(787) 555-0101', 'Panaderías']]),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      import: {
        file_name: 'negocios.csv',
        status: 'uploaded',
        total_rows: 1,
        columns: SPEC_HEADERS,
        mapping: Object.fromEntries(SPEC_HEADERS.map((h) => [h, h])),
      },
    });
    const rows = await t.db
      .selectFrom('business_import_rows')
      .select(['row_number', 'cells'])
      .where('import_id', '=', body.import.import_id)
      .execute();
    expect(rows).toEqual([
      {
        row_number: 2,
        cells: ['Panadería Sol', 'Ana Ruiz', 'sol@correo.test', '(787) 555-0101', 'Panaderías'],
      },
    ]);
  });

  it("maps the directory export's Spanish headers, reads a BOM and ';', and Windows-1252", async () => {
    const spanish = [
      'Número de registro',
      'Nombre',
      'Propietario',
      'Email',
      'Teléfono',
      'Dirección',
      'Año',
      'Estado',
    ];
    const withBom = await calls.upload(
      'exportado.csv',
      `\uFEFF${csv([spanish, ['', 'Café Niña', 'José Peña', 'cafe@correo.test', '7875550102', 'Calle 1', '1999', 'Verificado']], ';')}`,
    );
    expect(withBom.statusCode).toBe(201);
    expect(withBom.json().import.mapping).toEqual({
      'Número de registro': 'business_registry_number',
      Nombre: 'business_name',
      Propietario: 'business_owner',
      Email: 'business_email',
      Teléfono: 'business_phone',
      Dirección: 'business_address',
      Año: 'business_year',
      Estado: null,
    });
    // The same words in Windows-1252 (Excel's "CSV" on Windows): 'ñ' is the byte 0xF1.
    const latin1 = Buffer.from(
      csv(
        [
          ['Nombre', 'Dueño'],
          ['Niño Café', 'Peña'],
        ],
        ';',
      ),
      'latin1',
    );
    const cp1252 = await calls.upload('windows.csv', latin1);
    expect(cp1252.statusCode).toBe(201);
    expect(cp1252.json().import.columns).toEqual(['Nombre', 'Dueño']);
    expect(cp1252.json().import.mapping).toEqual({ Nombre: 'business_name', Dueño: 'business_owner' });
    const [row] = await t.db
      .selectFrom('business_import_rows')
      .select('cells')
      .where('import_id', '=', cp1252.json().import.import_id)
      .execute();
    expect(row?.cells).toEqual(['Niño Café', 'Peña']);
  });

  it('reads an XLSX file (first sheet, numbers and dates as text)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Negocios');
    sheet.addRow(['Nombre', 'Propietario', 'Email', 'Teléfono', 'Año']);
    sheet.addRow(['Ferretería Luz', 'Luz Díaz', 'luz@correo.test', 7875550103, 2001]);
    sheet.addRow([]);
    sheet.addRow(['Colmado Río', 'Rita Vega', 'rio@correo.test', '787-555-0104', null]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await calls.upload('libro.xlsx', bytes);
    expect(res.statusCode).toBe(201);
    expect(res.json().import).toMatchObject({
      total_rows: 2,
      columns: ['Nombre', 'Propietario', 'Email', 'Teléfono', 'Año'],
    });
    const rows = await t.db
      .selectFrom('business_import_rows')
      .select(['row_number', 'cells'])
      .where('import_id', '=', res.json().import.import_id)
      .orderBy('row_number')
      .execute();
    expect(rows).toEqual([
      { row_number: 2, cells: ['Ferretería Luz', 'Luz Díaz', 'luz@correo.test', '7875550103', '2001'] },
      { row_number: 4, cells: ['Colmado Río', 'Rita Vega', 'rio@correo.test', '787-555-0104', ''] },
    ]);
  });

  it('imports its own directory export back: every column maps by itself and nothing changes', async () => {
    await createBusiness(t, { business_name: 'Exportada Uno', business_phone: newPhone() });
    // The export writes this category as "'+Salud" (a formula guard); it must import back as it was.
    await createBusiness(t, {
      business_name: 'Exportada Dos',
      business_phone: newPhone(),
      business_category: '+Salud',
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: '/admin/business-data/api/v1/business-data/export?search=Exportada',
      headers: admin,
    });
    expect(exported.statusCode).toBe(200);
    const res = await calls.upload('negocios.csv', exported.rawPayload);
    expect(res.statusCode).toBe(201);
    const { mapping, import_id } = res.json().import;
    expect(Object.values(mapping).filter(Boolean).sort()).toEqual(
      [
        'business_address',
        'business_category',
        'business_email',
        'business_name',
        'business_owner',
        'business_phone',
        'business_registry_number',
        'business_year',
      ].sort(),
    );
    const preview = await calls.preview(import_id);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().import.summary).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
  });

  it('refuses bad files with a clear 4xx and stores nothing', async () => {
    const rowCount = async () =>
      (await t.db.selectFrom('business_import_rows').select('row_number').execute()).length;
    const [before, rowsBefore] = [await count('business_imports'), await rowCount()];
    expectError(
      await calls.upload('foto.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])),
      415,
      IMPORT_MSG.fileType,
    );
    expectError(await calls.upload('viejo.xls', 'Nombre\nUno\n'), 415, IMPORT_MSG.fileType);
    expectError(await calls.upload('vacio.csv', ''), 400, IMPORT_MSG.fileEmpty);
    expectError(await calls.upload('solo-encabezado.csv', 'Nombre,Email\r\n'), 400, IMPORT_MSG.fileEmpty);
    expectError(
      await calls.upload('grande.csv', Buffer.alloc(20 * 1024 * 1024 + 1, 0x41)),
      413,
      IMPORT_MSG.fileTooLarge,
    );
    expectError(
      await calls.upload('filas.csv', `Nombre\r\n${'x\r\n'.repeat(100_001)}`),
      400,
      IMPORT_MSG.tooManyRows,
    );
    expectError(
      await calls.upload('roto.xlsx', Buffer.from('PK\u0003\u0004 no es un zip')),
      400,
      IMPORT_MSG.xlsxUnreadable,
    );
    // A zip whose directory declares more than the allowed inflated size.
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(1024) });
    const central = Buffer.from(zip).lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const bomb = Buffer.from(zip);
    bomb.writeUInt32LE(0x7fffffff, central + 24); // the entry's uncompressed size
    expectError(await calls.upload('bomba.xlsx', bomb), 400, IMPORT_MSG.zipBomb);
    // A header row without a required field, and the mapping sent says nothing for it.
    expectError(
      await calls.upload(
        'sin-email.csv',
        csv([
          ['Nombre', 'Dueño'],
          ['A', 'B'],
        ]),
        {
          mapping: JSON.stringify({ Nombre: 'business_name', Dueño: 'business_owner' }),
        },
      ),
      400,
      IMPORT_MSG.mappingRequired(['business_email', 'business_phone']),
    );
    // Not multipart at all.
    const json = await t.app.inject({
      method: 'POST',
      url: `/admin/business-import/api/v1/imports`,
      headers: admin,
      payload: {},
    });
    expectError(json, 400, IMPORT_MSG.fileRequired);
    expect(await count('business_imports')).toBe(before);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('refuses a CSV its parser cannot read with a 400 naming the row, and stores nothing', async () => {
    const rowCount = async () =>
      (await t.db.selectFrom('business_import_rows').select('row_number').execute()).length;
    const [before, rowsBefore] = [await count('business_imports'), await rowCount()];
    const unclosed = await calls.upload('comilla.csv', 'Nombre,Email\r\n"Sol,a@b.co\r\n');
    expectError(unclosed, 400, IMPORT_MSG.csvUnreadable(2));
    expect(spanishMessage(unclosed.json().message)).toBe(
      'No se pudo leer el archivo CSV en la fila 2: revise que sus comillas estén cerradas.',
    );
    // Past the first batch of rows: those already written inside the upload's transaction go too.
    const good = Array.from({ length: 1500 }, (_, i) => `Negocio ${i},n${i}@correo.test`).join('\r\n');
    expectError(
      await calls.upload('larga.csv', `Nombre,Email\r\n${good}\r\n"Roto,x@correo.test\r\nA,b\r\n`),
      400,
      IMPORT_MSG.csvUnreadable(1502),
    );
    expect(await count('business_imports')).toBe(before);
    expect(await rowCount()).toBe(rowsBefore);
    expect(spanishMessage(IMPORT_MSG.csvUnreadable())).toBe('No se pudo leer el archivo CSV.');
  });

  it('refuses a CSV with a row of more than 1000 cells before reading it (400 naming the row), and stores nothing', async () => {
    const before = await count('business_imports');
    // 19 MiB of separators on one row: read, it would be a row of 20 million cells.
    const huge = await calls.upload(
      'comas.csv',
      `business_name,business_owner,business_email\r\nA,B,${','.repeat(19 * 1024 * 1024)}`,
    );
    expectError(huge, 400, IMPORT_MSG.csvUnreadable(2, 'cells'));
    expect(spanishMessage(huge.json().message)).toBe(
      'No se pudo leer el archivo CSV en la fila 2: tiene más de 1000 celdas. Revise que sus columnas estén separadas solo por comas o solo por punto y coma.',
    );
    const wide = (cells: number) =>
      `Nombre,Email\r\n"A, con coma",a@b.co\r\nB,${'x;'.repeat(3)}${',x'.repeat(cells - 2)}\r\n`;
    expectError(await calls.upload('ancha.csv', wide(1001)), 400, IMPORT_MSG.csvUnreadable(3, 'cells'));
    expect(await count('business_imports')).toBe(before);
    expect((await calls.upload('ancha.csv', wide(1000))).statusCode).toBe(201);
  });

  it('refuses a CSV whose header row has a damaged byte with a 400 naming that row, and stores nothing', async () => {
    const rowCount = async () =>
      (await t.db.selectFrom('business_import_rows').select('row_number').execute()).length;
    const [before, rowsBefore] = [await count('business_imports'), await rowCount()];
    // 'Teléfono' with its 'é' cut to one byte, in a UTF-8 file (a BOM, accents in its rows).
    const damaged = (head: string) =>
      Buffer.concat([
        Buffer.from(`\uFEFF${head}business_name,business_owner,business_email,Tel`, 'utf8'),
        Buffer.from([0xc3]),
        Buffer.from('fono\r\nCafé Niña,José,cafe.cabecera@correo.test,9395550199\r\n', 'utf8'),
      ]);
    const refused = await calls.upload('cabecera.csv', damaged(''));
    expectError(refused, 400, IMPORT_MSG.csvUnreadable(1, 'encoding'));
    expect(spanishMessage(refused.json().message)).toBe(
      'No se pudo leer el archivo CSV en la fila 1: tiene caracteres que no se pudieron leer. Guárdelo como CSV UTF-8 y vuelva a subirlo.',
    );
    // Blank lines before the header count, as a spreadsheet shows them.
    expectError(
      await calls.upload('cabecera.csv', damaged('\r\n,,\r\n')),
      400,
      IMPORT_MSG.csvUnreadable(3, 'encoding'),
    );
    expect(await count('business_imports')).toBe(before);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('reads a UTF-8 file with one bad byte as UTF-8: that row is an error, the others keep their accents', async () => {
    const header = ['Nombre', 'Dueño', 'Email', 'Teléfono', 'Dirección'];
    const lines = [
      ['Café Niña', 'José Peña', `cafe.${Date.now()}@correo.test`, newPhone(), 'Calle Ñandú'],
      ['Panadería Sol', 'Ana Muñoz', `sol.${Date.now()}@correo.test`, newPhone(), 'Avenida Río'],
      ['Dañado', 'Luis', `danado.${Date.now()}@correo.test`, newPhone(), 'Calle 2'],
    ];
    // The last row's 'ñ' is the lone Windows-1252 byte 0xF1 (a file merged from two encodings).
    const [good, bad] = [csv([header, ...lines.slice(0, 2)]), csv([lines[2]!])];
    const [before, after] = bad.split('ñ') as [string, string];
    const bytes = Buffer.concat([
      Buffer.from(`\uFEFF${good}${before}`, 'utf8'),
      Buffer.from([0xf1]),
      Buffer.from(after, 'utf8'),
    ]);
    const upload = await calls.upload('mezclado.csv', bytes);
    expect(upload.statusCode).toBe(201);
    expect(upload.json().import.mapping).toMatchObject({
      Dueño: 'business_owner',
      Teléfono: 'business_phone',
      Dirección: 'business_address',
    });
    const id = upload.json().import.import_id;
    const preview = (await calls.preview(id)).json();
    expect(preview.import.summary).toEqual({ create: 2, update: 0, unchanged: 0, error: 1 });
    expect(preview.rows.find((r: { row: number }) => r.row === 4)).toMatchObject({
      action: 'error',
      errors: [{ field: '', message: UNREADABLE_ROW }],
    });
    expect((await calls.commit(id)).statusCode).toBe(202);
    await runJobs();
    const names = await t.db
      .selectFrom('businesses')
      .select(['business_name', 'business_owner', 'business_address'])
      .where(
        'business_email',
        'in',
        lines.map((l) => l[2]!),
      )
      .orderBy('business_name')
      .execute();
    expect(names).toEqual([
      { business_name: 'Café Niña', business_owner: 'José Peña', business_address: 'Calle Ñandú' },
      { business_name: 'Panadería Sol', business_owner: 'Ana Muñoz', business_address: 'Avenida Río' },
    ]);
    expect((await calls.errors(id)).body).toContain(`"4","${UNREADABLE_ROW}"`);

    // The same words written by Excel as Windows-1252 are still read as such.
    const cp1252 = await calls.upload('windows.csv', Buffer.from(csv([header, lines[0]!]), 'latin1'));
    expect(cp1252.json().import.columns).toEqual(header);
    const stored = await t.db
      .selectFrom('business_import_rows')
      .select('cells')
      .where('import_id', '=', cp1252.json().import.import_id)
      .executeTakeFirstOrThrow();
    expect(stored.cells).toEqual(lines[0]);
  });

  it('previews what each row would do, with Spanish messages per field, and writes nothing', async () => {
    const existing = await createBusiness(t, { business_name: 'Existente', business_phone: newPhone() });
    const [p1, p2] = [newPhone(), newPhone()];
    const file = csv([
      ['Número de registro', ...SPEC_HEADERS],
      ['', 'Nuevo Uno', 'Ana', 'nuevo1@correo.test', p1, 'Colmados'],
      [
        existing.business_registry_number,
        'Existente Renombrado',
        'Luis Ortiz',
        existing.business_email,
        existing.business_phone,
        'Restaurantes',
      ],
      ['', 'Sin Email', 'Ana', '', p2, ''],
      ['', 'Correo Malo', 'Ana', 'no-es-correo', newPhone(), ''],
      ['', 'Correo Tomado', 'Ana', existing.business_email.toUpperCase(), newPhone(), ''],
      ['', 'Repetido', 'Ana', 'nuevo1@correo.test', newPhone(), ''],
      ['REG999999', 'Fantasma', 'Ana', 'fantasma@correo.test', newPhone(), ''],
      [
        existing.business_registry_number.toLowerCase(),
        'Existente Renombrado',
        'Luis Ortiz',
        existing.business_email,
        existing.business_phone,
        'Restaurantes',
      ],
    ]);
    const upload = await calls.upload('mezcla.csv', file);
    const id = upload.json().import.import_id;
    const [businesses, logs] = [await count('businesses'), await count('business_change_logs')];
    const res = await calls.preview(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.import).toMatchObject({
      status: 'previewed',
      summary: { create: 1, update: 1, unchanged: 0, error: 6 },
    });
    const byRow = Object.fromEntries(body.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[2]).toEqual({ row: 2, action: 'create', business_name: 'Nuevo Uno' });
    expect(byRow[3]).toMatchObject({
      action: 'update',
      business_registry_number: existing.business_registry_number,
    });
    expect(byRow[4].errors).toEqual([
      { field: 'business_email', message: 'El correo electrónico es requerido.' },
    ]);
    expect(byRow[5].errors).toEqual([
      { field: 'business_email', message: 'Formato de correo electrónico inválido.' },
    ]);
    expect(byRow[6].errors).toEqual([
      { field: 'business_email', message: 'Este correo electrónico ya está registrado.' },
    ]);
    expect(byRow[7].errors).toEqual([
      { field: 'business_email', message: 'Una fila anterior de este archivo tiene este email.' },
    ]);
    expect(byRow[8].errors).toEqual([
      { field: 'business_registry_number', message: 'No existe un negocio con este número de registro.' },
    ]);
    expect(byRow[9].errors).toEqual([
      {
        field: 'business_registry_number',
        message: 'La fila 3 de este archivo tiene este número de registro.',
      },
    ]);
    // Nothing written to the directory or its history.
    expect([await count('businesses'), await count('business_change_logs')]).toEqual([businesses, logs]);
  });

  it("says a refused value in the staff forms' words for its field, every message ending with a period", async () => {
    const taken = await createBusiness(t, { business_name: 'Tomado', business_phone: newPhone() });
    const year = new Date().getFullYear();
    const long = (n: number) => 'x'.repeat(n + 1);
    const headers = [...SPEC_HEADERS, 'business_year', 'business_address', 'business_description'];
    const row = (cells: Partial<Record<string, string>>) => {
      const base: Record<string, string> = {
        business_name: 'Bien',
        business_owner: 'Ana Ruiz',
        business_email: `bien${newPhone()}@correo.test`,
        business_phone: newPhone(),
        business_category: '',
        business_year: '',
        business_address: '',
        business_description: '',
      };
      return headers.map((header) => cells[header] ?? base[header] ?? '');
    };
    const file = csv([
      headers,
      row({ business_name: '   ', business_owner: '' }),
      row({ business_email: 'no-es-correo', business_phone: '787555' }),
      row({ business_year: '1800' }),
      row({ business_year: 'hace mucho' }),
      row({ business_name: long(255), business_owner: long(255), business_category: long(255) }),
      row({ business_address: long(255), business_description: long(2000) }),
      row({ business_email: taken.business_email, business_phone: taken.business_phone }),
    ]);
    const id = (await calls.upload('palabras.csv', file)).json().import.import_id;
    const body = (await calls.preview(id)).json();
    const byRow = Object.fromEntries(
      body.rows.map((r: { row: number; errors?: unknown }) => [r.row, r.errors]),
    );
    const yearRange = `El año debe estar entre 1900 y ${year}.`;
    expect(byRow).toEqual({
      2: [
        { field: 'business_name', message: 'El nombre del negocio es requerido.' },
        { field: 'business_owner', message: 'El nombre del propietario es requerido.' },
      ],
      3: [
        { field: 'business_email', message: 'Formato de correo electrónico inválido.' },
        { field: 'business_phone', message: 'El número de teléfono debe tener 10 dígitos.' },
      ],
      4: [{ field: 'business_year', message: yearRange }],
      5: [{ field: 'business_year', message: yearRange }],
      6: [
        { field: 'business_name', message: 'El nombre del negocio no puede exceder 255 caracteres.' },
        {
          field: 'business_owner',
          message: 'El nombre completo del propietario no puede exceder 255 caracteres.',
        },
        { field: 'business_category', message: 'La categoría no puede exceder 255 caracteres.' },
      ],
      7: [
        { field: 'business_address', message: 'La dirección no puede exceder 255 caracteres.' },
        { field: 'business_description', message: 'La descripción no puede exceder 2000 caracteres.' },
      ],
      8: [
        { field: 'business_email', message: 'Este correo electrónico ya está registrado.' },
        { field: 'business_phone', message: 'Este número de teléfono ya está registrado.' },
      ],
    });
  });

  it('makes a row whose mapped cell shows an Excel error (#N/A) an error naming that cell, not a blank or a name', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Negocios');
    sheet.addRow(['Nombre', 'Propietario', 'Email', 'Teléfono', 'Notas']);
    sheet.addRow([{ error: '#N/A' }, 'Luz Díaz', `luz.${Date.now()}@correo.test`, newPhone(), null]);
    sheet.addRow(['Colmado Río', 'Rita Vega', { error: '#REF!' }, newPhone(), null]);
    sheet.addRow(['Café Sol', 'Sol Ruiz', `sol.${Date.now()}@correo.test`, newPhone(), { error: '#DIV/0!' }]);
    const id = (await calls.upload('errores.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))).json()
      .import.import_id;
    const preview = (await calls.preview(id)).json();
    // The unmapped 'Notas' column's error does not matter.
    expect(preview.import.summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 2 });
    expect(preview.rows.filter((r: { action: string }) => r.action === 'error')).toMatchObject([
      { row: 2, errors: [{ field: 'business_name', message: excelErrorText('#N/A') }] },
      {
        row: 3,
        business_name: 'Colmado Río',
        errors: [{ field: 'business_email', message: excelErrorText('#REF!') }],
      },
    ]);
  });

  it("names a row by its number in the spreadsheet, blank rows and ',,,' rows counted", async () => {
    const file = [
      SPEC_HEADERS.join(','),
      `Fila Buena,Ana,fila.buena@correo.test,${newPhone()},`,
      ',,,,',
      '',
      `Fila Mala,Ana,no-es-correo,${newPhone()},`,
      '',
    ].join('\r\n');
    const id = (await calls.upload('huecos.csv', file)).json().import.import_id;
    const preview = (await calls.preview(id)).json();
    expect(preview.import.summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 1 });
    expect(preview.rows.map((r: { row: number; action: string }) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [5, 'error'],
    ]);
  });

  it('refuses a mapping without the required fields, or naming a column twice, and keeps the import as it was', async () => {
    const upload = await calls.upload(
      'dos.csv',
      csv([
        ['A', 'B', 'C', 'D'],
        ['x', 'y', 'z@correo.test', newPhone()],
      ]),
    );
    const id = upload.json().import.import_id;
    expect(upload.json().import.mapping).toEqual({ A: null, B: null, C: null, D: null });
    expectError(
      await calls.preview(id),
      400,
      IMPORT_MSG.mappingRequired(['business_name', 'business_owner', 'business_email', 'business_phone']),
    );
    expectError(
      await calls.preview(id, {
        mapping: { A: 'business_name', B: 'business_name', C: 'business_email', D: 'business_phone' },
      }),
      400,
      IMPORT_MSG.mappingTwice,
    );
    expectError(await calls.preview(id, { mapping: { Z: 'business_name' } }), 400, IMPORT_MSG.mappingColumn);
    expect((await calls.get(id)).json().import.status).toBe('uploaded');
    const mapped = await calls.preview(id, {
      mapping: { A: 'business_name', B: 'business_owner', C: 'business_email', D: 'business_phone' },
    });
    expect(mapped.json().import.summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 0 });
  });

  it('commits in the background: creates and updates with change logs, a second commit is 409', async () => {
    const existing = await createBusiness(t, {
      business_name: 'Para Actualizar',
      business_phone: newPhone(),
    });
    const created = `creado.${Date.now()}@correo.test`;
    const newPhoneNumber = newPhone();
    const file = csv([
      ['Número de registro', 'Nombre', 'Propietario', 'Email', 'Teléfono', 'Categoría'],
      ['', 'Creado Por Archivo', 'Marta Colón', created, newPhoneNumber, 'Colmados'],
      [
        existing.business_registry_number,
        'Actualizado Por Archivo',
        existing.business_owner,
        existing.business_email,
        existing.business_phone,
        'Colmados',
      ],
      ['', 'Con Error', 'Ana', 'malo', newPhone(), ''],
    ]);
    const id = (await calls.upload('commit.csv', file)).json().import.import_id;
    expectError(await calls.commit(id), 409, IMPORT_MSG.notPreviewed);
    await calls.preview(id);
    const commit = await calls.commit(id);
    expect(commit.statusCode).toBe(202);
    expect(commit.json()).toMatchObject({ success: true, import: { status: 'queued' } });
    expectError(await calls.commit(id), 409, IMPORT_MSG.alreadyCommitted);
    expectError(await calls.preview(id), 409, IMPORT_MSG.alreadyCommitted);

    expect(await runJobs()).toBe(true);
    const done = (await calls.get(id)).json();
    expect(done.import).toMatchObject({
      status: 'done',
      processed_rows: 3,
      total_rows: 3,
      summary: { create: 1, update: 1, unchanged: 0, error: 1 },
      error_count: 1,
    });
    const business = await t.db
      .selectFrom('businesses')
      .selectAll()
      .where('business_email', '=', created)
      .executeTakeFirstOrThrow();
    expect(business).toMatchObject({
      business_name: 'Creado Por Archivo',
      business_phone: newPhoneNumber,
      must_change_password: true,
      referral_source: 'import',
    });
    expect(business.business_registry_number).toMatch(/^REG\d{6,}$/);
    const updated = await t.db
      .selectFrom('businesses')
      .select(['business_name', 'business_category'])
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(updated).toEqual({ business_name: 'Actualizado Por Archivo', business_category: 'Colmados' });
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['business_registry_number', 'operation_type', 'changed_column', 'changed_by', 'user_agent'])
      .where('business_registry_number', 'in', [
        business.business_registry_number,
        existing.business_registry_number,
      ])
      .where('changed_by', 'like', '%(importación)')
      .execute();
    const actor = `${(await t.db.selectFrom('admins').select('admin_email').where('admin_id', '=', Number(admin['x-admin-id'])).executeTakeFirstOrThrow()).admin_email} (importación)`;
    expect(logs.every((l) => l.changed_by === actor && l.user_agent === 'importación')).toBe(true);
    expect(
      logs
        .filter((l) => l.business_registry_number === existing.business_registry_number)
        .map((l) => l.changed_column)
        .sort(),
    ).toEqual(['business_category', 'business_name']);
    expect(
      logs.some(
        (l) =>
          l.business_registry_number === business.business_registry_number && l.operation_type === 'INSERT',
      ),
    ).toBe(true);
    // No mail to the owner unless asked for.
    expect(t.mail.filter((m) => m.to === created)).toHaveLength(0);
    // The rows are gone; the one in error stays for its file.
    expect(
      await t.db
        .selectFrom('business_import_rows')
        .select('row_number')
        .where('import_id', '=', id)
        .execute(),
    ).toEqual([]);

    const errors = await calls.errors(id);
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.headers['content-disposition']).toMatch(
      /^attachment; filename="errores-importacion_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = errors.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Número de registro","Nombre","Propietario","Email","Teléfono","Categoría","Fila","Error"',
    );
    expect(lines[1]).toContain('"Con Error","Ana","malo"');
    expect(lines[1]).toContain('"4","Email: Formato de correo electrónico inválido."');
    expect(lines).toHaveLength(3);
  });

  it("leaves a registered business's email to the code flow, and a new phone unverified", async () => {
    const verified = async (name: string) => {
      const business = await createBusiness(t, { business_name: name, business_phone: newPhone() });
      await t.db
        .updateTable('businesses')
        .set({ verified_email: true, verified_phone: true })
        .where('id', '=', business.id)
        .execute();
      return business;
    };
    const [emailMoved, phoneMoved, renamed] = [
      await verified('Email Cambiado'),
      await verified('Teléfono Cambiado'),
      await verified('Solo Nombre'),
    ];
    const newEmail = `otro.${Date.now()}@correo.test`;
    const newPhoneNumber = newPhone();
    const row = (b: typeof renamed, name: string, email: string, phoneNumber: string) => [
      b.business_registry_number,
      name,
      b.business_owner,
      email,
      phoneNumber,
      b.business_category ?? '',
    ];
    const file = csv([
      ['Número de registro', 'Nombre', 'Propietario', 'Email', 'Teléfono', 'Categoría'],
      row(emailMoved, 'Email Cambiado', newEmail, emailMoved.business_phone),
      // The same email in capitals is no change.
      row(phoneMoved, 'Teléfono Cambiado', phoneMoved.business_email.toUpperCase(), newPhoneNumber),
      row(renamed, 'Solo Nombre Nuevo', renamed.business_email, renamed.business_phone),
    ]);
    const id = (await calls.upload('verificados.csv', file)).json().import.import_id;
    const message =
      'El email de un negocio registrado se cambia con un código de verificación (Actualizar Email).';
    const preview = (await calls.preview(id)).json();
    expect(preview.import.summary).toEqual({ create: 0, update: 2, unchanged: 0, error: 1 });
    expect(preview.rows.find((r: { row: number }) => r.row === 2)).toMatchObject({
      action: 'error',
      business_registry_number: emailMoved.business_registry_number,
      errors: [{ field: 'business_email', message }],
    });

    expect((await calls.commit(id)).statusCode).toBe(202);
    await runJobs();
    expect((await calls.get(id)).json().import.summary).toEqual({
      create: 0,
      update: 2,
      unchanged: 0,
      error: 1,
    });
    const errors = await calls.errors(id);
    expect(errors.body).toContain(`"2","Email: ${message}"`);
    const flags = async (id: number) =>
      t.db
        .selectFrom('businesses')
        .select(['business_email', 'business_phone', 'verified_email', 'verified_phone'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await flags(emailMoved.id)).toMatchObject({
      business_email: emailMoved.business_email,
      verified_email: true,
      verified_phone: true,
    });
    expect(await flags(phoneMoved.id)).toEqual({
      business_email: phoneMoved.business_email,
      business_phone: newPhoneNumber,
      verified_email: true,
      verified_phone: false,
    });
    expect(await flags(renamed.id)).toMatchObject({ verified_email: true, verified_phone: true });
    const logs = await t.db
      .selectFrom('business_change_logs')
      .select(['changed_column', 'old_value', 'new_value', 'changed_by'])
      .where('business_id', '=', phoneMoved.id)
      .where('changed_by', 'like', '%(importación)')
      .orderBy('changed_column')
      .execute();
    expect(logs.map((l) => [l.changed_column, l.old_value, l.new_value])).toEqual([
      ['business_phone', phoneMoved.business_phone, newPhoneNumber],
      ['verified_phone', 'true', 'false'],
    ]);
  });

  it('checks rows again at commit time and mails owners only when asked', async () => {
    const email = `tarde.${Date.now()}@correo.test`;
    const other = `aviso.${Date.now()}@correo.test`;
    const file = csv([
      SPEC_HEADERS,
      ['Llega Tarde', 'Ana', email, newPhone(), ''],
      ['Con Aviso', 'Eva', other, newPhone(), ''],
    ]);
    const id = (await calls.upload('tarde.csv', file)).json().import.import_id;
    expect((await calls.preview(id)).json().import.summary).toMatchObject({ create: 2, error: 0 });
    // Someone registers the same email between the preview and the commit.
    await createBusiness(t, { business_email: email, business_phone: newPhone() });
    expect((await calls.commit(id, { send_owner_access: true })).statusCode).toBe(202);
    await runJobs();
    expect((await calls.get(id)).json().import.summary).toEqual({
      create: 1,
      update: 0,
      unchanged: 0,
      error: 1,
    });
    const mail = t.mail.find((m) => m.to === other);
    expect(mail?.text).toMatch(/Contraseña temporal: \S+/);
    expect(t.mail.filter((m) => m.to === email)).toHaveLength(0);
  });

  it('queues an import once when many commits arrive at the same time', async () => {
    const file = csv([
      SPEC_HEADERS,
      ['Paralelo', 'Ana', `paralelo.${Date.now()}@correo.test`, newPhone(), ''],
    ]);
    const id = (await calls.upload('paralelo.csv', file)).json().import.import_id;
    await calls.preview(id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => calls.commit(id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, ...Array(19).fill(409)]);
    await runJobs();
    expect((await calls.get(id)).json().import.summary).toEqual({
      create: 1,
      update: 0,
      unchanged: 0,
      error: 0,
    });
  });

  it('queues an import and drops its preview errors in one transaction: a failure leaves it previewed', async () => {
    const file = csv([
      SPEC_HEADERS,
      ['En Cola', 'Ana', `cola.${Date.now()}@correo.test`, newPhone(), ''],
      ['Cola Mala', 'Ana', 'malo', newPhone(), ''],
    ]);
    const id = (await calls.upload('cola.csv', file)).json().import.import_id;
    expect((await calls.preview(id)).json().import.summary).toMatchObject({ create: 1, error: 1 });
    await sql`create function import_test_refuse() returns trigger language plpgsql
      as $$ begin raise exception 'prueba'; end $$`.execute(t.db);
    await sql`create trigger import_test_refuse before delete on business_import_errors for each row
      when (old.import_id = ${sql.lit(id)}) execute function import_test_refuse()`.execute(t.db);
    try {
      expect((await calls.commit(id)).statusCode).toBe(500);
    } finally {
      await sql`drop trigger import_test_refuse on business_import_errors`.execute(t.db);
      await sql`drop function import_test_refuse()`.execute(t.db);
    }
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'previewed', error_count: 1 });
    expect((await calls.commit(id)).statusCode).toBe(202);
    await runJobs();
    expect((await calls.get(id)).json().import).toMatchObject({ status: 'done', error_count: 1 });
  });

  it("records the commit and the retry of the owners' mails in the staff audit", async () => {
    const file = csv([
      SPEC_HEADERS,
      ['Auditada Uno', 'Ana', `auditada1.${Date.now()}@correo.test`, newPhone(), ''],
      ['Auditada Dos', 'Eva', `auditada2.${Date.now()}@correo.test`, newPhone(), ''],
    ]);
    const id = (await calls.upload('auditada.csv', file)).json().import.import_id;
    await calls.preview(id);
    expect((await calls.commit(id, { send_owner_access: true })).statusCode).toBe(202);
    expect((await calls.retryOwnerAccess(id)).statusCode).toBe(200);
    const audit = (action: string) => importAuditRows(t, master, action, id);
    const by = { actor_role: 'admin', actor_admin_id: Number(admin['x-admin-id']), target_kind: 'directory' };
    expect(await audit('business_import')).toEqual([
      expect.objectContaining({
        ...by,
        details: { import_id: id, file_name: 'auditada.csv', rows: 2, send_owner_access: true },
      }),
    ]);
    expect(await audit('import_owner_access_retry')).toEqual([
      expect.objectContaining({ ...by, details: { import_id: id, file_name: 'auditada.csv', retried: 0 } }),
    ]);
    await runJobs();
  });

  it("lets only the import's owner (and the master) see it", async () => {
    const other = await createAdmin(t);
    const id = (
      await calls.upload('mio.csv', csv([SPEC_HEADERS, ['Mío', 'Ana', 'mio@correo.test', newPhone(), '']]))
    ).json().import.import_id;
    const stranger = importCalls(t, other.headers);
    for (const res of [
      await stranger.get(id),
      await stranger.preview(id),
      await stranger.commit(id),
      await stranger.errors(id),
    ]) {
      expectError(res, 404, IMPORT_MSG.importNotFound);
    }
    expect(
      (await stranger.list()).json().imports.map((i: { import_id: string }) => i.import_id),
    ).not.toContain(id);
    expect((await asMaster.get(id)).statusCode).toBe(200);
    expect((await asMaster.list()).json().imports.map((i: { import_id: string }) => i.import_id)).toContain(
      id,
    );
    const mine = (await calls.list()).json();
    expect(mine.imports.map((i: { import_id: string }) => i.import_id)).toContain(id);
    const masters = (
      await asMaster.upload('master.csv', csv([SPEC_HEADERS, ['M', 'A', 'm@correo.test', newPhone(), '']]))
    ).json().import.import_id;
    expectError(await calls.get(masters), 404, IMPORT_MSG.importNotFound);
    expectError(await calls.get('not-a-uuid'), 400, 'Invalid request data');
  });

  it('leaves an old import that is queued or running to a later purge, once it has finished', async () => {
    const { purgeImports } = await import('./business-import.repository.ts');
    const old = async (status: 'queued' | 'running' | 'done') => {
      const file = csv([SPEC_HEADERS, [`Viejo ${status}`, 'A', `${status}@viejo.test`, newPhone(), '']]);
      const id = (await calls.upload(`${status}.csv`, file)).json().import.import_id as string;
      // A lease still held: no worker here takes the job while the test runs.
      await sql`update business_imports set status = ${status}, created_at = now() - interval '31 days',
        locked_by = 'otro', locked_until = now() + interval '1 hour' where import_id = ${id}`.execute(t.db);
      return id;
    };
    const [queued, running, done] = [await old('queued'), await old('running'), await old('done')];
    await purgeImports(t.db, 30);
    expect((await calls.get(queued)).statusCode).toBe(200);
    expect((await calls.get(running)).statusCode).toBe(200);
    expectError(await calls.get(done), 404, IMPORT_MSG.importNotFound);
    await sql`update business_imports set status = 'failed', locked_by = null, locked_until = null
      where import_id in (${queued}, ${running})`.execute(t.db);
    expect(await purgeImports(t.db, 30)).toBe(2);
    expectError(await calls.get(running), 404, IMPORT_MSG.importNotFound);
  });

  it('deletes imports older than 30 days', async () => {
    const id = (
      await calls.upload('viejo.csv', csv([SPEC_HEADERS, ['V', 'A', 'v@correo.test', newPhone(), '']]))
    ).json().import.import_id;
    await sql`update business_imports set created_at = now() - interval '31 days' where import_id = ${id}`.execute(
      t.db,
    );
    const { purgeImports } = await import('./business-import.repository.ts');
    expect(await purgeImports(t.db, 30)).toBeGreaterThanOrEqual(1);
    expectError(await calls.get(id), 404, IMPORT_MSG.importNotFound);
    expect(
      await t.db
        .selectFrom('business_import_rows')
        .select('row_number')
        .where('import_id', '=', id)
        .execute(),
    ).toEqual([]);
  });
});
