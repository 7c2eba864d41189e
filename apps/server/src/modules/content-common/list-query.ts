// Paging and accent-insensitive search shared by every list of the content families.
import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * One page of a query plus the total number of rows it matches, asked for together: on the
 * pipelined reads both go in one write and come back in one round trip.
 */
export async function pagedList<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
  offset: number,
): Promise<{ items: O[]; total_count: number }> {
  const [items, counted] = await Promise.all([
    query.limit(limit).offset(offset).execute(),
    query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
  ]);
  return { items, total_count: Number((counted as { total?: number } | undefined)?.total ?? 0) };
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** True when any of the columns contains the term, ignoring case and accents. */
export function matchesSearch(columns: readonly string[], term: string): RawBuilder<SqlBool> {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}::text, '')`),
    sql`, `,
  );
  return sql<SqlBool>`f_search_text(concat_ws(' ', ${joined})) like '%' || f_search_text(${escapeLike(term)}) || '%'`;
}
