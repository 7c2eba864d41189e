// The directory's pages, searches and export (DESIGN §5). Search: every word must appear in the
// accent- and case-free `search_text` (GIN trigram index); rows are ranked by how alike the name
// is. The SQL is written as text with numbered parameters: these are the busiest statements of the
// portal (db/sql-parameters.ts).
import type { DirectorySortField } from '@portal/contract/business-data';
import { type SortOrder, toDateRange } from '@portal/contract/list-filters';
import type { CompiledQuery, Kysely } from 'kysely';
import { batchable } from '../../db/batched-reads.ts';
import { timestampsAsText } from '../../db/iso-timestamps.ts';
import { planOnce } from '../../db/planned-once.ts';
import { SqlParameters } from '../../db/sql-parameters.ts';
import type { Database } from '../../db/types.ts';
import {
  DIRECTORY_COLUMNS,
  type DirectoryFilters,
  type DirectoryRecord,
  escapeLike,
  GROUPING_BITS,
  searchWords,
} from './business-data.repository.ts';

/**
 * A search reads at most this many matches (docs/decisions/002-directory-count.md): up to it,
 * the total is exact; past it, the total is reported as capped.
 */
export const SEARCH_MATCH_CAP = 1000;

/** How many of a search's matches are ranked for its first pages (searchBusinesses). */
export const SEARCH_RANK_POOL = 200;

