// Directory rules: the row shape of SPEC §3 (with its derived verification status), lookups
// that answer 404, stats, and the streamed exports (CSV and XLSX).

import { businessColumnLabel, verificationLabel, yesNo } from '@portal/contract/business-columns';
import {
  BUSINESS_CSV_HEADERS,
  type BusinessExportFilters,
  type BusinessFilters,
} from '@portal/contract/business-data';
import { CSV_BOM, csvRow } from '@portal/contract/csv';
import { verificationStatusOf } from '@portal/contract/enums';
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { sheetColumns } from '../../http/row-export.ts';
import { type SheetCell, xlsxChunks } from '../../http/xlsx-stream.ts';
import * as repo from './business-data.repository.ts';
import * as directory from './directory.repository.ts';
import { directoryCsvSelect, exportTotal, streamBusinesses } from './directory-export.repository.ts';

const RECENT_DAYS = 30;
const LATEST_COUNT = 10;

/**
 * SPEC §3 directory row: the stored fields plus the names the portal also reads. Written out
 * field by field: a spread (`{ ...record, extra }`) gave every row an object shape of its own,
 * which cost ~4 µs a row here and slowed the serializer's reads of it.
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
    version: record.version,
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

/** The keys a business is found by, one at a time. */
export type BusinessKey = 'id' | 'email' | 'phone' | 'registry';

export async function findBusiness(db: Kysely<Database>, by: BusinessKey, value: string | number) {
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

/** The directory sheet's columns: BUSINESS_CSV_HEADERS, each with its kind of cell. */
const SHEET_COLUMNS = sheetColumns(BUSINESS_CSV_HEADERS, {
  ID: 'int',
  [businessColumnLabel('business_year')]: 'int',
  [businessColumnLabel('verified_email')]: 'yesNo',
  [businessColumnLabel('verified_phone')]: 'yesNo',
  [businessColumnLabel('registration_date')]: 'date',
});

/** The rows an export sends: at most `limit` from `offset`, or every match from it with `all`. */
const exportLimit = (filters: BusinessExportFilters) => (filters.all ? null : filters.limit);

const whereOf = ({ limit: _l, offset: _o, format: _f, all: _a, ...where }: BusinessExportFilters) => where;

/**
 * The export as CSV: the BOM and headers, then the rows as the database writes them (COPY, the
 * cells computed in its SELECT: directory-export.repository.ts).
 */
export async function* directoryCsv(
  handle: DatabaseHandle,
  filters: BusinessExportFilters,
): AsyncGenerator<string | Buffer> {
  yield CSV_BOM + csvRow(BUSINESS_CSV_HEADERS);
  yield* handle.copyCsv(directoryCsvSelect(whereOf(filters), exportLimit(filters), filters.offset));
}

/** The export as XLSX: the same rows and words as the CSV, typed for a spreadsheet. */
export function directoryXlsx(
  handle: DatabaseHandle,
  filters: BusinessExportFilters,
): AsyncGenerator<Buffer> {
  const records = streamBusinesses(handle.exportDb, whereOf(filters), exportLimit(filters), filters.offset);
  async function* rows(): AsyncGenerator<SheetCell[]> {
    for await (const record of records) {
      yield [
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
      ];
    }
  }
  return xlsxChunks('Negocios', SHEET_COLUMNS, rows());
}

/** The export in the format it asks for. */
export const directoryExport = (handle: DatabaseHandle, filters: BusinessExportFilters) =>
  filters.format === 'xlsx' ? directoryXlsx(handle, filters) : directoryCsv(handle, filters);

/** The number of rows the export sends, when cheap to know (the portal's progress). */
export const directoryExportTotal = (db: Kysely<Database>, filters: BusinessExportFilters) =>
  exportTotal(db, whereOf(filters), exportLimit(filters), filters.offset);
