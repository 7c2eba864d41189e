// The directory's SQL. Search (DESIGN §5): every word must appear in the accent- and
// case-free `search_text` (GIN trigram index); rows are ranked by how alike the name is.
import type { BusinessFilters } from '@portal/contract/business-data';
import { toDateRange } from '@portal/contract/list-filters';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

export const DIRECTORY_COLUMNS = [
  'id',
  'business_registry_number',
  'business_name',
  'business_owner',
  'business_email',
  'business_phone',
  'business_address',
  'business_category',
  'business_description',
  'business_year',
  'verified_email',
  'verified_phone',
  'business_created_at',
  'registration_date',
] as const;

export interface DirectoryRecord {
  id: number;
  business_registry_number: string;
  business_name: string;
  business_owner: string;
  business_email: string;
  business_phone: string;
  business_address: string | null;
  business_category: string | null;
  business_description: string | null;
  business_year: number | null;
  verified_email: boolean;
  verified_phone: boolean;
  business_created_at: Date;
  registration_date: Date;
}

export type DirectoryFilters = Omit<BusinessFilters, 'limit' | 'offset'>;

/** Escapes LIKE wildcards so typed text matches literally (backslash is LIKE's default escape). */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const PHONE_TYPED = /^[\d\s()+.-]+$/;

/**
 * The words a search must all contain. A search typed like a phone number, e.g. '(787) 555-1234',
 * becomes its digits, since phones are stored as 10 digits.
 */
export function searchWords(search: string): string[] {
  const digits = search.replace(/\D/g, '');
  if (PHONE_TYPED.test(search) && /[\s()+.-]/.test(search) && digits.length >= 2) return [digits];
  return search.split(/\s+/).filter((word) => word !== '');
}

function conditions(filters: DirectoryFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (filters.search) {
    for (const word of searchWords(filters.search)) {
      where.push(sql<SqlBool>`search_text like '%' || f_search_text(${escapeLike(word)}) || '%'`);
    }
  }
  if (filters.category) where.push(sql<SqlBool>`business_category = ${filters.category}`);
  if (filters.year !== undefined) where.push(sql<SqlBool>`business_year = ${filters.year}`);
  if (filters.verifiedEmail !== undefined)
    where.push(sql<SqlBool>`verified_email = ${filters.verifiedEmail}`);
  if (filters.verifiedPhone !== undefined)
    where.push(sql<SqlBool>`verified_phone = ${filters.verifiedPhone}`);
  const range = toDateRange(filters.dateFrom, filters.dateTo);
  if (range.from) where.push(sql<SqlBool>`registration_date >= ${range.from}`);
  if (range.toExclusive) where.push(sql<SqlBool>`registration_date < ${range.toExclusive}`);
  return where;
}

function filteredQuery(db: Kysely<Database>, filters: DirectoryFilters) {
  const where = conditions(filters);
  return db.selectFrom('businesses').where((eb) => eb.and(where));
}

/**
 * Best name match first when searching: names that start with the search, then by trigram
 * similarity of the name. `search_text` begins with the normalised name, so its first
 * char_length(name) characters stand in for f_search_text(name) without running unaccent
 * again on every match (unaccent's rare one-to-two-letter ligatures only blur the ranking).
 */
