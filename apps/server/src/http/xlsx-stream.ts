// XLSX exports: a lean streaming writer of our own. The worksheet's XML is written
// row by row as text (inline strings, numbers, dates as serial numbers with a date style) and
// zipped as it goes by fflate's streaming Zip (the container: headers, CRC, central directory),
// each file compressed by Node's own zlib (native deflate, ~7x faster than fflate's pure-JS one
// on this XML). The file comes out as chunks of bytes that the response pulls (Readable.from in
// csv-stream.ts), so rows are read from the database only as fast as the client takes the file:
// memory stays flat for a million rows. exceljs's WorkbookWriter did the same job 5x slower and
// held hundreds of MB outside the JS heap in its zip (archiver) buffers
// (docs/decisions/005-exports.md). No shared strings table: it would keep every distinct text of
// the file in memory until the end.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { PORTAL_TIME_ZONE } from '@portal/contract/date-format';
import { type AsyncFlateStreamHandler, Zip, type ZipInputFile } from 'fflate';

export type SheetCell = string | number | Date | null | undefined;

export interface SheetColumn {
  header: string;
  kind: 'text' | 'int' | 'money' | 'date' | 'yesNo';
}

/** Rows read ahead to size the columns (a sheet's <cols> comes before its rows). */
const WIDTH_SAMPLE_ROWS = 500;
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** Characters of sheet XML gathered before they go to the zip (one deflate push). */
const PUSH_CHARS = 128 * 1024;
/** Deflate level: 1 is ~4x faster than 6 on this XML, for a file ~10 % larger. */
const DEFLATE_LEVEL = 1;

/**
 * A zip entry deflated by Node's zlib, chunk by chunk (fflate's ZipInputFile: the Zip reads
 * `crc` and `size` of the raw bytes once the last chunk is in). Each chunk is a deflate stream of
 * its own ended by a sync flush (a byte-aligned, non-final block), the last one by a finish:
 * together one valid deflate stream, with no zlib state kept between chunks. The CRC is zlib's
 * too (fflate's own JS CRC and deflate took 2/3 of the time). Sizes are 32-bit (no zip64): about
 * 4 GB of sheet XML, ~6 million directory rows.
 */
class NativeDeflate implements ZipInputFile {
  crc = 0;
  size = 0;
  readonly compression = 8;
  ondata?: AsyncFlateStreamHandler;

  constructor(readonly filename: string) {}

  push(chunk: Uint8Array, final = false): void {
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    const finishFlush = final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH;
    this.ondata!(null, deflateRawSync(chunk, { level: DEFLATE_LEVEL, finishFlush }), final);
  }
}

/** Cell styles (cellXfs in styles.xml, by index). */
const STYLE = { header: 1, int: 2, money: 3, date: 4 } as const;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const xf = (numFmtId: number, fontId: number) =>
  `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${fontId ? ' applyFont="1"' : ''}${numFmtId ? ' applyNumberFormat="1"' : ''}/>`;
