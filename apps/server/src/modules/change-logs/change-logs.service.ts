// Change history: a page of a business's log, newest first, with its totals; and the CSV (in
// the modal's Spanish words) or XLSX.
import { businessColumnLabel } from '@portal/contract/business-columns';
import { changedByLabel, operationLabel } from '@portal/contract/change-log-labels';
import { type LogDateText, logValueText } from '@portal/contract/change-log-values';
import { CHANGE_LOG_CSV_HEADERS, type ChangeLogFilters } from '@portal/contract/change-logs';
import type { ExportFormat } from '@portal/contract/exports';
import { LIMITS } from '@portal/contract/limits';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { browserLabels } from '../../http/csv-labels.ts';
import { rowExport } from '../../http/row-export.ts';
import type { SheetCell } from '../../http/xlsx-stream.ts';
import * as repo from './change-logs.repository.ts';

const RECENT_MS = 24 * 60 * 60 * 1000;

const since = (now: Date) => new Date(now.getTime() - RECENT_MS);

export async function historyStats(db: Kysely<Database>, registry: string, now = new Date()) {
  const { filtered_count: _, ...stats } = await repo.changeLogTotals(db, registry, {}, since(now));
  return stats;
}

export async function historyPage(
  db: Kysely<Database>,
  registry: string,
  query: ChangeLogFilters & { limit: number; offset: number },
) {
  const { limit, offset, ...filters } = query;
  const { rows: changeLogs, totals } = await repo.changeLogPage(db, registry, filters, {
    limit,
    offset,
    since: since(new Date()),
  });
  const { filtered_count: total, ...stats } = totals;
  return {
    change_logs: changeLogs,
    total_count: total,
    has_more: offset + changeLogs.length < total,
    stats,
  };
}

const HISTORY_EXPORT = rowExport('Historial', CHANGE_LOG_CSV_HEADERS, { ID: 'int', 'Fecha y Hora': 'date' });

/**
 * A logged moment in a file: as every export writes a date into a CSV (Date.toISOString, UTC), not
 * as the trigger logged it ('2026-05-01T12:00:00.5+00:00').
 */
const fileDateText: LogDateText = (value) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

/** The export's rows in the words the history modal shows; the date stays a date (ISO 8601 in the CSV). */
async function* historyRows(db: Kysely<Database>, registry: string, filters: ChangeLogFilters) {
  const browserOf = browserLabels();
  for await (const log of repo.streamChangeLogs(db, registry, filters, LIMITS.exportMaxRows)) {
    yield [
      log.log_id,
      operationLabel(log.operation_type),
      log.changed_column ? businessColumnLabel(log.changed_column) : '',
      logValueText(log.changed_column, log.old_value, fileDateText),
      logValueText(log.changed_column, log.new_value, fileDateText),
      changedByLabel(log.changed_by),
      log.changed_at,
      log.ip_address,
      browserOf(log.user_agent),
      log.user_agent,
    ] satisfies SheetCell[];
  }
}

/** The history as CSV or XLSX, at most LIMITS.exportMaxRows rows. */
export const historyExport = (
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  format: ExportFormat,
) => HISTORY_EXPORT(format, historyRows(db, registry, filters));
