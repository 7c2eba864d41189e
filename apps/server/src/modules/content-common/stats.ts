// Shared pieces of the content families' stats: price buckets in SQL, counts keyed by value.
import type { ValueCount } from '@portal/contract/content-filters';
import { priceBucketKeys } from '@portal/contract/content-filters';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A jsonb object of the four SPEC §9 bucket counts for a price expression. */
export function priceBucketsSql(
  price: RawBuilder<unknown>,
  bounds: readonly [number, number, number],
): RawBuilder<Record<string, number>> {
  const [a, b, c] = bounds;
  const [under, low, high, over] = priceBucketKeys(bounds);
  return sql<Record<string, number>>`jsonb_build_object(
    ${under}::text, count(*) filter (where ${price} < ${a}),
    ${low}::text, count(*) filter (where ${price} >= ${a} and ${price} < ${b}),
    ${high}::text, count(*) filter (where ${price} >= ${b} and ${price} <= ${c}),
    ${over}::text, count(*) filter (where ${price} > ${c}))`;
}

/** Rows of (value, count) as `{ value: count }`, every known value present (0 when absent). */
export function countsBy(rows: ValueCount[], known: readonly string[] = []): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(known.map((value) => [value, 0]));
  for (const row of rows) counts[row.value] = (counts[row.value] ?? 0) + Number(row.count);
  return counts;
}

/** The same as a list, known values first, for the /statuses, /categories and /price-types routes. */
export function valueCountList(rows: ValueCount[], known: readonly string[] = []): ValueCount[] {
  return Object.entries(countsBy(rows, known)).map(([value, count]) => ({ value, count }));
}

/** The portal serves Puerto Rico: its calendar day is "today" for the date-relative stats. */
const PORTAL_TIME_ZONE = 'America/Puerto_Rico';

const portalDate = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Puerto Rico calendar date of `now` as YYYY-MM-DD: upcoming and past events, months, tenure. */
export function todayInPuertoRico(now: Date = new Date()): string {
  const part = Object.fromEntries(portalDate.formatToParts(now).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}`;
}

type ContentTable = 'products' | 'services' | 'employees' | 'events';

/** Rows per value of `column` (NULL counted as `missing` when given), for one business or (null) all. */
export async function valueCounts(
  db: Kysely<Database>,
  table: ContentTable,
  column: string,
  businessId: number | null,
  missing?: string,
): Promise<ValueCount[]> {
  const value = missing === undefined ? sql.ref(column) : sql`coalesce(${sql.ref(column)}, ${missing})`;
  const where = businessId === null ? sql`` : sql`where business_id = ${businessId}`;
  // Grouped by the reported value, so a literal `missing` and NULL make one row; NULL still last.
  const { rows } = await sql<ValueCount>`
    select ${value} as value, count(*) as count from ${sql.table(table)} ${where}
     group by 1 order by min(${sql.ref(column)})`.execute(db);
  return rows;
}
