// Reading an uploaded spreadsheet into rows of text cells: CSV (UTF-8 with or without
// BOM, or Windows-1252 when the bytes are not UTF-8 at all; ',' or ';' between cells) through
// csv-parse, XLSX through exceljs's streaming reader after a zip-bomb check. Nothing here touches
// the database; the rows come out one at a time with their row number in the spreadsheet.
import { Readable } from 'node:stream';
import { IMPORT_LIMITS, IMPORT_MSG } from '@portal/contract/business-import';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { badRequest, HttpError } from '../../http/http-error.ts';
import { firstRowWiderThan } from './csv-row-width.ts';

export interface SheetRow {
  /** The row's number in the spreadsheet, blank rows counted (the header is usually row 1). */
  row: number;
  cells: string[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);

/** CSV, XLSX, or neither (a 415): by the file's first bytes, then its name. */
export function spreadsheetKind(bytes: Uint8Array, fileName: string): 'csv' | 'xlsx' {
  if (isZip(bytes)) {
    if (/\.xlsx$/i.test(fileName) || !/\.(csv|txt)$/i.test(fileName)) return 'xlsx';
    throw unsupported();
  }
  if (/\.xlsx?$/i.test(fileName)) throw unsupported(); // an old .xls or a damaged .xlsx
  // A text file has no NUL bytes (UTF-16 and binary files do).
  const head = bytes.subarray(0, 64 * 1024);
  if (head.includes(0)) throw unsupported();
  return 'csv';
}

const unsupported = () => new HttpError(415, IMPORT_MSG.fileType);

/**
 * The text of a CSV file: UTF-8 (its BOM dropped), or Windows-1252 when it is not valid UTF-8.
 * Invalid UTF-8 that has a BOM or UTF-8's multi-byte sequences (which Windows-1252 text almost
 * never has) is UTF-8 with a damaged byte, a merged or cut file: read as UTF-8, each bad byte is
 * U+FFFD and its row an error (row-checks.ts), or the file refused when it is the header's
 * (readSpreadsheet), rather than every accent of the file garbled.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (hasUtf8Bom(bytes) || hasUtf8Sequence(bytes)) return new TextDecoder('utf-8').decode(bytes);
    return windows1252(bytes);
  }
}

const hasUtf8Bom = (bytes: Uint8Array) => bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;

/** A well-formed UTF-8 sequence of 2 to 4 bytes, over the bytes read as Latin-1. */
const UTF8_SEQUENCE =
  /[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}/;

const hasUtf8Sequence = (bytes: Uint8Array) =>
  UTF8_SEQUENCE.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'));

/** What Windows-1252 puts at 0x80–0x9F (where Latin-1 has control codes); undefined bytes stay. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 text. Node's TextDecoder('windows-1252') decodes as Latin-1 in the versions we run
 * (0x80 comes out as U+0080, not '€'), so the 32 bytes where the two differ are mapped here.
 */
export function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('latin1')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80] as string);
}

/**
 * ';' when the header line has more semicolons than commas (Excel in Spanish writes those). The
 * header is the first line with a character other than blanks and separators: blank lines (and a
 * ';;;' line) before it are rows a spreadsheet shows, not the header.
 */
export function detectDelimiter(text: string): ',' | ';' {
  const header = text.split(/\r?\n/, 1000).find((line) => /[^\s,;]/.test(line)) ?? '';
  const count = (char: string) => header.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Excel's `sep=;` first line, which names the separator: Excel reads it and hides it, so the
 * header below it is row 1 there and here.
 */
export function separatorLine(text: string): { delimiter: ',' | ';'; rest: string } | null {
  const match = /^"?sep=([,;])"?[,;]*\r?\n/i.exec(text);
  return match ? { delimiter: match[1] as ',' | ';', rest: text.slice(match[0].length) } : null;
}

async function* csvRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  const decoded = decodeCsv(bytes);
  const hinted = separatorLine(decoded);
  const text = hinted?.rest ?? decoded;
  const delimiter = hinted?.delimiter ?? detectDelimiter(text);
  const wide = firstRowWiderThan(text, delimiter, IMPORT_LIMITS.maxCsvCells);
  if (wide !== undefined) throw badRequest(IMPORT_MSG.csvUnreadable(wide, 'cells'));
  // Blank lines are records here, skipped below: a spreadsheet shows each as a row of its own, so
  // counting them keeps the row numbers the user sees (a quoted cell over several lines is one row).
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    info: true,
  });
  // Fed a piece at a time, so the rows come out while the rest is still being parsed.
  Readable.from(chunksOf(text)).pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      if (record.some((cell) => cell.trim() !== '')) yield { row: info.records, cells: record };
    }
  } catch (error) {
    throw badRequest(IMPORT_MSG.csvUnreadable(failedRow(error)));
  }
}

