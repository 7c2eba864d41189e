// Reads of the staff audit log (migration 030), newest first unless sorted otherwise. Rows are only ever inserted
// (record.ts); nothing here or anywhere else updates or deletes them. The master's audit page is
// one of the busiest reads, so its statements are text (db/sql-parameters.ts).

import { toDateRange } from '@portal/contract/list-filters';
import type { StaffActionFilters, StaffAuditSortField } from '@portal/contract/staff-audit';
import type { Kysely } from 'kysely';
import { SqlParameters } from '../../db/sql-parameters.ts';
import type { Database } from '../../db/types.ts';
import type { StaffActionsTable } from './record.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const COLUMNS =
  'id, action, actor_role, actor_admin_id, actor_identifier, target_kind, target_admin_id, ' +
  'target_registry, details, ip_address, user_agent, created_at';

export type StaffActionRow = Omit<StaffActionsTable, 'id' | 'details' | 'created_at'> & {
  id: number;
  details: Record<string, unknown> | null;
  created_at: Date;
};

function whereClause(filters: StaffActionFilters, p: SqlParameters): string {
  const where: string[] = [];
  if (filters.staff) {
    where.push(`lower(actor_identifier) like '%' || lower(${p.param(escapeLike(filters.staff))}) || '%'`);
  }
  if (filters.action) where.push(`action = ${p.param(filters.action)}`);
  if (filters.registry) where.push(`target_registry = ${p.param(filters.registry)}`);
  const range = toDateRange(filters.date_from, filters.date_to);
  if (range.from) where.push(`created_at >= ${p.param(range.from)}`);
  if (range.toExclusive) where.push(`created_at < ${p.param(range.toExclusive)}`);
  return where.length > 0 ? ` where ${where.join(' and ')}` : '';
}

/**
 * The keys of each sort, read from migration 030's indexes forward or backward: every
 * key takes the sort's direction, and the id makes the order total.
 */
const SORT_KEYS: Record<StaffAuditSortField, readonly string[]> = {
  created_at: ['created_at', 'id'],
  staff: ['lower(actor_identifier)', 'created_at', 'id'],
  action: ['action', 'created_at', 'id'],
};

function page(filters: StaffActionFilters, limit: number, offset: number) {
  const by = filters.sort_by ?? 'created_at';
  const direction =
    (filters.sort_order ?? (by === 'created_at' ? 'desc' : 'asc')) === 'desc' ? ' desc' : ' asc';
  const p = new SqlParameters();
  const where = whereClause(filters, p);
  const order = SORT_KEYS[by].map((key) => key + direction).join(', ');
  return p.compiled<StaffActionRow>(
    `select ${COLUMNS} from staff_actions${where} order by ${order} limit ${p.param(limit)} offset ${p.param(offset)}`,
  );
}

export async function listStaffActions(
  db: Kysely<Database>,
  filters: StaffActionFilters,
  limit: number,
  offset: number,
): Promise<StaffActionRow[]> {
  return (await db.executeQuery(page(filters, limit, offset))).rows;
}

export async function* streamStaffActions(db: Kysely<Database>, filters: StaffActionFilters, limit: number) {
  for await (const chunk of db.getExecutor().stream(page(filters, limit, 0), 500)) yield* chunk.rows;
}

export async function countStaffActions(db: Kysely<Database>, filters: StaffActionFilters): Promise<number> {
  const p = new SqlParameters();
  const where = whereClause(filters, p);
  const result = await db.executeQuery(
    p.compiled<{ total: string | number }>(`select count(*) as total from staff_actions${where}`),
  );
  return Number(result.rows[0]?.total ?? 0);
}
