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

/** Words this short have no trigram of their own, so they match only where a word starts. */
const WORD_START_MAX_LENGTH = 2;

/**
 * `search_text` starts with a space and separates its fields by spaces (migration 026), so
 * ' la' is "a word that starts with la". When the search has a longer word, that word's
 * trigrams select the rows and a short word is only checked on them (strpos is not indexed):
 * the posting lists of '  l' and ' la' cover most of the table and cost more to intersect
 * than the rows they would remove. When every word is short, their word-start trigrams
 * ('  l', ' la') are what keeps the GIN index from returning every row of the filter.
 */
function searchConditions(search: string): Expression<SqlBool>[] {
  const words = searchWords(search);
  const allShort = words.every((word) => word.length <= WORD_START_MAX_LENGTH);
  return words.map((word) => {
    if (word.length > WORD_START_MAX_LENGTH)
      return sql<SqlBool>`search_text like '%' || f_search_text(${escapeLike(word)}) || '%'`;
    if (allShort) return sql<SqlBool>`search_text like '% ' || f_search_text(${escapeLike(word)}) || '%'`;
    return sql<SqlBool>`strpos(search_text, ' ' || f_search_text(${word})) > 0`;
  });
}

function conditions(filters: DirectoryFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = filters.search ? searchConditions(filters.search) : [];
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
 * similarity of the name. `search_text` begins with a space and the normalised name, so its next
 * char_length(name) characters stand in for f_search_text(name) without running unaccent
 * again on every match (unaccent's rare one-to-two-letter ligatures only blur the ranking).
 */
function listQuery(db: Kysely<Database>, filters: DirectoryFilters, limit: number, offset: number) {
  let query = filteredQuery(db, filters).select(DIRECTORY_COLUMNS);
  if (filters.search) {
    const term = sql`f_search_text(${filters.search})`;
    const prefix = sql`f_search_text(${escapeLike(filters.search)}) || '%'`;
    const name = sql`substr(search_text, 2, char_length(business_name))`;
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

/** A ranked match: the page's columns and the keys it was ranked by. */
type RankedRecord = DirectoryRecord & { name_starts: boolean; alike: number; matched?: number };

/** The ranking of a search, as SQL orders it: names that start with it, similarity, newest. */
function byRank(a: RankedRecord, b: RankedRecord): number {
  if (a.name_starts !== b.name_starts) return a.name_starts ? -1 : 1;
  if (a.alike !== b.alike) return b.alike - a.alike;
  const date = b.registration_date.getTime() - a.registration_date.getTime();
  return date !== 0 ? date : b.id - a.id;
}

/**
 * A search's page and its total. `found` stops after SEARCH_MATCH_CAP + 1 matches, so a broad
 * search ('el rincon' matches tens of thousands) costs no more than a narrow one; the first
 * `offset + limit` of them by rank come back with their rank keys. Only when the cap cut matches
 * off, a second statement reads the names that start with the search from their own index, and
 * both are merged, so an exact name still comes first. Keeping that branch out of the first
 * statement halves its planning time, which is most of a narrow search's cost.
 */
export async function searchBusinesses(
  db: Kysely<Database>,
  filters: DirectoryFilters & { search: string },
  limit: number,
  offset: number,
): Promise<SearchPage> {
  const where = sql.join(conditions(filters), sql` and `);
  const columns = sql.join(DIRECTORY_COLUMNS.map((column) => sql.ref(`b.${column}`)));
  const prefix = sql`f_search_text(${escapeLike(filters.search)}) || '%'`;
  const term = sql`f_search_text(${filters.search})`;
  const name = sql`substr(search_text, 2, char_length(business_name))`;
  const rankKeys = sql`${name} like ${prefix} as name_starts, similarity(${name}, ${term}) as alike`;
  const top = offset + limit;
  // Matches are ranked on their id, name and date only; full rows are read for the top ones.
  const found = await sql<RankedRecord>`
    with found as materialized (
      select id, ${name} as rank_name, registration_date from businesses
       where ${where} limit ${SEARCH_MATCH_CAP + 1}
    ),
    page as (
      select id, rank_name like ${prefix} as name_starts, similarity(rank_name, ${term}) as alike, registration_date
        from found
       order by name_starts desc, alike desc, registration_date desc, id desc
       limit ${top}
    )
    select ${columns}, page.name_starts, page.alike, (select count(*) from found)::int as matched
      from page join businesses as b on b.id = page.id`.execute(db);
  const matched = found.rows[0]?.matched ?? 0;
  const capped = matched > SEARCH_MATCH_CAP;
  let ranked = found.rows;
  if (capped) {
    // A name that starts with the whole search contains each of its words, so this needs only
    // the other filters: it walks businesses_name_prefix in order and stops at `top` rows.
    const otherFilters = sql.join(
      [sql<SqlBool>`true`, ...conditions({ ...filters, search: undefined })],
      sql` and `,
    );
    const starts = await sql<RankedRecord>`
      select ${columns}, ${rankKeys} from businesses as b
       where ${otherFilters} and f_search_text(business_name) like ${prefix}
       limit ${top}`.execute(db);
    const seen = new Set(ranked.map((record) => record.id));
    ranked = [...ranked, ...starts.rows.filter((record) => !seen.has(record.id))];
  }
  return {
    records: ranked
      .sort(byRank)
      .slice(offset, top)
      .map(({ name_starts: _s, alike: _a, matched: _m, ...record }) => record),
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

export interface DirectoryTotal {
  total: number;
  capped: boolean;
}

/**
 * The total of a list without a search (docs/decisions/002-directory-count.md). Category, year
 * and verification filters read one row of `business_counts` (migration 025, kept exact by the
 * `businesses` triggers). A date range is counted from the rows up to SEARCH_MATCH_CAP + 1 and
 * reported as capped past it, like a search.
 */
export async function countDirectory(
  db: Kysely<Database>,
  filters: DirectoryFilters,
): Promise<DirectoryTotal> {
  if (filters.dateFrom || filters.dateTo) {
    const matched = await countMatches(db, filters);
    return matched > SEARCH_MATCH_CAP
      ? { total: SEARCH_MATCH_CAP, capped: true }
      : { total: matched, capped: false };
  }
  return { total: await summaryCount(db, filters), capped: false };
}

/** Bits of business_counts.grouping_set: GROUPING(category, year, verified_email, verified_phone). */
const ANY_CATEGORY = 8;
const ANY_YEAR = 4;
const ANY_VERIFIED_EMAIL = 2;
const ANY_VERIFIED_PHONE = 1;

async function summaryCount(
  db: Kysely<Database>,
  filters: Pick<DirectoryFilters, 'category' | 'year' | 'verifiedEmail' | 'verifiedPhone'>,
): Promise<number> {
  // A filter that is not given is "any value": its bit is set and its column is null in that row.
  const dimensions = [
    ['business_category', filters.category || undefined, ANY_CATEGORY],
    ['business_year', filters.year, ANY_YEAR],
    ['verified_email', filters.verifiedEmail, ANY_VERIFIED_EMAIL],
    ['verified_phone', filters.verifiedPhone, ANY_VERIFIED_PHONE],
  ] as const;
  let groupingSet = 0;
  const where: Expression<SqlBool>[] = [];
  for (const [column, value, anyBit] of dimensions) {
    if (value === undefined) {
      groupingSet |= anyBit;
      where.push(sql<SqlBool>`${sql.ref(column)} is null`);
    } else where.push(sql<SqlBool>`${sql.ref(column)} = ${value}`);
  }
  const result = await sql<{ n: number }>`
    select coalesce(sum(n), 0)::int as n from business_counts
     where ${sql.join([sql<SqlBool>`grouping_set = ${groupingSet}`, ...where], sql` and `)}`.execute(db);
  return result.rows[0]!.n;
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

/** Totals by verification from business_counts; only the recent registrations are counted. */
export async function businessStats(db: Kysely<Database>, since: Date): Promise<BusinessStatsRow> {
  const result = await sql<BusinessStatsRow>`
    with by_status as (
      select verified_email, verified_phone, n from business_counts
       where grouping_set = ${ANY_CATEGORY | ANY_YEAR}
    )
    select coalesce(sum(n), 0)::int as total_businesses,
           coalesce(sum(n) filter (where verified_email and verified_phone), 0)::int as verified_businesses,
           coalesce(sum(n) filter (where verified_email <> verified_phone), 0)::int as partially_verified_businesses,
           coalesce(sum(n) filter (where not verified_email and not verified_phone), 0)::int as unverified_businesses,
           (select count(*) from businesses where registration_date >= ${since})::int as recent_registrations
      from by_status`.execute(db);
  return result.rows[0]!;
}

export async function categoryCounts(db: Kysely<Database>): Promise<{ category: string; count: number }[]> {
  const result = await sql<{ category: string; count: number }>`
    select business_category as category, n::int as count from business_counts
     where grouping_set = ${ANY_YEAR | ANY_VERIFIED_EMAIL | ANY_VERIFIED_PHONE}
       and business_category <> '' and n > 0
     order by n desc, business_category`.execute(db);
  return result.rows;
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
