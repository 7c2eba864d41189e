// Directory rules: the row shape of SPEC §3 (with its derived verification status), lookups
// that answer 404, stats, and the streamed CSV export.

import { verificationLabel, yesNo } from '@portal/contract/business-columns';
import { BUSINESS_CSV_HEADERS, type BusinessFilters } from '@portal/contract/business-data';
import { CSV_BOM, csvRow } from '@portal/contract/csv';
import { verificationStatusOf } from '@portal/contract/enums';
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import * as repo from './business-data.repository.ts';
import * as directory from './directory.repository.ts';

const RECENT_DAYS = 30;
const LATEST_COUNT = 10;

/**
 * SPEC §3 directory row: the stored fields plus the names the portal also reads. Written out
 * field by field: a spread (`{ ...record, extra }`) gave every row an object shape of its own,
 * which cost ~4 µs a row here and slowed the serializer's reads of it (issue #15 profile).
 */
export function toDirectoryRow(record: repo.DirectoryRecord) {
  return {
    id: record.id,
    business_registry_number: record.business_registry_number,
    business_name: record.business_name,
    business_owner: record.business_owner,
    business_email: record.business_email,
    business_phone: record.business_phone,
    business_address: record.business_address,
    business_category: record.business_category,
    business_description: record.business_description,
    business_year: record.business_year,
    verified_email: record.verified_email,
    verified_phone: record.verified_phone,
    business_created_at: record.business_created_at,
    registration_date: record.registration_date,
    business_owner_name: record.business_owner,
    business_creation_date: record.business_created_at,
    verification_status: verificationStatusOf(record.verified_email, record.verified_phone),
  };
}

export async function listDirectory(db: Kysely<Database>, filters: BusinessFilters) {
  const { limit, offset, ...where } = filters;
  const page = where.search
    ? await directory.searchBusinesses(db, { ...where, search: where.search }, limit, offset)
    : await directory.listPage(db, where, limit, offset);
  return {
    businesses: page.records.map(toDirectoryRow),
    total_count: page.total,
    total_count_capped: page.capped,
  };
}

export async function findBusiness(
  db: Kysely<Database>,
  by: 'id' | 'email' | 'phone' | 'registry',
  value: string | number,
) {
  const record = await repo.findBusinessBy(db, by, value);
  if (!record) throw notFound(MSG.resourceNotFound);
  return toDirectoryRow(record);
}

export async function directoryStats(db: Kysely<Database>, now = new Date()) {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const [counts, categories, latest] = await Promise.all([
    repo.businessStats(db, since),
    repo.categoryCounts(db),
    repo.latestRegistrations(db, LATEST_COUNT),
  ]);
  return { ...counts, categories, latest_registrations: latest.map(toDirectoryRow) };
}

export async function categoriesInUse(db: Kysely<Database>): Promise<string[]> {
  const counts = await repo.categoryCounts(db);
  return counts.map((entry) => entry.category).sort((a, b) => a.localeCompare(b, 'es'));
}

const ROWS_PER_CHUNK = 200;

/** The export as CSV text chunks: BOM and headers, then rows as the cursor yields them. */
export async function* directoryCsv(db: Kysely<Database>, filters: BusinessFilters): AsyncGenerator<string> {
  const { limit, offset, ...where } = filters;
  yield CSV_BOM + csvRow(BUSINESS_CSV_HEADERS);
  let chunk = '';
  let rows = 0;
  for await (const record of directory.streamBusinesses(db, where, limit, offset)) {
    chunk += csvRow([
      record.id,
      record.business_registry_number,
      record.business_name,
      record.business_owner,
      record.business_email,
      record.business_phone,
      record.business_address,
      record.business_category,
      record.business_year,
      yesNo(record.verified_email),
      yesNo(record.verified_phone),
      verificationLabel(record.verified_email, record.verified_phone),
      record.registration_date,
    ]);
    rows += 1;
    if (rows % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
