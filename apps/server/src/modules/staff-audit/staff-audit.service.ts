// The master's read of the staff audit log: a page with its filtered total, and the CSV or XLSX.
import type { ExportFormat } from '@portal/contract/exports';
import { LIMITS } from '@portal/contract/limits';
import {
  STAFF_ACTION_CSV_HEADERS,
  type StaffActionFilters,
  type StaffActionRecord,
  staffActionText,
} from '@portal/contract/staff-audit';
import { detailLines, staffRoleLabel, staffTargetText } from '@portal/contract/staff-audit-details';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { browserLabels } from '../../http/csv-labels.ts';
import { rowExport } from '../../http/row-export.ts';
import type { SheetCell } from '../../http/xlsx-stream.ts';
import { AUDIT_FILE_DATES } from './audit-file-dates.ts';
import * as repo from './staff-audit.repository.ts';

/** Written out field by field: a spread gives every row an object shape of its own, slower to serialize. */
function toRecord(row: repo.StaffActionRow): StaffActionRecord {
  return {
    id: Number(row.id),
    action: row.action,
    actor_role: row.actor_role,
    actor_admin_id: row.actor_admin_id,
    actor_identifier: row.actor_identifier,
    target_kind: row.target_kind,
    target_admin_id: row.target_admin_id,
    target_registry: row.target_registry,
    details: row.details ?? {},
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function staffActionPage(
  db: Kysely<Database>,
  query: StaffActionFilters & { limit: number; offset: number },
) {
  const { limit, offset, ...filters } = query;
  const [rows, total] = await Promise.all([
    repo.listStaffActions(db, filters, limit, offset),
    repo.countStaffActions(db, filters),
  ]);
  return {
    staff_actions: rows.map(toRecord),
    total_count: total,
    has_more: offset + rows.length < total,
  };
}

const AUDIT_EXPORT = rowExport('Auditoría', STAFF_ACTION_CSV_HEADERS, {
  ID: 'int',
  'Fecha y Hora': 'date',
  'ID de administrador': 'int',
});

/** The export's rows in the words the 'Auditoría' table shows; the date stays a date (ISO 8601 in the CSV). */
async function* staffActionRows(db: Kysely<Database>, filters: StaffActionFilters) {
  const browserOf = browserLabels();
  for await (const row of repo.streamStaffActions(db, filters, LIMITS.exportMaxRows)) {
    yield [
      Number(row.id),
      new Date(row.created_at),
      row.actor_identifier,
      staffRoleLabel(row.actor_role),
      row.actor_admin_id,
      staffActionText(row),
      staffTargetText(row),
      detailLines(row.details ?? {}, AUDIT_FILE_DATES).join('; '),
      row.ip_address,
      browserOf(row.user_agent),
      row.user_agent,
    ] satisfies SheetCell[];
  }
}

/** The audit log as CSV or XLSX, at most LIMITS.exportMaxRows rows. */
export const staffActionsExport = (db: Kysely<Database>, filters: StaffActionFilters, format: ExportFormat) =>
  AUDIT_EXPORT(format, staffActionRows(db, filters));
