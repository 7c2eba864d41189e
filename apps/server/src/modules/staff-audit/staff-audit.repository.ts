// Reads of the staff audit log (migration 030), newest first unless sorted otherwise. Rows are only ever inserted
// (record.ts); nothing here or anywhere else updates or deletes them.

import { toDateRange } from '@portal/contract/list-filters';
import type { StaffActionFilters, StaffAuditSortField } from '@portal/contract/staff-audit';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { auditDb } from './record.ts';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const COLUMNS = [
  'id',
  'action',
  'actor_role',
  'actor_admin_id',
  'actor_identifier',
  'target_kind',
  'target_admin_id',
  'target_registry',
  'details',
  'ip_address',
  'user_agent',
  'created_at',
] as const;

function conditions(filters: StaffActionFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (filters.staff) {
    where.push(sql<SqlBool>`lower(actor_identifier) like '%' || lower(${escapeLike(filters.staff)}) || '%'`);
  }
  if (filters.action) where.push(sql<SqlBool>`action = ${filters.action}`);
  if (filters.registry) where.push(sql<SqlBool>`target_registry = ${filters.registry}`);
  const range = toDateRange(filters.date_from, filters.date_to);
  if (range.from) where.push(sql<SqlBool>`created_at >= ${range.from}`);
  if (range.toExclusive) where.push(sql<SqlBool>`created_at < ${range.toExclusive}`);
  return where;
}

function filtered(db: Kysely<Database>, filters: StaffActionFilters) {
  const where = conditions(filters);
  return auditDb(db)
    .selectFrom('staff_actions')
    .where((eb) => eb.and(where));
}

/**
 * The keys of each sort (issue #24), read from migration 030's indexes forward or backward: every
 * key takes the sort's direction, and the id makes the order total.
 */
const SORT_KEYS: Record<StaffAuditSortField, readonly RawBuilder<unknown>[]> = {
  created_at: [sql`created_at`, sql`id`],
  staff: [sql`lower(actor_identifier)`, sql`created_at`, sql`id`],
  action: [sql`action`, sql`created_at`, sql`id`],
};

function page(db: Kysely<Database>, filters: StaffActionFilters, limit: number, offset: number) {
  const by = filters.sort_by ?? 'created_at';
  const direction = filters.sort_order ?? (by === 'created_at' ? 'desc' : 'asc');
  let query = filtered(db, filters).select(COLUMNS);
  for (const key of SORT_KEYS[by]) query = query.orderBy(key, direction);
  return query.limit(limit).offset(offset);
}

export type StaffActionRow = Awaited<ReturnType<ReturnType<typeof page>['executeTakeFirstOrThrow']>>;

export const listStaffActions = (
  db: Kysely<Database>,
  filters: StaffActionFilters,
  limit: number,
  offset: number,
) => page(db, filters, limit, offset).execute();

export const streamStaffActions = (db: Kysely<Database>, filters: StaffActionFilters, limit: number) =>
  page(db, filters, limit, 0).stream(500);

export async function countStaffActions(db: Kysely<Database>, filters: StaffActionFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
