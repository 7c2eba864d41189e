// The master's read of the staff audit log: a page with its filtered total, and the CSV or XLSX.
import { LIMITS } from '@portal/contract/limits';
import {
  STAFF_ACTION_CSV_HEADERS,
  type StaffActionFilters,
  type StaffActionRecord,
  staffActionLabel,
} from '@portal/contract/staff-audit';
import { detailLines, staffRoleLabel, staffTargetText } from '@portal/contract/staff-audit-details';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { browserLabels } from '../../http/csv-labels.ts';
import { csvChunks } from '../../http/csv-stream.ts';
import { type SheetCell, type SheetColumn, xlsxChunks } from '../../http/xlsx-stream.ts';
import * as repo from './staff-audit.repository.ts';

function toRecord(row: repo.StaffActionRow): StaffActionRecord {
  return {
    ...row,
    id: Number(row.id),
    details: row.details ?? {},
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

const SHEET_KINDS: SheetColumn['kind'][] = [
  'int',
  'date',
  'text',
  'text',
  'int',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
];
const SHEET_COLUMNS: SheetColumn[] = STAFF_ACTION_CSV_HEADERS.map((header, index) => ({
  header,
  kind: SHEET_KINDS[index]!,
}));

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
      staffActionLabel(row.action),
      staffTargetText(row),
      detailLines(row.details ?? {}).join('; '),
      row.ip_address,
      browserOf(row.user_agent),
      row.user_agent,
    ] satisfies SheetCell[];
  }
}

export const staffActionsCsv = (db: Kysely<Database>, filters: StaffActionFilters) =>
  csvChunks(STAFF_ACTION_CSV_HEADERS, staffActionRows(db, filters));

export const staffActionsXlsx = (db: Kysely<Database>, filters: StaffActionFilters) =>
  xlsxChunks('Auditoría', SHEET_COLUMNS, staffActionRows(db, filters));
