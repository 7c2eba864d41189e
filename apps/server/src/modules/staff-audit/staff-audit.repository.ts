// Reads of the staff audit log (migration 030), newest first. Rows are only ever inserted
// (record.ts); nothing here or anywhere else updates or deletes them.

import { toDateRange } from '@portal/contract/list-filters';
import type { StaffActionFilters } from '@portal/contract/staff-audit';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
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

function page(db: Kysely<Database>, filters: StaffActionFilters, limit: number, offset: number) {
  return filtered(db, filters)
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);
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
