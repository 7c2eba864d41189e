// The one CSV writer (DESIGN §2), shared by the server's streaming exports and the portal.
// Every field is quoted, inner quotes are doubled, and a cell that a spreadsheet would read as
// a formula (= + - @, or a leading tab / carriage return) gets a leading apostrophe.
// Environment-neutral: plain strings, no Node or browser APIs.

/** Excel needs the UTF-8 byte-order mark to show accents correctly. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else text = String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}

/** A whole document in memory: for small exports (the portal's); the server streams rows. */
export function toCsv(headers: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = CSV_BOM + csvRow(headers);
  for (const row of rows) out += csvRow(row);
  return out;
}

/** A file name safe for Content-Disposition: letters, digits, dot, dash, underscore. */
export function downloadFileName(
  parts: readonly string[],
  extension: string,
  date: Date = new Date(),
): string {
  // The day where the name is made: the person's own in the portal (a UTC day is tomorrow's after
  // 8 p.m. in Puerto Rico), as the directory's export names it.
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const safe = [...parts, day].map((part) => part.replace(/[^A-Za-z0-9._-]+/g, '-'));
  return `${safe.join('_')}.${extension}`;
}

export const csvFileName = (parts: readonly string[], date: Date = new Date()): string =>
  downloadFileName(parts, 'csv', date);
