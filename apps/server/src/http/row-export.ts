// An export whose rows are written in Node (not by COPY): the same rows as a CSV under `headers`,
// or as an XLSX sheet whose columns are those headers, each with its kind of cell.
import type { ExportFormat } from '@portal/contract/exports';
import { csvChunks } from './csv-stream.ts';
import { type SheetCell, type SheetColumn, xlsxChunks } from './xlsx-stream.ts';

type Kinds<H extends string> = Partial<Record<H, SheetColumn['kind']>>;

/** The sheet's columns: each header with its kind of cell, text unless `kinds` names another. */
export const sheetColumns = <H extends string>(headers: readonly H[], kinds: Kinds<H>): SheetColumn[] =>
  headers.map((header) => ({ header, kind: kinds[header] ?? 'text' }));

/** The export of `rows` (cells in the order of `headers`) in `format`, for a sheet named `sheet`. */
export function rowExport<H extends string>(sheet: string, headers: readonly H[], kinds: Kinds<H>) {
  const columns = sheetColumns(headers, kinds);
  return (format: ExportFormat, rows: AsyncIterable<SheetCell[]>): AsyncGenerator<string | Buffer> =>
    format === 'xlsx' ? xlsxChunks(sheet, columns, rows) : csvChunks(headers, rows);
}
