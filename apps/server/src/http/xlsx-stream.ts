// XLSX exports (issue #26): rows written by exceljs's streaming WorkbookWriter as they come, so a
// million rows take no more memory than a thousand. The sheet is a real spreadsheet: the header
// row bold and frozen, columns as wide as the header and the first rows need, dates as dates,
// whole numbers and money (two decimals) as numbers, booleans as 'Sí'/'No'. No shared strings
// table: it would keep every distinct text of the file in memory until the end.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetCell = string | number | Date | null | undefined;

export interface SheetColumn {
  header: string;
  kind: 'text' | 'int' | 'money' | 'date' | 'yesNo';
}

/** Rows read ahead to size the columns. */
const WIDTH_SAMPLE_ROWS = 500;
// At least 10: exceljs leaves out a column of its default width (9), and Excel's own default is narrower.
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** Rows written between two looks at the response's buffer (backpressure). */
const ROWS_PER_CHECK = 100;

const NUMBER_FORMATS: Partial<Record<SheetColumn['kind'], string>> = {
  int: '0',
  money: '#,##0.00',
  date: 'yyyy-mm-dd hh:mm:ss',
};

/** Characters XML 1.0 cannot hold (exceljs writes them as they are, which no reader opens). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function cellValue(value: SheetCell, kind: SheetColumn['kind']): SheetCell {
  if (value === null || value === undefined || value === '') return null;
  if (kind === 'date') return value instanceof Date ? value : new Date(value);
  if (kind === 'int' || kind === 'money') return typeof value === 'number' ? value : Number(value);
  return typeof value === 'string' ? value.replace(NOT_XML, '') : String(value);
}

function displayLength(value: SheetCell, kind: SheetColumn['kind']): number {
  if (value === null || value === undefined) return 0;
  if (kind === 'date') return 19;
  if (kind === 'money') return (typeof value === 'number' ? value.toFixed(2) : String(value)).length + 2;
  return String(value).length;
}

function widths(columns: readonly SheetColumn[], sample: readonly SheetCell[][]): number[] {
  return columns.map((column, index) => {
    let widest = column.header.length + 2;
    for (const row of sample) widest = Math.max(widest, displayLength(row[index], column.kind) + 1);
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest));
  });
}

/** Bytes of sheet XML exceljs may hold for the zip before rows wait. */
const SHEET_BUFFER_MAX = 4 * 1024 * 1024;
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

/** Resolves when `out` may take more, or has closed (the download stopped). */
const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });

/**
 * The XLSX file of `rows` (cells in the order of `columns`), as chunks of bytes while it is
 * written. Stopping early (return() on this generator) stops reading `rows` and closes them.
 */
export async function* xlsxChunks(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<SheetCell[]>,
): AsyncGenerator<Buffer> {
  const out = new PassThrough();
  const source = rows[Symbol.asyncIterator]();
  let stopped = false;
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    const sample: SheetCell[][] = [];
    while (sample.length < WIDTH_SAMPLE_ROWS) {
      const next = await source.next();
      if (next.done) break;
      sample.push(next.value);
    }
    const sized = widths(columns, sample);
    sheet.columns = columns.map((column, index) => ({ header: column.header, width: sized[index] }));
    // One style object per column, shared by its cells: exceljs remembers a style object it has
    // seen (a WeakMap), where a fresh copy per cell cost a lookup by value, most of its time a row.
    const styles = columns.map((column): Partial<ExcelJS.Style> => {
      const numFmt = NUMBER_FORMATS[column.kind];
      return numFmt ? { numFmt } : {};
    });
    const sheetBuffer = (sheet as unknown as { stream: { length: number } }).stream;
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    let written = 0;
    const add = async (row: SheetCell[]) => {
      const added = sheet.addRow(row.map((value, index) => cellValue(value, columns[index]!.kind)));
      for (let index = 0; index < styles.length; index++) added.getCell(index + 1).style = styles[index]!;
      added.commit();
      written += 1;
      if (written % ROWS_PER_CHECK !== 0) return;
      if (out.writableNeedDrain) await drained(out);
      // The sheet's XML waits in exceljs's buffer until the zip (deflate) takes it: rows are
      // written faster than they are compressed, so the buffer is let down before more come.
      while (!stopped && sheetBuffer.length > SHEET_BUFFER_MAX) await pause();
    };
    for (const row of sample) await add(row);
    for (let next = await source.next(); !next.done && !stopped; next = await source.next()) {
      await add(next.value);
    }
    if (stopped) return;
    sheet.commit();
    await workbook.commit();
  };
  const writing = write().catch((error: unknown) => {
    out.destroy(error as Error);
  });
  let finished = false;
  try {
    for await (const chunk of out) yield chunk as Buffer;
    await writing;
    finished = true;
  } finally {
    if (!finished) {
      stopped = true;
      out.destroy();
      await source.return?.(undefined);
    }
  }
}