/** A page of the directory and its total (capped: "more than total"). */
export interface DirectoryPage {
  records: DirectoryRecord[];
  total: number;
  capped: boolean;
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
function searchConditions(search: string, p: SqlParameters): string[] {
  const words = searchWords(search);
  const allShort = words.every((word) => word.length <= WORD_START_MAX_LENGTH);
  return words.map((word) => {
    if (word.length > WORD_START_MAX_LENGTH)
      return `search_text like '%' || f_search_text(${p.param(escapeLike(word))}) || '%'`;
    if (allShort) return `search_text like '% ' || f_search_text(${p.param(escapeLike(word))}) || '%'`;
    return `strpos(search_text, ' ' || f_search_text(${p.param(word)})) > 0`;
  });
}

/** The filters as SQL conditions, the search's words first. */
export function conditions(filters: DirectoryFilters, p: SqlParameters): string[] {
  const where = filters.search ? searchConditions(filters.search, p) : [];
  if (filters.category) where.push(`business_category = ${p.param(filters.category)}`);
  if (filters.year !== undefined) where.push(`business_year = ${p.param(filters.year)}`);
  if (filters.verifiedEmail !== undefined) where.push(`verified_email = ${p.param(filters.verifiedEmail)}`);
  if (filters.verifiedPhone !== undefined) where.push(`verified_phone = ${p.param(filters.verifiedPhone)}`);
  const range = toDateRange(filters.dateFrom, filters.dateTo);
  if (range.from) where.push(`registration_date >= ${p.param(range.from)}`);
  if (range.toExclusive) where.push(`registration_date < ${p.param(range.toExclusive)}`);
  return where;
}

export const whereClause = (parts: string[]) => (parts.length > 0 ? `where ${parts.join(' and ')}` : '');

/**
 * `search_text` begins with a space and the normalised name, so its next char_length(name)
 * characters stand in for f_search_text(name) without running unaccent again on every match
 * (unaccent's rare one-to-two-letter ligatures only blur the ranking).
 */
export const RANK_NAME = 'substr(search_text, 2, char_length(business_name))';
const BY_RANK = 'name_starts desc, alike desc, registration_date desc, id desc';
export const NEWEST_FIRST = 'registration_date desc, id desc';

/**
 * The keys of each sort, each read from its own index (migration 042) forward for
 * one order and backward for the other: every key takes the sort's direction, so `desc` is
 * exactly `asc` reversed and the id makes the order total (a row never shows on two pages).
 * Names sort accent- and case-free, as they are searched; verification counts the verified
 * channels (0 'No Verificado', 1 'Parcialmente Verificado', 2 'Verificado').
 */
const SORT_KEYS: Record<DirectorySortField, (t: string) => readonly string[]> = {
  name: (t) => [`f_search_text(${t}business_name)`, `${t}id`],
  registration_date: (t) => [`${t}registration_date`, `${t}id`],
  verification: (t) => [
    `(${t}verified_email::int + ${t}verified_phone::int)`,
    `${t}registration_date`,
    `${t}id`,
  ],
};

/** The keys of a sort as business_sort_keys (migration 073) holds them: the name's key is a column. */
const sortKeysOfCopy = (by: DirectorySortField): readonly string[] =>
  by === 'name' ? ['name_key', 'id'] : SORT_KEYS[by]('');

/** The ORDER BY of a sort; `table` qualifies its columns. */
function sortOrder(by: DirectorySortField, order: SortOrder, table?: string): string {
  const direction = order === 'asc' ? 'asc' : 'desc';
  return SORT_KEYS[by](table ? `${table}.` : '')
    .map((key) => `${key} ${direction}`)
    .join(', ');
}

export const listOrder = (filters: DirectoryFilters) =>
  filters.sortBy ? sortOrder(filters.sortBy, filters.sortOrder ?? 'asc') : NEWEST_FIRST;

/**
 * The total of a list without a search. Category, year and verification filters read one row of
 * `business_counts` (migration 025, kept exact by the `businesses` triggers), where a filter that
 * is not given is "any value": its bit is set and its column is null. A date range is counted up
 * to SEARCH_MATCH_CAP + 1, like a search (docs/decisions/002-directory-count.md).
 */
export function totalOf(
  filters: DirectoryFilters,
  where: string,
  p: SqlParameters,
): { sql: string; dated: boolean } {
  if (filters.dateFrom || filters.dateTo) {
    return {
      sql: `select count(*)::int from (select 1 from businesses ${where} limit ${SEARCH_MATCH_CAP + 1}) as found`,
      dated: true,
    };
  }
  const given = {
    business_category: filters.category || undefined,
    business_year: filters.year,
    verified_email: filters.verifiedEmail,
    verified_phone: filters.verifiedPhone,
  };
  let groupingSet = 0;
  const summary: string[] = [];
  for (const [column, value] of Object.entries(given)) {
    if (value === undefined) {
      groupingSet |= GROUPING_BITS[column as keyof typeof GROUPING_BITS];
      summary.push(`${column} is null`);
    } else summary.push(`${column} = ${p.param(value)}`);
  }
  summary.unshift(`grouping_set = ${p.param(groupingSet)}`);
  return {
    sql: `select coalesce(sum(n), 0)::int from business_counts where ${summary.join(' and ')}`,
    dated: false,
  };
}

const COLUMNS = DIRECTORY_COLUMNS.join(', ');
const PAGE_COLUMNS = DIRECTORY_COLUMNS.map((column) => `page.${column}`).join(', ');
/** listStatement's texts by the parts they are made of (a few hundred shapes of filters and sorts). */
const listTexts = new Map<string, string>();
const MAX_LIST_TEXTS = 2_000;

/**
 * A page of the directory without a search and its total, in one statement: a page past the end
 * still brings the total (the page is joined to it). It starts with 'select', so the pool
 * prepares it (postgres-pool.ts isPreparable), and unfiltered pages asked for at once are read
 * together (batched-reads.ts): the directory's busiest read.
 */
export function listStatement(filters: DirectoryFilters, limit: number, offset: number) {
  const p = new SqlParameters();
  const where = whereClause(conditions({ ...filters, search: undefined }, p));
  const total = totalOf(filters, where, p);
  const order = listOrder(filters);
  const limitAt = p.param(limit);
  const offsetAt = p.param(offset);
  // The same text object for the same parts: assembling ~700 characters and hashing them anew
  // (every lookup below and in the pipelined reads) was most of this function's time.
  const parts = `${total.sql}\n${where}\n${order}\n${limitAt}`;
  let text = listTexts.get(parts);
  if (text === undefined) {
    text = `select ${PAGE_COLUMNS}, totals.total
      from (${total.sql}) as totals(total)
      left join lateral (
        select ${COLUMNS} from businesses ${where}
         order by ${order} limit ${limitAt} offset ${offsetAt}
      ) as page on true`;
    if (listTexts.size >= MAX_LIST_TEXTS) listTexts.clear();
    listTexts.set(parts, text);
  }
  // Unfiltered pages are read together. A filtered page is read together only with requests for
  // the same page: in the batched form the planner does not know each page's offset and plans for
  // a tenth of the rows, which suits a walk of the sort's index but turned a category's pages from
  // a walk of the dates' index into reading and sorting all of the category's rows
  // (batched-reads.ts).
  batchable(text, { sameValuesOnly: where !== '' });
  // An unfiltered page walks its sort's index whatever its page: planned once, not per request
  // (db/planned-once.ts). A filtered page's plan follows its filters' values.
  if (where === '') planOnce(text);
  // Its rows go straight into the answer (listDirectory): their timestamps as the answer's text.
  timestampsAsText(text);
  return { query: p.compiled<DirectoryRecord & { total: number }>(text), dated: total.dated };
}

export async function listPage(
  db: Kysely<Database>,
  filters: DirectoryFilters,
  limit: number,
  offset: number,
): Promise<DirectoryPage> {
  const statement = listStatement(filters, limit, offset);
  const result = await db.executeQuery(statement.query);
  const count = result.rows[0]?.total ?? 0;
  // The extra column is left on the rows: toDirectoryRow names the fields it sends.
  const records = result.rows.filter((row) => row.id !== null);
  return statement.dated && count > SEARCH_MATCH_CAP
    ? { records, total: SEARCH_MATCH_CAP, capped: true }
    : { records, total: count, capped: false };
}

/**
 * A search's page and its total, in one statement.
 * - `found` stops after SEARCH_MATCH_CAP + 1 matches, so a broad search ('el rincon' matches tens
 *   of thousands) costs no more than a narrow one; their count is the total.
 * - `ranked`: the first SEARCH_RANK_POOL of them (or `offset + limit`, if more) are ranked.
 *   similarity() is most of a broad search's database time: ranking 1,000 matches took 2.5x the
 *   time of ranking 200 for the same first page.
 * - `starts`: only when matches were left out of the ranking, the names that start with the
 *   search, read from their own index (businesses_name_prefix, in order, stopping at
 *   `offset + limit`), so an exact name still comes first. A name that starts with the whole
 *   search contains each of its words, so this needs only the other filters.
 * Matches are ranked on their id, name and date only; full rows are read for the page.
 */
type SearchRow = DirectoryRecord & { matched: number };

/**
 * Runs a search statement: its rows are the page joined to the count of `found` (a page past the
 * end is one row of nulls with the count), capped at SEARCH_MATCH_CAP.
 */
async function searchPage(db: Kysely<Database>, statement: CompiledQuery<SearchRow>): Promise<DirectoryPage> {
  const result = await db.executeQuery(statement);
  const matched = result.rows[0]?.matched ?? 0;
  const records = result.rows.filter((row) => row.id !== null);
  return matched > SEARCH_MATCH_CAP
    ? { records, total: SEARCH_MATCH_CAP, capped: true }
    : { records, total: matched, capped: false };
}

/**
 * How many entries of the sort's index a broad sorted search walks before it sorts its matches
 * instead. Walking is fastest when matches are spread over the order; a word that starts names
 * late in it ('restaurante', sorted A-Z) walked ~900,000 entries at 1M businesses (seconds), and
 * sorting its ~14,000 matches takes a bitmap read of them: the walk stops here and hands over.
 * At 1M, an entry walked costs ~0.7 µs and a match sorted ~0.6 µs, so for matches spread evenly
 * the two cost the same near 3,000 entries (a word with ~3,400 matches); a word whose matches
 * cluster ('el rincon de …') wastes the whole walk, which 20,000 entries made 14 ms of its 45.
 */
export const SORTED_SEARCH_WALK = 3_000;

/**
 * When a broad search sorted A-Z has to sort its matches (`matched` in sortedSearch), its page is
 * among the matches whose name sorts no later than the `top`-th lowest name of `found`: `found`
 * holds that many matches, so no match past that name can be among the first `top`. The bound
 * holds whatever order `found` was read in; the copy being laid out in name order is what makes it
 * tight (`found` then holds the first matches in name order, or close to them), and the copy's
 * BRIN index (migration 076) reads only the pages before it. Without it, 'el rincon' A-Z sorted
 * its ~50,000 matches. Z-A has no such set of late names at hand (the pages are read front to
 * back), nor has a page past `found`'s SEARCH_MATCH_CAP + 1 matches.
 */
function nameBound(
  by: DirectorySortField,
  direction: 'asc' | 'desc',
  top: number,
  topParam: string,
): string[] {
  if (by !== 'name' || direction !== 'asc' || top > SEARCH_MATCH_CAP + 1) return [];
  return [
    `name_key <= (select max(name_key) from (select name_key from found order by name_key, id limit ${topParam}) as first_found)`,
  ];
}

/**
 * A search in a chosen order and its total, in one statement. `found` counts the matches as in
 * searchBusinesses. When they are all known (up to SEARCH_MATCH_CAP), `few` sorts them. Past it,
 * `walk` reads the first SORTED_SEARCH_WALK entries of the sort's index (for names,
 * businesses_name_order covers the search text, so the walk never visits the table: migration
 * 049) and keeps the first `offset + limit` matches; when they are not all there, `matched` reads
 * the matches (A-Z by name: only those before nameBound's name) and keeps the first
 * `offset + limit` (a top-N sort in the materialized CTE: the copy has no index in a sort's order
 * to walk, and only those rows are kept, where keeping every match first wrote 50,000 rows of
 * 'rincon' to a temporary file). Each has a one-time condition, so only one of them runs.
 * `found`, `few` and `matched` read the narrow business_sort_keys (migration 073), not the wide
 * businesses rows; only the page's rows are read from businesses. `found` takes its matches from
 * `found_all`, a CTE planned with no limit, so that PostgreSQL reads them through the copy's
 * trigram index (a bitmap, then its blocks in order, stopping at SEARCH_MATCH_CAP + 1 rows): with
 * the limit in view it would scan the copy itself, which is in name order and so would read every
 * name before a word's cluster of matches ('donde …'). On businesses, that count took as long as
 * sorting the matches on the copy ('rincon', 'donde', 'asociados': 20–35 ms of 45–80).
 */
async function sortedSearch(
  db: Kysely<Database>,
  filters: DirectoryFilters & { search: string; sortBy: DirectorySortField },
  limit: number,
  offset: number,
): Promise<DirectoryPage> {
  const p = new SqlParameters();
  const search = searchConditions(filters.search, p);
  const others = conditions({ ...filters, search: undefined }, p);
  const matches = [...search, ...others];
  const direction = filters.sortOrder === 'desc' ? 'desc' : 'asc';
  const order = sortOrder(filters.sortBy, direction);
  const keys = SORT_KEYS[filters.sortBy]('');
  const keyColumns = keys.map((key, i) => `${key} as k${i}`).join(', ');
  const copyKeys = sortKeysOfCopy(filters.sortBy);
  const copyKeyColumns = copyKeys.map((key, i) => `${key} as k${i}`).join(', ');
  const copyOrder = copyKeys.map((key) => `${key} ${direction}`).join(', ');
  const keyOrder = keys.map((_, i) => `k${i} ${direction}`).join(', ');
  const window = `limit ${p.param(limit)} offset ${p.param(offset)}`;
  const top = p.param(offset + limit);
  const cap = SEARCH_MATCH_CAP;
  const bound = nameBound(filters.sortBy, direction, offset + limit, top);
  const broad = `(select count(*) from found) > ${cap}`;
  const text = `
    with found_all as materialized (
      select id, name_key from business_sort_keys ${whereClause(matches)}
    ),
    found as materialized (
      select id, name_key from found_all limit ${cap + 1}
    ),
    few as (
      select id from business_sort_keys
       where id in (select id from found) and (select count(*) from found) <= ${cap}
       order by ${copyOrder} ${window}
    ),
    walk as materialized (
      select id, ${keys.map((_, i) => `k${i}`).join(', ')} from (
        select id, search_text, ${keyColumns} from businesses ${whereClause([...others, broad])}
         order by ${order} limit ${SORTED_SEARCH_WALK}
      ) as walked ${whereClause(search)}
       limit ${top}
    ),
    matched as materialized (
      select id, ${copyKeyColumns} from business_sort_keys
       ${whereClause([...matches, ...bound, broad, `(select count(*) from walk) < ${top}`])}
       order by ${copyOrder} limit ${top}
    ),
    many as (
      (select id from walk order by ${keyOrder} ${window})
      union all
      (select id from matched order by ${keyOrder} ${window})
    )
    select ${DIRECTORY_COLUMNS.map((column) => `sorted_page.${column}`).join(', ')}, totals.matched
      from (select count(*)::int from found) as totals(matched)
      left join lateral (
        select ${DIRECTORY_COLUMNS.map((column) => `b.${column}`).join(', ')} from businesses as b
         where b.id in (select id from few union all select id from many)
      ) as sorted_page on true
     order by ${sortOrder(filters.sortBy, direction, 'sorted_page')}`;
  return searchPage(db, p.compiled<SearchRow>(text));
}

export async function searchBusinesses(
  db: Kysely<Database>,
  filters: DirectoryFilters & { search: string },
  limit: number,
  offset: number,
): Promise<DirectoryPage> {
  if (filters.sortBy) return sortedSearch(db, { ...filters, sortBy: filters.sortBy }, limit, offset);
  const p = new SqlParameters();
  const where = whereClause(conditions(filters, p));
  const others = conditions({ ...filters, search: undefined }, p);
  const prefix = `f_search_text(${p.param(escapeLike(filters.search))}) || '%'`;
  const term = `f_search_text(${p.param(filters.search)})`;
  const top = p.param(offset + limit);
  const pool = p.param(Math.max(SEARCH_RANK_POOL, offset + limit));
  const rankKeys = (name: string) =>
    `${name} like ${prefix} as name_starts, similarity(${name}, ${term}) as alike`;
  const columns = (table: string) => DIRECTORY_COLUMNS.map((column) => `${table}.${column}`).join(', ');
  const text = `
    with found as materialized (
      select id, ${RANK_NAME} as rank_name, registration_date
        from businesses ${where} limit ${SEARCH_MATCH_CAP + 1}
    ),
    ranked as (
      select id, ${rankKeys('rank_name')}, registration_date
        from (select * from found limit ${pool}) as pool
       order by ${BY_RANK} limit ${top}
    ),
    starts as (
      select id, ${rankKeys(RANK_NAME)}, registration_date from businesses
       ${whereClause([...others, `f_search_text(business_name) like ${prefix}`])}
         and (select count(*) from found) > ${pool}
       limit ${top}
    ),
    page as (
      select * from ranked union select * from starts
       order by ${BY_RANK} limit ${p.param(limit)} offset ${p.param(offset)}
    )
    select ${columns('ranked_page')}, totals.matched
      from (select count(*)::int from found) as totals(matched)
      left join lateral (
        select ${columns('b')}, page.name_starts, page.alike
          from page join businesses as b on b.id = page.id
      ) as ranked_page on true
     order by ranked_page.name_starts desc, ranked_page.alike desc,
              ranked_page.registration_date desc, ranked_page.id desc`;
  return searchPage(db, p.compiled<SearchRow>(text));
}
