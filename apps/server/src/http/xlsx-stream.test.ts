// The streaming XLSX writer on its own, read back with exceljs: escaped text, characters XML
// cannot hold removed, dates as dates, numbers as numbers, the frozen bold header, the widths,
// and a download stopped early closing its rows.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SheetCell, type SheetColumn, xlsxChunks, xmlText } from './xlsx-stream.ts';

const COLUMNS: SheetColumn[] = [
  { header: 'Texto', kind: 'text' },
  { header: 'Número', kind: 'int' },
  { header: 'Importe', kind: 'money' },
  { header: 'Fecha de alta', kind: 'date' },
  { header: 'Verificado', kind: 'yesNo' },
];

async function* from(rows: SheetCell[][]) {
  yield* rows;
}

async function readBack(rows: SheetCell[][], columns = COLUMNS) {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxChunks('Pruebas', columns, from(rows))) chunks.push(chunk);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('xlsxChunks', () => {
  it('writes text escaped and without the characters XML 1.0 cannot hold', async () => {
    const texts = [
      '<b>Tom & "Jerry"</b> \'ok\'',
      'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFF',
      'línea 1\nlínea 2\r\nfin\ttab',
      '  espacios alrededor  ',
      '=HYPERLINK("http://x.test")',
      ']]><![CDATA[',
      'emoji 😀 y ñ',
    ];
    const sheet = await readBack(texts.map((text) => [text, null, null, null, null]));
    expect(sheet.name).toBe('Pruebas');
    const read = texts.map((_, index) => sheet.getRow(index + 2).getCell(1).value);
    expect(read).toEqual([
      '<b>Tom & "Jerry"</b> \'ok\'',
      'abcdefgh',
      'línea 1\nlínea 2\r\nfin\ttab',
      '  espacios alrededor  ',
      '=HYPERLINK("http://x.test")',
      ']]><![CDATA[',
      'emoji 😀 y ñ',
    ]);
    expect(sheet.getRow(6).getCell(1).formula).toBeUndefined();
  });

  it('writes dates as dates, numbers as numbers with their formats, empty cells as empty', async () => {
    const when = new Date('2024-02-29T23:59:58.123Z');
    const sheet = await readBack([
      ['uno', 42, 1234.5, when, 'Sí'],
      ['dos', '7', '0.1', '2001-01-01T00:00:00.000Z', 'No'],
      [null, null, undefined, null, ''],
      ['tres', 1, 1, 'no es una fecha', 'Sí'],
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe(42);
    expect(first.getCell(2).numFmt).toBe('0');
    expect(first.getCell(3).value).toBe(1234.5);
    expect(first.getCell(3).numFmt).toBe('#,##0.00');
    // Puerto Rico's clock (UTC-4): the 29th's last seconds in UTC are its evening.
    expect(first.getCell(4).value).toEqual(new Date('2024-02-29T19:59:58.123Z'));
    expect(first.getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(5).value).toBe('Sí');
    const second = sheet.getRow(3);
    expect([2, 3, 4, 5].map((column) => second.getCell(column).value)).toEqual([
      7,
      0.1,
      new Date('2000-12-31T20:00:00.000Z'),
      'No',
    ]);
    expect([1, 2, 3, 4, 5].map((column) => sheet.getRow(4).getCell(column).value)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(sheet.getRow(5).getCell(4).value).toBeNull();
  });

  it('freezes a bold header and sizes the columns from the header and the first rows', async () => {
    const long = 'x'.repeat(40);
    const sheet = await readBack([
      [long, 1, 2, new Date(0), 'No'],
      ['y'.repeat(200), 1, 2, null, 'Sí'],
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS.map((column) => column.header)]);
    expect(sheet.getColumn(1).width).toBe(60);
    expect(sheet.getColumn(4).width).toBe(20);
    expect(sheet.getColumn(2).width).toBe(10);
  });

  it('writes many rows and a 28th column (AB)', async () => {
    const columns: SheetColumn[] = Array.from({ length: 28 }, (_, index) => ({
      header: `C${index + 1}`,
      kind: 'int',
    }));
    const rows = Array.from({ length: 5_000 }, (_, r) => columns.map((_, c) => r * 100 + c));
    const sheet = await readBack(rows, columns);
    expect(sheet.rowCount).toBe(5_001);
    expect(sheet.getCell('AB5001').value).toBe(4_999 * 100 + 27);
  });

  it('stops reading the rows when the download stops', async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read += 1;
          yield [`fila ${read}`, read, read / 100, new Date(), 'Sí'] as SheetCell[];
        }
      } finally {
        closed = true;
      }
    }
    const chunks = xlsxChunks('Pruebas', COLUMNS, endless());
    expect((await chunks.next()).done).toBe(false);
    const readBeforeStop = read;
    await chunks.return(undefined);
    expect(closed).toBe(true);
    expect(read).toBe(readBeforeStop);
  });

  it('escapes text for XML', () => {
    expect(xmlText('a<b>&"c"\r\u0007')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#13;');
    expect(xmlText('sin cambios')).toBe('sin cambios');
  });
});
