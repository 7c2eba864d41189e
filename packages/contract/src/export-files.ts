// Export downloads, without zod (the portal imports this): the formats every export
// route takes (`format=csv|xlsx`, csv by default), their file names and media types, and the
// header that tells the portal how many rows are coming (its progress: "rows so far of the total").
import { downloadFileName } from './csv.ts';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The number of rows an export sends, when the server knows it before the first one (a response
 * header): the portal shows progress against it.
 */
export const EXPORT_TOTAL_HEADER = 'x-export-total';

/** 'negocios_2026-11-26.xlsx': a file name safe for Content-Disposition, in the export's format. */
export const exportFileName = (
  parts: readonly string[],
  format: ExportFormat,
  date: Date = new Date(),
): string => downloadFileName(parts, format, date);
