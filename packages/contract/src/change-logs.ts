// Change history calls (SPEC §7 "Change logs") and the history CSV's headers.
import { z } from 'zod';
import { OPERATION_TYPES } from './enums.ts';
import { exportFormatSchema } from './exports.ts';
import { LIMITS } from './limits.ts';
import { dateQuery, datesInOrder, limitSchema, offsetSchema } from './list-filters.ts';
import { MSG } from './messages.ts';

const historyFilterFields = {
  operation_type: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(OPERATION_TYPES, { error: MSG.invalidOperationType }))
    .optional(),
  changed_column: z.string().trim().min(1).max(100).optional(),
  changed_by: z.string().trim().min(1).max(LIMITS.text.email).optional(),
  date_from: dateQuery.optional(),
  date_to: dateQuery.optional(),
};

const inOrder = (q: { date_from?: string; date_to?: string }) => datesInOrder(q.date_from, q.date_to);

export const ChangeLogListQuery = z
  .object({ ...historyFilterFields, limit: limitSchema(LIMITS.historyPageSize), offset: offsetSchema })
  .refine(inOrder, { error: MSG.dateFromBeforeTo, path: ['date_from'] });

export const ChangeLogExportQuery = z
  .object({ ...historyFilterFields, format: exportFormatSchema })
  .refine(inOrder, { error: MSG.dateFromBeforeTo, path: ['date_from'] });

export type ChangeLogFilters = Omit<z.output<typeof ChangeLogExportQuery>, 'format'>;

/** The history CSV's headers: the modal's columns (SPEC §2), its 'IP / Navegador' split in two. */
export const CHANGE_LOG_CSV_HEADERS = [
  'ID',
  'Operación',
  'Campo',
  'Valor Anterior',
  'Nuevo Valor',
  'Usuario',
  'Fecha y Hora',
  'IP',
  'Navegador',
  'Agente de Usuario',
] as const;