/** Default, bold header, whole numbers ('0', built in as 1), money ('#,##0.00', built in as 4), dates. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5">${xf(0, 0)}${xf(0, 1)}${xf(1, 0)}${xf(4, 0)}${xf(164, 0)}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Characters XML 1.0 cannot hold: removed from the text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters escaped or removed
const NEEDS_WORK = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

/** Text as XML: escaped (a carriage return as &#13;, which a reader would otherwise turn into \n), invalid characters removed. */
export function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>"\r]/g, (char) => ESCAPES[char]!);
}

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters. */
const sheetNameOf = (name: string) => xmlText(name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Hoja1');

const workbookXml = (sheetName: string) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${sheetNameOf(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Excel's serial day number of a wall-clock time (days since 1899-12-30, as exceljs reads it back). */
export const excelSerial = (date: Date) => 25569 + date.getTime() / 86_400_000;

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
const offsetByHour = new Map<number, number>();

/** How far Puerto Rico's clock is from UTC at `ms` (Intl is slow: one reading per hour of time). */
function zoneOffsetMs(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const at = hour * 3_600_000;
    const part = Object.fromEntries(
      zoneParts.formatToParts(at).map(({ type, value }) => [type, Number(value)]),
    );
    offset = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - at;
    if (offsetByHour.size >= 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * A moment as the wall-clock time staff read in Puerto Rico: a spreadsheet's date has no time
 * zone, so one written in UTC would read four hours ahead.
 */
export const portalWallClock = (date: Date) => new Date(date.getTime() + zoneOffsetMs(date.getTime()));

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

const inlineString = (ref: string, text: string, style = '') =>
  `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;

/** One cell's XML ('' for an empty cell). `ref` is its address (A2). */
function cellXml(ref: string, value: SheetCell, kind: SheetColumn['kind']): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'date') {
    const date = value instanceof Date ? value : new Date(value);
    if (!Number.isFinite(date.getTime())) return '';
    return `<c r="${ref}" s="${STYLE.date}"><v>${excelSerial(portalWallClock(date))}</v></c>`;
  }
  if (kind === 'int' || kind === 'money') {
    const number = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(number)) return `<c r="${ref}" s="${STYLE[kind]}"><v>${number}</v></c>`;
  }
  return inlineString(ref, typeof value === 'string' ? value : String(value));
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

/** The sheet's XML up to and including the header row: frozen pane, column widths. */
function sheetHead(
  columns: readonly SheetColumn[],
  sized: readonly number[],
  letters: readonly string[],
): string {
  const cols = sized
    .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const header = columns
    .map((column, index) => inlineString(`${letters[index]}1`, column.header, ` s="${STYLE.header}"`))
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
    `<row r="1" s="${STYLE.header}" customFormat="1">${header}</row>`
  );
}

/**
 * The XLSX file of `rows` (cells in the order of `columns`), as chunks of bytes while it is
 * written. Nothing is read from `rows` until a chunk is asked for, and the first chunk comes
 * after the first rows are read (so a database fault answers before the download starts).
 * Stopping early (return() on this generator) stops reading `rows` and closes them.
 */
export async function* xlsxChunks(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<SheetCell[]>,
): AsyncGenerator<Buffer> {
  const source = rows[Symbol.asyncIterator]();
  let finished = false;
  try {
    const sample: SheetCell[][] = [];
    while (sample.length < WIDTH_SAMPLE_ROWS) {
      const next = await source.next();
      if (next.done) break;
      sample.push(next.value);
    }

    // fflate calls back synchronously while a file is pushed: the zip's bytes wait here until
    // this generator is next asked for a chunk.
    let ready: Buffer[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else ready.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    });
    const take = () => {
      if (failure) throw failure;
      const chunks = ready;
      ready = [];
      return chunks;
    };
    const addFile = (name: string, text: string) => {
      const file = new NativeDeflate(name);
      zip.add(file);
      file.push(Buffer.from(text, 'utf8'), true);
    };
    addFile('[Content_Types].xml', CONTENT_TYPES);
    addFile('_rels/.rels', ROOT_RELS);
    addFile('xl/workbook.xml', workbookXml(sheetName));
    addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    addFile('xl/styles.xml', STYLES);
    const sheet = new NativeDeflate('xl/worksheets/sheet1.xml');
    zip.add(sheet);

    const letters = columns.map((_, index) => columnLetters(index));
    const kinds = columns.map((column) => column.kind);
    let xml = sheetHead(columns, widths(columns, sample), letters);
    let rowNumber = 1;
    const rowXml = (row: SheetCell[]) => {
      rowNumber += 1;
      let cells = '';
      for (let index = 0; index < kinds.length; index++) {
        cells += cellXml(letters[index]! + rowNumber, row[index], kinds[index]!);
      }
      return `<row r="${rowNumber}">${cells}</row>`;
    };
    for (const row of sample) xml += rowXml(row);
    sample.length = 0;

    for (let next = await source.next(); !next.done; next = await source.next()) {
      xml += rowXml(next.value);
      if (xml.length < PUSH_CHARS) continue;
      sheet.push(Buffer.from(xml, 'utf8'));
      xml = '';
      // Suspends until the response wants more: rows wait in the database, not in memory.
      yield* take();
      // Rows from the cursor's buffer and their XML run in one turn of the event loop: give other
      // requests theirs every PUSH_CHARS (a 1M-row export otherwise held the list's p95 above 100 ms).
      await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.push(Buffer.from(`${xml}</sheetData></worksheet>`, 'utf8'), true);
    zip.end();
    yield* take();
    finished = true;
  } finally {
    if (!finished) await source.return?.(undefined);
  }
}