/**
 * The row a csv-parse error stopped in: the one after the records it finished (blank lines are
 * records too, so this is the row a spreadsheet shows). Its `lines` would name the file's last
 * line for a quote left open, not the row where the quote opens.
 */
function failedRow(error: unknown): number | undefined {
  const records = (error as { records?: unknown } | null)?.records;
  return typeof records === 'number' ? records + 1 : undefined;
}

function* chunksOf(text: string, size = 64 * 1024) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/**
 * Refuses a zip that would inflate past IMPORT_LIMITS.maxInflatedBytes: first by the sizes its
 * central directory declares (nothing inflated), then by inflating every entry once and counting
 * (a directory that lies about its sizes is caught there), before exceljs reads anything.
 */
export function checkZipBomb(bytes: Uint8Array, limit: number = IMPORT_LIMITS.maxInflatedBytes) {
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        declared += file.originalSize;
        return false;
      },
    });
  } catch {
    throw badRequest(IMPORT_MSG.xlsxUnreadable);
  }
  if (declared > limit) throw badRequest(IMPORT_MSG.zipBomb);
  let inflated = 0;
  let failed: unknown = null;
  const unzip = new Unzip((file) => {
    file.ondata = (error, data) => {
      if (error) failed ??= error;
      inflated += data?.length ?? 0;
      if (inflated > limit) {
        failed ??= 'bomb';
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let i = 0; i < bytes.length && failed === null; i += 256 * 1024) {
      const end = Math.min(bytes.length, i + 256 * 1024);
      unzip.push(bytes.subarray(i, end), end === bytes.length);
    }
  } catch {
    failed ??= 'unreadable';
  }
  if (failed === 'bomb') throw badRequest(IMPORT_MSG.zipBomb);
  if (failed !== null) throw badRequest(IMPORT_MSG.xlsxUnreadable);
}

/**
 * A cell's text: rich text joined, a formula's result (or its error, '#N/A'), a date as YYYY-MM-DD,
 * a hyperlink's text.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((part) => part.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return v.error; // '#N/A', as Excel shows it: the row is an error (row-checks.ts)
    return '';
  }
  return String(value);
}

async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<SheetRow> {
  checkZipBomb(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
        if (cells.some((cell) => cell !== '')) yield { row: row.number, cells };
      }
      return; // the first sheet only
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(IMPORT_MSG.xlsxUnreadable);
  }
}

/**
 * A cell as stored: no NUL (PostgreSQL text cannot hold one), no surrounding blanks, and without
 * the apostrophe the directory export puts before a cell a spreadsheet would take for a formula
 * (csvCell in the contract's csv.ts), so an export imports back as it was.
 */
const cleanCell = (cell: string) =>
  cell
    .replaceAll('\u0000', '')
    .trim()
    .replace(/^'(?=[=+\-@\t\r])/, '');

/** A header row's names: trimmed, a blank one named 'Columna N', a repeated one numbered. */
export function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base =
      cell
        .replace(/^\uFEFF/, '')
        .trim()
        .slice(0, 200) || `Columna ${i + 1}`;
    const times = (seen.get(base) ?? 0) + 1;
    seen.set(base, times);
    return times === 1 ? base : `${base} (${times})`;
  });
}

/** The header (its names) and then the data rows of a CSV or XLSX file. */
export async function readSpreadsheet(bytes: Uint8Array, fileName: string) {
  const kind = spreadsheetKind(bytes, fileName);
  const rows = kind === 'xlsx' ? xlsxRows(bytes) : csvRows(bytes);
  const first = await rows.next();
  if (first.done) throw badRequest(IMPORT_MSG.fileEmpty);
  const header = first.value.cells.map(cleanCell);
  // A data row with a damaged byte is a row error (row-checks.ts); a damaged header would garble a
  // column's name and leave its column unmatched without a word, so the file is refused.
  if (kind === 'csv' && header.some((cell) => cell.includes('\uFFFD'))) {
    throw badRequest(IMPORT_MSG.csvUnreadable(first.value.row, 'encoding'));
  }
  while (header.length > 0 && header.at(-1)?.trim() === '') header.pop();
  if (header.length === 0) throw badRequest(IMPORT_MSG.noHeaders);
  if (header.length > IMPORT_LIMITS.maxColumns) throw badRequest(IMPORT_MSG.tooManyColumns);
  const columns = headerNames(header);
  const width = columns.length;
  async function* dataRows(): AsyncGenerator<SheetRow> {
    for await (const { row, cells } of rows) {
      const trimmed = cells.slice(0, width).map(cleanCell);
      if (trimmed.every((cell) => cell === '')) continue;
      while (trimmed.length < width) trimmed.push('');
      yield { row, cells: trimmed };
    }
  }
  return { kind, columns, rows: dataRows() };
}
