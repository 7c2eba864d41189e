// An ended import's rows in error, read from its errors file (the server's only answer that lists
// them): each row's number, name or registry number, and its messages per field, as the preview
// shows them.
import { IMPORT_FIELDS } from '@portal/contract/business-import';
import type { ImportRecord, ImportRow } from '../../../api/business-import-api.ts';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';

/** The cells of a CSV as the portal's CSV writer quotes them (RFC 4180), by row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The writer puts an apostrophe before a cell a spreadsheet would read as a formula. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const FIELD_BY_LABEL = new Map<string, string>(
  IMPORT_FIELDS.map((field) => [businessColumnLabel(field), field]),
);
const LABELS = [...FIELD_BY_LABEL.keys()]
  .sort((a, b) => b.length - a.length)
  .map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .join('|');
/** The file joins a row's messages with a space, each 'Campo: mensaje.' (or only the message). */
const NEXT_MESSAGE = new RegExp(`(?<=\\.) (?=(?:${LABELS}): )`);
const FIELD_MESSAGE = new RegExp(`^(${LABELS}): ([\\s\\S]*)$`);

/** A row's 'Error' cell back into its messages, each with the field it names ('' for none). */
export function rowErrors(text: string): { field: string; message: string }[] {
  return text.split(NEXT_MESSAGE).map((part) => {
    const match = FIELD_MESSAGE.exec(part);
    const field = match ? FIELD_BY_LABEL.get(match[1] as string) : undefined;
    return field && match ? { field, message: match[2] as string } : { field: '', message: part };
  });
}

/**
 * The errors file's rows as the preview's rows in error. Its last two columns are 'Fila' and
 * 'Error'; the business's name and registry number are in the columns the import mapped to them.
 */
export function errorRowsFromFile(csv: string, record: Pick<ImportRecord, 'mapping'>): ImportRow[] {
  const [header, ...lines] = parseCsv(csv);
  if (!header || header.length < 2) return [];
  const columnOf = (field: string) => header.findIndex((column) => record.mapping[column] === field);
  const nameAt = columnOf('business_name');
  const numberAt = columnOf('business_registry_number');
  const cellAt = (cells: string[], at: number) => (at === -1 ? '' : unguarded(cells[at] ?? ''));
  return lines
    .filter((cells) => cells.length === header.length)
    .map((cells) => ({
      row: Number(cells.at(-2)),
      action: 'error' as const,
      business_name: cellAt(cells, nameAt),
      business_registry_number: cellAt(cells, numberAt),
      errors: rowErrors(cells.at(-1) ?? ''),
    }));
}
