// Reading uploaded spreadsheets: the CSV's encoding and separator, and the zip-bomb
// guard of XLSX files, both by the sizes the zip declares and by what it really inflates to.
import { IMPORT_MSG } from '@portal/contract/business-import';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error.ts';
import {
  checkZipBomb,
  decodeCsv,
  detectDelimiter,
  headerNames,
  readSpreadsheet,
  spreadsheetKind,
} from './spreadsheet-reader.ts';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof HttpError ? [error.statusCode, error.message] : error;
  }
  return null;
};

const rowsOf = async (bytes: Uint8Array, fileName: string) => {
  const sheet = await readSpreadsheet(bytes, fileName);
  const rows = [];
  for await (const row of sheet.rows) rows.push(row);
  return rows;
};

describe('spreadsheet reader', () => {
  it('reads UTF-8 with or without BOM, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeCsv(Buffer.from('\uFEFFAño,Dueño', 'utf8'))).toBe('Año,Dueño');
    expect(decodeCsv(Buffer.from('Año,Dueño', 'utf8'))).toBe('Año,Dueño');
    expect(decodeCsv(Buffer.from([0x41, 0xf1, 0x6f, 0x2c, 0x80]))).toBe('Año,€');
  });

  it('keeps UTF-8 with one bad byte as UTF-8 (the byte as U+FFFD) when it has a BOM or UTF-8 accents', () => {
    const utf8 = (text: string) => Buffer.from(text, 'utf8');
    const withBad = (head: string, tail: string) =>
      Buffer.concat([utf8(head), Buffer.from([0xe9]), utf8(tail)]);
    expect(decodeCsv(withBad('\uFEFFNombre\r\nAna\r\nJos', '\r\n'))).toBe('Nombre\r\nAna\r\nJos\uFFFD\r\n');
    expect(decodeCsv(withBad('Año\r\nCafé Niña\r\nJos', '\r\n'))).toBe('Año\r\nCafé Niña\r\nJos\uFFFD\r\n');
    // Windows-1252 accents next to each other are no UTF-8 sequence: 'éñ' is 0xE9 0xF1.
    expect(decodeCsv(Buffer.from('Café Niño,éñ,¿Qué?', 'latin1'))).toBe('Café Niño,éñ,¿Qué?');
  });

  it("takes ';' when the header has more of them than commas", () => {
    expect(detectDelimiter('Nombre;Email;Teléfono\r\nA, B;c;d')).toBe(';');
    expect(detectDelimiter('Nombre,Email\nA;B,c')).toBe(',');
  });

  it("finds ';' in a header that blank lines (or a ';;' line) come before", async () => {
    expect(detectDelimiter('\r\n;;\r\nNombre;Email;Teléfono\r\nA, B;c;d')).toBe(';');
    const text = ['', '', 'Nombre;Propietario;Email', 'Café Sol;Ana, Ruiz;cafe@ej.com', ''].join('\r\n');
    const sheet = await readSpreadsheet(Buffer.from(text), 'datos.csv');
    expect(sheet.columns).toEqual(['Nombre', 'Propietario', 'Email']);
    const rows = [];
    for await (const row of sheet.rows) rows.push(row);
    expect(rows).toEqual([{ row: 4, cells: ['Café Sol', 'Ana, Ruiz', 'cafe@ej.com'] }]);
  });

  it("takes the separator from Excel's 'sep=' line and, as Excel, does not count that line", async () => {
    for (const line of ['sep=;', '"sep=;"', 'SEP=;;']) {
      const text = [line, 'Nombre;Propietario', 'Café Sol;Ana, Ruiz', ''].join('\r\n');
      const sheet = await readSpreadsheet(Buffer.from(text), 'datos.csv');
      expect(sheet.columns).toEqual(['Nombre', 'Propietario']);
      const rows = [];
      for await (const row of sheet.rows) rows.push(row);
      expect(rows).toEqual([{ row: 2, cells: ['Café Sol', 'Ana, Ruiz'] }]);
    }
  });

  it("numbers a CSV's rows as a spreadsheet shows them: blank rows count, a cell over lines is one row", async () => {
    const text = ['', 'a,b', '1,2', ',', '', '"x\r\ny",3', '4,"p\nq"', '5,6', ''].join('\r\n');
    expect(await rowsOf(Buffer.from(text), 'datos.csv')).toEqual([
      { row: 3, cells: ['1', '2'] },
      { row: 6, cells: ['x\r\ny', '3'] },
      { row: 7, cells: ['4', 'p\nq'] },
      { row: 8, cells: ['5', '6'] },
    ]);
  });

  it("drops the apostrophe the export puts before a formula's first character, and only that one", async () => {
    const cells = ["'+Salud", "'=1+1", "'-3", "'@x", "'Hola", "''+2", '+Salud'];
    const csvText = `${cells.map((_, i) => `c${i}`).join(',')}\r\n${cells.join(',')}\r\n`;
    const expected = ['+Salud', '=1+1', '-3', '@x', "'Hola", "''+2", '+Salud'];
    expect((await rowsOf(Buffer.from(csvText), 'datos.csv'))[0]?.cells).toEqual(expected);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Hoja');
    sheet.addRow(cells.map((_, i) => `c${i}`));
    sheet.addRow(cells);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await rowsOf(xlsx, 'libro.xlsx'))[0]?.cells).toEqual(expected);
  });

  it('names blank and repeated headers', () => {
    expect(headerNames(['Nombre', '', 'Nombre', ' Email '])).toEqual([
      'Nombre',
      'Columna 2',
      'Nombre (2)',
      'Email',
    ]);
  });

  it('tells CSV from XLSX by the first bytes, and refuses anything else', () => {
    expect(spreadsheetKind(Buffer.from('a,b\n1,2\n'), 'datos.csv')).toBe('csv');
    expect(spreadsheetKind(zipSync({ 'a.xml': new Uint8Array(1) }), 'libro.xlsx')).toBe('xlsx');
    expect(refusal(() => spreadsheetKind(Buffer.from([1, 0, 2]), 'datos.csv'))).toEqual([
      415,
      IMPORT_MSG.fileType,
    ]);
  });

  it('refuses a zip past the limit by its declared sizes, and one whose directory lies about them', () => {
    const big = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(2 * 1024 * 1024) }, { level: 9 });
    expect(big.length).toBeLessThan(64 * 1024);
    expect(refusal(() => checkZipBomb(big, 1024 * 1024))).toEqual([400, IMPORT_MSG.zipBomb]);
    expect(refusal(() => checkZipBomb(big, 4 * 1024 * 1024))).toBeNull();
    // The same zip with its central directory claiming 100 bytes: inflating it tells the truth.
    const liar = Buffer.from(big);
    const central = liar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(100, central + 24);
    expect(refusal(() => checkZipBomb(liar, 1024 * 1024))).toEqual([400, IMPORT_MSG.zipBomb]);
  });
});
