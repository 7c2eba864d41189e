// Change history reads. Rows are keyed by registry number, so they outlive the business.
// Served by the (business_registry_number, changed_at desc, log_id desc) index of each month's
// partition (migration 047); the page and the totals name the business's months, so only those
// partitions are read.

import type { ChangeLogFilters } from '@portal/contract/change-logs';
import { toDateRange } from '@portal/contract/list-filters';
import { ChangeLogEntry } from '@portal/contract/responses';
import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';
import { escapeLike } from '../business-data/business-data.repository.ts';

export const LOG_COLUMNS = recordColumns('business_change_logs', ChangeLogEntry);

export type ChangeLogRecord = Pick<
  Selectable<Database['business_change_logs']>,
  (typeof LOG_COLUMNS)[number]
>;

function filterConditions(registry: string, filters: ChangeLogFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`business_registry_number = ${registry}`];
  if (filters.operation_type) where.push(sql<SqlBool>`operation_type = ${filters.operation_type}`);
  if (filters.changed_column) where.push(sql<SqlBool>`changed_column = ${filters.changed_column}`);
  if (filters.changed_by) {
    where.push(sql<SqlBool>`changed_by ilike '%' || ${escapeLike(filters.changed_by)} || '%'`);
  }
  const range = toDateRange(filters.date_from, filters.date_to);
  if (range.from) where.push(sql<SqlBool>`changed_at >= ${range.from}`);
  if (range.toExclusive) where.push(sql<SqlBool>`changed_at < ${range.toExclusive}`);
  return where;
}

/**
 * The months that hold the business's change logs (business_change_log_months, migration 047)
 * as ranges of changed_at: in the WHERE, they let PostgreSQL skip every other month's partition.
 */
async function businessMonths(db: Kysely<Database>, registry: string): Promise<Expression<SqlBool>> {
  const { rows } = await sql<{ month: Date }>`
    select month from business_change_log_months
     where business_registry_number = ${registry} order by month`.execute(db);
  const ranges: { from: Date; to: Date }[] = [];
  for (const { month } of rows) {
    const from = new Date(month);
    const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    const last = ranges.at(-1);
    if (last && last.to.getTime() === from.getTime()) last.to = to;
    else ranges.push({ from, to });
  }
  if (ranges.length === 0) return sql<SqlBool>`false`;
  const each = ranges.map(({ from, to }) => sql`(changed_at >= ${from} and changed_at < ${to})`);
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}

function filtered(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  months?: Expression<SqlBool>,
) {
  const where = filterConditions(registry, filters);
  if (months) where.push(months);
  return db.selectFrom('business_change_logs').where((eb) => eb.and(where));
}

function pageQuery(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  limit: number,
  offset: number,
  months?: Expression<SqlBool>,
) {
  return filtered(db, registry, filters, months)
    .select(LOG_COLUMNS)
    .orderBy('changed_at', 'desc')
    .orderBy('log_id', 'desc')
    .limit(limit)
    .offset(offset);
}

export async function listChangeLogs(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  limit: number,
  offset: number,
): Promise<ChangeLogRecord[]> {
  return pageQuery(db, registry, filters, limit, offset, await businessMonths(db, registry)).execute();
}

export function streamChangeLogs(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  limit: number,
): AsyncIterableIterator<ChangeLogRecord> {
  return pageQuery(db, registry, filters, limit, 0).stream(500);
}

export interface ChangeLogStats {
  total_logs: number;
  update_operations: number;
  insert_operations: number;
  delete_operations: number;
  recent_changes: number;
}

/**
 * The business's history figures and the filtered total in one pass over its rows (the
 * history page needs both; one scan instead of two).
 */
export async function changeLogTotals(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  since: Date,
): Promise<ChangeLogStats & { filtered_count: number }> {
  const matches = sql.join(filterConditions(registry, filters), sql` and `);
  const result = await sql<ChangeLogStats & { filtered_count: number }>`
    select count(*)::int as total_logs,
           count(*) filter (where operation_type = 'UPDATE')::int as update_operations,
           count(*) filter (where operation_type = 'INSERT')::int as insert_operations,
           count(*) filter (where operation_type = 'DELETE')::int as delete_operations,
           count(*) filter (where changed_at >= ${since})::int as recent_changes,
           count(*) filter (where ${matches})::int as filtered_count
      from business_change_logs
     where business_registry_number = ${registry} and ${await businessMonths(db, registry)}`.execute(db);
  return result.rows[0]!;
}
