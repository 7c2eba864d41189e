// The directory's exports: the CSV's SELECT for COPY, with the cells computed by the
// database; the rows for the XLSX writer; and the number of rows an export sends, when cheap.
import type { Kysely } from 'kysely';
import { SqlParameters } from '../../db/sql-parameters.ts';
import type { Database } from '../../db/types.ts';
import {
  DIRECTORY_COLUMNS,
  type DirectoryFilters,
  type DirectoryRecord,
  escapeLike,
} from './business-data.repository.ts';
import {
  conditions,
  listOrder,
  NEWEST_FIRST,
  RANK_NAME,
  totalOf,
  whereClause,
} from './directory.repository.ts';

/** The export's rows in order: the list's sort when one is given; else ranked like a search, or newest first. */
function exportOrder(filters: DirectoryFilters, p: SqlParameters): string {
  if (!filters.search || filters.sortBy) return listOrder(filters);
  const prefix = `f_search_text(${p.param(escapeLike(filters.search))}) || '%'`;
  const term = `f_search_text(${p.param(filters.search)})`;
  return `${RANK_NAME} like ${prefix} desc, similarity(${RANK_NAME}, ${term}) desc, ${NEWEST_FIRST}`;
}

/** Every match in the export's order, from `offset`, at most `limit` of them (null: all). */
function exportQuery(
  filters: DirectoryFilters,
  limit: number | null,
  offset: number,
  p: SqlParameters,
  columns: string,
): string {
  const where = whereClause(conditions(filters, p));
  const order = exportOrder(filters, p);
  const window = `${limit === null ? '' : `limit ${p.param(limit)} `}offset ${p.param(offset)}`;
  return `select ${columns} from businesses ${where} order by ${order} ${window}`;
}

/**
 * Rows one at a time for the XLSX export (a server-side cursor on PostgreSQL), in the order of
 * exportOrder.
 */
export async function* streamBusinesses(
  db: Kysely<Database>,
  filters: DirectoryFilters,
  limit: number | null,
  offset: number,
): AsyncGenerator<DirectoryRecord> {
  const p = new SqlParameters();
  const text = exportQuery(filters, limit, offset, p, DIRECTORY_COLUMNS.join(', '));
  const chunks = db.getExecutor().stream(p.compiled<DirectoryRecord>(text), 2000);
  for await (const chunk of chunks) yield* chunk.rows;
}

/** A text cell as csv.ts writes it: '' for null, an apostrophe before a formula's first character. */
const textCell = (column: string) =>
  `case when left(${column}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${column}
        else coalesce(${column}, '') end`;
const yesNoCell = (column: string) => `case when ${column} then 'Sí' else 'No' end`;
/** Date.toISOString()'s text: UTC, milliseconds, 'Z'. */
const isoTimestampCell = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The directory CSV's cells (BUSINESS_CSV_HEADERS) computed by the database, the same text
 * csvRow wrote from Node, so that COPY can write the file.
 */
const CSV_CELLS = [
  'id::text',
  textCell('business_registry_number'),
  textCell('business_name'),
  textCell('business_owner'),
  textCell('business_email'),
  textCell('business_phone'),
  textCell('business_address'),
  textCell('business_category'),
  "coalesce(business_year::text, '')",
  yesNoCell('verified_email'),
  yesNoCell('verified_phone'),
  `case when verified_email and verified_phone then 'Verificado'
        when verified_email or verified_phone then 'Parcialmente Verificado'
        else 'No Verificado' end`,
  isoTimestampCell('registration_date'),
];

/**
 * The SELECT of the directory CSV for COPY: the values are written into the text (a COPY takes
 * no bind parameters; sqlLiteral quotes them); cells are named c1, c2... so PGlite can window it.
 */
export function directoryCsvSelect(filters: DirectoryFilters, limit: number | null, offset: number): string {
  const columns = CSV_CELLS.map((cell, index) => `${cell} as c${index + 1}`).join(', ');
  return exportQuery(filters, limit, offset, new SqlParameters(true), columns);
}

/**
 * How many rows an export of at most `limit` rows from `offset` sends, when that is cheap to know:
 * from business_counts without a search or dates, counting up to the limit with them; null for
 * every match of a search or date range (only a full count could tell).
 */
export async function exportTotal(
  db: Kysely<Database>,
  filters: DirectoryFilters,
  limit: number | null,
  offset: number,
): Promise<number | null> {
  const p = new SqlParameters();
  let text: string;
  if (!filters.search && !filters.dateFrom && !filters.dateTo) text = totalOf(filters, '', p).sql;
  else if (limit !== null) {
    const where = whereClause(conditions(filters, p));
    text = `select count(*)::int from (select 1 from businesses ${where} limit ${p.param(limit + offset)}) as found`;
  } else return null;
  const result = await db.executeQuery(p.compiled<Record<string, number>>(text));
  const matches = Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
  const after = Math.max(0, matches - offset);
  return limit === null ? after : Math.min(limit, after);
}
