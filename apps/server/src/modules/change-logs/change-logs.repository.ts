// Change history reads. Rows are keyed by registry number, so they outlive the business.
// Served by the (business_registry_number, changed_at desc, log_id desc) index of each month's
// partition (migration 047); the page and the totals name the business's months, so only those
// partitions are read.

import type { ChangeLogFilters } from '@portal/contract/change-logs';
import { toDateRange } from '@portal/contract/list-filters';
import { ChangeLogEntry } from '@portal/contract/responses';
import { type Expression, type Kysely, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
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
 * Where the business's change logs are (migration 047): for each month business_change_log_months
 * lists, that month's partition, or the default partition for a month that has none yet. The
 * history reads only these tables, by name: PostgreSQL then neither plans nor opens the other
 * months (at 188 months, a read through the partitioned table cost 6x to 8x more).
 */
async function businessMonths(db: Kysely<Database>, registry: string) {
  const { rows } = await sql<{ part: string | null; month: Date }>`
    select to_regclass('business_change_logs_' || to_char(month at time zone 'UTC', 'YYYY_MM'))::text as part, month
      from business_change_log_months
     where business_registry_number = ${registry} order by month desc`.execute(db);
  return rows.map(({ part, month }) => {
    const from = new Date(month);
    return {
      part: part ?? 'business_change_logs_default',
      from,
      to: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)),
    };
  });
}

const COLUMN_LIST = sql.join(LOG_COLUMNS.map((column) => sql.ref(column)));

/**
 * Runs `read` on the business's rows as one table (a UNION ALL of its months), or returns
 * `empty` when it has none. A month dropped by the retention in between: read again. The SQL
 * starts with a comment, so the pool does not prepare it (its text names months: one-offs).
 */
async function readMonths<T>(
  db: Kysely<Database>,
  registry: string,
  empty: T,
  read: (source: RawBuilder<unknown>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const months = await businessMonths(db, registry);
    if (months.length === 0) return empty;
    const arms = months.map(
      ({ part, from, to }) => sql`select ${COLUMN_LIST} from ${sql.table(part)}
         where business_registry_number = ${registry} and changed_at >= ${from} and changed_at < ${to}`,
    );
    try {
      return await read(sql`(${sql.join(arms, sql` union all `)}) as logs`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P01' || attempt > 1) throw error;
    }
  }
}

function filtered(db: Kysely<Database>, registry: string, filters: ChangeLogFilters) {
  const where = filterConditions(registry, filters);
  return db.selectFrom('business_change_logs').where((eb) => eb.and(where));
}

function pageQuery(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  limit: number,
  offset: number,
) {
  return filtered(db, registry, filters)
    .select(LOG_COLUMNS)
    .orderBy('changed_at', 'desc')
    .orderBy('log_id', 'desc')
    .limit(limit)
    .offset(offset);
}

/** A page of the rows of `source` (a business's months) that match `where`, newest first. */
async function pageOf(
  db: Kysely<Database>,
  source: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  limit: number,
  offset: number,
) {
  const result = await sql<ChangeLogRecord>`/* a business's months */
      select ${COLUMN_LIST} from ${source} where ${where}
       order by changed_at desc, log_id desc limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

const whereOf = (registry: string, filters: ChangeLogFilters) =>
  sql.join(filterConditions(registry, filters), sql` and `);

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

type ChangeLogTotals = ChangeLogStats & { filtered_count: number };

const NO_TOTALS: ChangeLogTotals = {
  total_logs: 0,
  update_operations: 0,
  insert_operations: 0,
  delete_operations: 0,
  recent_changes: 0,
  filtered_count: 0,
};

/**
 * The business's history figures and the filtered total in one pass over its rows (the
 * history page needs both; one scan instead of two).
 */
async function totalsOf(
  db: Kysely<Database>,
  source: RawBuilder<unknown>,
  matches: RawBuilder<unknown>,
  since: Date,
): Promise<ChangeLogTotals> {
  const result = await sql<ChangeLogTotals>`/* a business's months */
      select count(*)::int as total_logs,
             count(*) filter (where operation_type = 'UPDATE')::int as update_operations,
             count(*) filter (where operation_type = 'INSERT')::int as insert_operations,
             count(*) filter (where operation_type = 'DELETE')::int as delete_operations,
             count(*) filter (where changed_at >= ${since})::int as recent_changes,
             count(*) filter (where ${matches})::int as filtered_count
        from ${source}`.execute(db);
  return result.rows[0]!;
}

export function changeLogTotals(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  since: Date,
): Promise<ChangeLogTotals> {
  const matches = whereOf(registry, filters);
  return readMonths(db, registry, NO_TOTALS, (source) => totalsOf(db, source, matches, since));
}

/**
 * The history page: a page of rows and the totals, on one read of the business's months (the page
 * and the totals statements then leave together).
 */
export function changeLogPage(
  db: Kysely<Database>,
  registry: string,
  filters: ChangeLogFilters,
  page: { limit: number; offset: number; since: Date },
): Promise<{ rows: ChangeLogRecord[]; totals: ChangeLogTotals }> {
  const where = whereOf(registry, filters);
  return readMonths(db, registry, { rows: [], totals: NO_TOTALS }, async (source) => {
    const [rows, totals] = await Promise.all([
      pageOf(db, source, where, page.limit, page.offset),
      totalsOf(db, source, where, page.since),
    ]);
    return { rows, totals };
  });
}
