// The master's read of the staff audit log: a page with its filtered total, and the CSV.
import { CSV_BOM, csvRow } from '@portal/contract/csv';
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
import * as repo from './staff-audit.repository.ts';

const ROWS_PER_CHUNK = 200;

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

export async function* staffActionsCsv(
  db: Kysely<Database>,
  filters: StaffActionFilters,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(STAFF_ACTION_CSV_HEADERS);
  let chunk = '';
  let rows = 0;
  const browserOf = browserLabels();
  for await (const row of repo.streamStaffActions(db, filters, LIMITS.exportMaxRows)) {
    // The words the 'Auditoría' table shows; the date stays ISO 8601 (sortable in a spreadsheet).
    chunk += csvRow([
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
    ]);
    rows += 1;
    if (rows % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
