// The exports as XLSX, opened with exceljs and compared cell by cell with the CSV of
// the same query; the XLSX is a real sheet (frozen bold header, widths, dates as dates). Then the
// directory's caps: 10,000 rows for admins, every match for the master with all=true (refused to
// admins), and the total the portal's progress reads.
import { EXPORT_TOTAL_HEADER } from '@portal/contract/exports';
import { MSG } from '@portal/contract/messages';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/business-factory.ts';
import { readCsv } from '../../test/csv-reader.ts';
import { createAdmin, createTestApp, masterHeaders } from '../../test/helpers.ts';

const DIRECTORY = '/business-data/api/v1/business-data/export';
const HISTORY = '/business-change-logs/api/v1/business-change-logs/registry';
const AUDIT = '/master/staff-audit/api/v1/staff-actions/export';
const MANY = 10_050;

/** Puerto Rico keeps Atlantic time, UTC−4, all year. */
const PUERTO_RICO_BEHIND_UTC_MS = 4 * 3_600_000;

/**
 * A sheet cell as the CSV writes it: dates in ISO 8601 (the sheet's are Puerto Rico's wall-clock
 * times, exceljs reads them as UTC), numbers as digits, nothing as ''.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return new Date(value.getTime() + PUERTO_RICO_BEHIND_UTC_MS).toISOString();
  return String(value);
}

/** The CSV's text of a cell, less the apostrophe csv.ts puts before a formula ('=1+1' → "'=1+1"). */
const withoutFormulaGuard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

async function readSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: ExcelJS.CellValue[] = [];
    for (let column = 1; column <= sheet.columnCount; column++) cells.push(row.getCell(column).value);
    rows.push(cells);
  });
  return { sheet, rows };
}

describe('XLSX exports and the directory caps', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  const admin = (await createAdmin(t)).headers;
  const business = await insertBusiness(t, {
    business_name: '=HYPERLINK("http://x.test","Peñuelas") "Café"',
    business_owner: 'Ana\nNúñez, "la jefa"',
    business_address: null,
    business_year: null,
    business_category: 'Exportaciones',
    verified_email: true,
  });
  await insertBusiness(t, {
    business_name: '-Menos',
    business_owner: "O'Neill \\ Hijos",
    business_category: 'Exportaciones',
    verified_phone: true,
  });
  await sql`update businesses set business_owner = 'José', verified_phone = true where id = ${business.id}`.execute(
    t.db,
  );
  const get = (url: string, headers = master) => t.app.inject({ method: 'GET', url, headers });

  async function compare(csvUrl: string, minimumRows: number) {
    const csv = await get(csvUrl);
    const xlsx = await get(`${csvUrl}${csvUrl.includes('?') ? '&' : '?'}format=xlsx`);
    expect(csv.statusCode).toBe(200);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toMatch(
      /^attachment; filename="[a-z]+_[\w-]*\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const records = readCsv(csv.body);
    const { sheet, rows } = await readSheet(xlsx.rawPayload);
    expect(records.length).toBeGreaterThan(minimumRows);
    expect(rows).toHaveLength(records.length);
    records.forEach((record, r) => {
      expect(rows[r]).toHaveLength(record.length);
      record.forEach((text, c) => {
        expect(cellText(rows[r]![c]!), `row ${r + 1}, column ${c + 1}`).toBe(withoutFormulaGuard(text));
      });
    });
    // A spreadsheet, not text in cells: frozen bold header, widths that fit the header.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    sheet.columns.forEach((column, index) => {
      expect(column.width ?? 0, `width of ${records[0]![index]}`).toBeGreaterThanOrEqual(
        Math.min(60, records[0]![index]!.length),
      );
    });
    return { sheet, rows };
  }

  it('writes the directory with the CSV cells, typed: numbers, dates, Sí/No', async () => {
    const { sheet, rows } = await compare(`/master${DIRECTORY}?category=Exportaciones`, 2);
    const first = rows[1]!;
    expect(typeof first[0]).toBe('number');
    expect(first[12]).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(13).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(rows.slice(1).map((row) => row[9])).toEqual(expect.arrayContaining(['Sí', 'No']));
    // The formula is text in the sheet, never a formula.
    expect(rows.flat()).toContain('=HYPERLINK("http://x.test","Peñuelas") "Café"');
  });

  it('writes a change history and the audit with the CSV cells', async () => {
    const registry = business.business_registry_number;
    await compare(`/admin${HISTORY}/${registry}/export`.replace('/admin', '/master'), 2);
    // The history's two exports above; the audit's own export rows would differ between the two files.
    const { rows } = await compare(`${AUDIT}?action=export_history`, 1);
    expect(rows[1]![1]).toBeInstanceOf(Date);
  });

  it('refuses a format it does not write', async () => {
    const res = await get(`/master${DIRECTORY}?format=pdf`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.exportFormat);
  });

  it('caps admins at 10,000 rows, refuses them all=true, and lets the master export every match', async () => {
    await sql`
      insert into businesses (business_name, business_owner, business_email, business_phone, business_category)
      select 'Masivo ' || i, 'Dueño ' || i, 'm' || i || '@many.test', '626' || lpad(i::text, 7, '0'), 'Masivos'
        from generate_series(1, ${MANY}) as i`.execute(t.db);
    const capped = await get(`/admin${DIRECTORY}?category=Masivos`, admin);
    expect(capped.statusCode).toBe(200);
    expect(capped.headers[EXPORT_TOTAL_HEADER]).toBe('10000');
    expect(readCsv(capped.body)).toHaveLength(10_001);

    const refused = await get(`/admin${DIRECTORY}?category=Masivos&all=true`, admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: MSG.exportAllMasterOnly });

    const all = await get(`/master${DIRECTORY}?category=Masivos&all=true`);
    expect(all.statusCode).toBe(200);
    expect(all.headers[EXPORT_TOTAL_HEADER]).toBe(String(MANY));
    const records = readCsv(all.body);
    expect(records).toHaveLength(MANY + 1);
    expect(new Set(records.slice(1).map((record) => record[0])).size).toBe(MANY);
    // Newest first, then by id: the last row is the first one inserted.
    expect(records.at(-1)![2]).toBe('Masivo 1');

    const audited = await sql<{ details: Record<string, unknown> }>`
      select details from staff_actions where action = 'export_directory' order by id desc limit 1`.execute(
      t.db,
    );
    expect(audited.rows[0]!.details).toMatchObject({ all: true, format: 'csv', category: 'Masivos' });
  });
});
