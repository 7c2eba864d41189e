// A business's directory row, lookups and the directory's stats. Pages, searches and the
// export are in directory.repository.ts.

import type { BusinessFilters } from '@portal/contract/business-data';
import { nationalDigits } from '@portal/contract/phone';
import { Business } from '@portal/contract/responses';
import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';

/** A directory row's columns: the Business record less what toDirectoryRow derives. */
export const DIRECTORY_COLUMNS = recordColumns('businesses', Business, [
  'business_owner_name',
  'business_creation_date',
  'verification_status',
]);

type DirectoryColumns = Pick<Selectable<Database['businesses']>, (typeof DIRECTORY_COLUMNS)[number]>;
type Timestamps = 'business_created_at' | 'registration_date';

/** A directory row; a page's timestamps may come as their ISO 8601 text (db/iso-timestamps.ts). */
export type DirectoryRecord = Omit<DirectoryColumns, Timestamps> & Record<Timestamps, Date | string>;

export type DirectoryFilters = Omit<BusinessFilters, 'limit' | 'offset'>;

/** Escapes LIKE wildcards so typed text matches literally (backslash is LIKE's default escape). */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const PHONE_TYPED = /^[\d\s()+.-]+$/;

/** Quotation marks around a word ("cafe", «cafe», “cafe”): how people quote, not part of a name. */
const QUOTES_AROUND = /^["“”«»]+|["“”«»]+$/g;

/**
 * The words a search must all contain. A search typed like a phone number, e.g. '(787) 555-1234'
 * or '+1 787 555 1234', becomes its ten digits (contract nationalDigits), as phones are stored.
 */
export function searchWords(search: string): string[] {
  if (PHONE_TYPED.test(search)) {
    const digits = nationalDigits(search);
    const written = /[\s()+.-]/.test(search) || digits.length < search.length;
    if (written && digits.length >= 2) return [digits];
  }
  return search
    .split(/\s+/)
    .map((word) => word.replace(QUOTES_AROUND, ''))
    .filter((word) => word !== '');
}

/**
 * Bits of business_counts.grouping_set (migration 025): GROUPING(category, year, verified_email,
 * verified_phone). A set bit means "any value" for that column.
 */
export const GROUPING_BITS = {
  business_category: 8,
  business_year: 4,
  verified_email: 2,
  verified_phone: 1,
} as const;

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

/**
 * Totals by verification from business_counts; only the recent registrations are counted. The
 * text starts with `select`, so the pool prepares it (postgres-pool.ts isPreparable).
 */
export const businessStatsQuery = (since: Date) =>
  sql<BusinessStatsRow>`
    select coalesce(sum(n), 0)::int as total_businesses,
           coalesce(sum(n) filter (where verified_email and verified_phone), 0)::int as verified_businesses,
           coalesce(sum(n) filter (where verified_email <> verified_phone), 0)::int as partially_verified_businesses,
           coalesce(sum(n) filter (where not verified_email and not verified_phone), 0)::int as unverified_businesses,
           (select count(*) from businesses where registration_date >= ${since})::int as recent_registrations
      from business_counts
     where grouping_set = ${GROUPING_BITS.business_category | GROUPING_BITS.business_year}`;

export async function businessStats(db: Kysely<Database>, since: Date): Promise<BusinessStatsRow> {
  const result = await businessStatsQuery(since).execute(db);
  return result.rows[0]!;
}

export async function categoryCounts(db: Kysely<Database>): Promise<{ category: string; count: number }[]> {
  const result = await sql<{ category: string; count: number }>`
    select business_category as category, n::int as count from business_counts
     where grouping_set = ${GROUPING_BITS.business_year | GROUPING_BITS.verified_email | GROUPING_BITS.verified_phone}
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