function listQuery(db: Kysely<Database>, filters: DirectoryFilters, limit: number, offset: number) {
  let query = filteredQuery(db, filters).select(DIRECTORY_COLUMNS);
  if (filters.search) {
    const term = sql`f_search_text(${filters.search})`;
    const prefix = sql`f_search_text(${escapeLike(filters.search)}) || '%'`;
    const name = sql`left(search_text, char_length(business_name))`;
    query = query
      .orderBy(sql`${name} like ${prefix}`, 'desc')
      .orderBy(sql`similarity(${name}, ${term})`, 'desc');
  }
  return query.orderBy('registration_date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
}

export function listBusinesses(
  db: Kysely<Database>,
  filters: DirectoryFilters,
  limit: number,
  offset: number,
): Promise<DirectoryRecord[]> {
  return listQuery(db, filters, limit, offset).execute();
}

/** Rows one at a time for the CSV export (a server-side cursor on PostgreSQL). */
export function streamBusinesses(
  db: Kysely<Database>,
  filters: DirectoryFilters,
  limit: number,
  offset: number,
): AsyncIterableIterator<DirectoryRecord> {
  return listQuery(db, filters, limit, offset).stream(500);
}

/**
 * A search reads at most this many matches (docs/decisions/002-directory-count.md): up to it,
 * the total is exact and every match is ranked; past it, the total is reported as capped.
 */
export const SEARCH_MATCH_CAP = 1000;

export interface SearchPage {
  records: DirectoryRecord[];
  total: number;
  capped: boolean;
}

/**
 * A search's page and its total from one statement. `found` stops after SEARCH_MATCH_CAP + 1
 * matches, so a broad search ('el rincon' matches tens of thousands) costs no more than a
 * narrow one. Only when the cap cut matches off, names that start with the search are added
 * from their own index so they still come first (a gated branch: it costs nothing otherwise).
 */
export async function searchBusinesses(
  db: Kysely<Database>,
  filters: DirectoryFilters & { search: string },
  limit: number,
  offset: number,
): Promise<SearchPage> {
  const where = sql.join(conditions(filters), sql` and `);
  // A name that starts with the whole search contains each of its words, so the `starts`
  // branch needs only the other filters: that lets it walk businesses_name_prefix in order
  // and stop at the page size instead of intersecting trigram bitmaps of every match.
  const otherFilters = sql.join(
    [sql<SqlBool>`true`, ...conditions({ ...filters, search: undefined })],
    sql` and `,
  );
  const columns = sql.join(DIRECTORY_COLUMNS.map((column) => sql.ref(column)));
  const prefix = sql`f_search_text(${escapeLike(filters.search)}) || '%'`;
  const term = sql`f_search_text(${filters.search})`;
  const name = sql`left(search_text, char_length(business_name))`;
  const result = await sql<DirectoryRecord & { matched: number }>`
    with found as materialized (
      select ${columns}, search_text from businesses where ${where} limit ${SEARCH_MATCH_CAP + 1}
    ),
    starts as (
      select ${columns}, search_text from businesses
       where (select count(*) from found) > ${SEARCH_MATCH_CAP}
         and ${otherFilters} and f_search_text(business_name) like ${prefix}
       limit ${offset + limit}
    ),
    candidates as (select * from found union select * from starts)
    select ${columns}, (select count(*) from found)::int as matched
      from candidates
     order by ${name} like ${prefix} desc, similarity(${name}, ${term}) desc, registration_date desc, id desc
     limit ${limit} offset ${offset}`.execute(db);
  const matched = result.rows[0]?.matched ?? (offset === 0 ? 0 : await countMatches(db, filters));
  const capped = matched > SEARCH_MATCH_CAP;
  return {
    records: result.rows.map(({ matched: _, ...record }) => record),
    total: capped ? SEARCH_MATCH_CAP : matched,
    capped,
  };
}

async function countMatches(db: Kysely<Database>, filters: DirectoryFilters): Promise<number> {
  const where = sql.join(conditions(filters), sql` and `);
  const result = await sql<{ n: number }>`
    select count(*)::int as n
      from (select 1 from businesses where ${where} limit ${SEARCH_MATCH_CAP + 1}) as found`.execute(db);
  return result.rows[0]!.n;
}

export async function countBusinesses(db: Kysely<Database>, filters: DirectoryFilters): Promise<number> {
  const row = await filteredQuery(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findBusinessBy(
  db: Kysely<Database>,
  by: 'id' | 'email' | 'phone' | 'registry',
  value: string | number,
): Promise<DirectoryRecord | undefined> {
  const query = db.selectFrom('businesses').select(DIRECTORY_COLUMNS);
  if (by === 'id') return query.where('id', '=', Number(value)).executeTakeFirst();
  if (by === 'email')
    return query.where(sql<SqlBool>`lower(business_email) = lower(${value})`).executeTakeFirst();
  if (by === 'phone') return query.where('business_phone', '=', String(value)).executeTakeFirst();
  return query.where('business_registry_number', '=', String(value)).executeTakeFirst();
}

export interface BusinessStatsRow {
  total_businesses: number;
  verified_businesses: number;
  partially_verified_businesses: number;
  unverified_businesses: number;
  recent_registrations: number;
}

export async function businessStats(db: Kysely<Database>, since: Date): Promise<BusinessStatsRow> {
  const result = await sql<BusinessStatsRow>`
    select count(*)::int as total_businesses,
           count(*) filter (where verified_email and verified_phone)::int as verified_businesses,
           count(*) filter (where verified_email <> verified_phone)::int as partially_verified_businesses,
           count(*) filter (where not verified_email and not verified_phone)::int as unverified_businesses,
           count(*) filter (where registration_date >= ${since})::int as recent_registrations
      from businesses`.execute(db);
  return result.rows[0]!;
}

export async function categoryCounts(db: Kysely<Database>): Promise<{ category: string; count: number }[]> {
  const rows = await db
    .selectFrom('businesses')
    .select(['business_category as category', (eb) => eb.fn.countAll<number>().as('count')])
    .where('business_category', 'is not', null)
    .where('business_category', '<>', '')
    .groupBy('business_category')
    .orderBy('count', 'desc')
    .orderBy('business_category')
    .execute();
  return rows.map((row) => ({ category: row.category ?? '', count: Number(row.count) }));
}

export function latestRegistrations(db: Kysely<Database>, count: number): Promise<DirectoryRecord[]> {
  return db
    .selectFrom('businesses')
    .select(DIRECTORY_COLUMNS)
    .orderBy('registration_date', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
}
