// SPEC §7 "Business data": the directory's calls, under /admin or /master by login type.
import type { ExportFormat } from '@portal/contract/export-files';
import { LIMITS } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import { type DownloadOptions, downloadFile } from './download.ts';
import { ifMatch } from './edit-conflict.ts';
import { apiRequest, staffPath } from './http-client.ts';

/** One directory row as the list and lookups return it (SPEC §3 "Business (directory row)"). */
export interface BusinessRow {
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
  business_created_at: string;
  registration_date: string;
  /** The version the row shows, sent back as If-Match by its edits. */
  version?: string;
}

/** The list's filters as the server reads them (contract `BusinessListQuery`); dates are ISO. */
export interface BusinessFilterQuery {
  search?: string;
  category?: string;
  verified_email?: boolean;
  verified_phone?: boolean;
  date_from?: string;
  date_to?: string;
  /** The order; absent: newest first (a search: by relevance). */
  sort_by?: 'name' | 'registration_date' | 'verification';
  sort_order?: 'asc' | 'desc';
}

export interface BusinessListAnswer {
  businesses: BusinessRow[];
  total_count: number;
  /** True when a search matched more than the server counts exactly; `total_count` is then the cap. */
  total_count_capped?: boolean;
}

export interface BusinessStats {
  total_businesses: number;
  verified_businesses: number;
  partially_verified_businesses: number;
  unverified_businesses: number;
  recent_registrations: number;
  /** Every category in use, most businesses first. */
  categories: { category: string; count: number }[];
}

const path = (tail = '') => staffPath(`/business-data/api/v1/business-data${tail}`);

export function listBusinesses(
  filters: BusinessFilterQuery,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<BusinessListAnswer> {
  return apiRequest<BusinessListAnswer>(path(), {
    query: { ...filters, ...page },
    fallbackMessage: MSG.failedFetchBusinesses,
    signal,
  });
}

export async function getBusinessStats(signal?: AbortSignal): Promise<BusinessStats> {
  const answer = await apiRequest<{ stats: BusinessStats }>(path('/stats'), { signal });
  return answer.stats;
}

/**
 * Saves every business matching `filters` as CSV or XLSX: up to 10,000 rows (SPEC §9), or every
 * match with `all` (the master only).
 */
export function exportBusinesses(
  filters: BusinessFilterQuery,
  filename: string,
  options: { format: ExportFormat; all: boolean } & DownloadOptions,
): Promise<void> {
  const { format, all, ...download } = options;
  return downloadFile(path('/export'), filename, {
    query: { ...filters, limit: LIMITS.exportMaxRows, format, ...(all ? { all: true } : {}) },
    ...download,
  });
}

/** The fields 'Editar datos' may change; only those that changed are sent. */
export interface BusinessEdit {
  business_name?: string;
  business_owner?: string;
  business_phone?: string;
  business_category?: string | null;
  business_description?: string | null;
  business_address?: string | null;
  business_year?: number | null;
}

/** PATCH the business; answers it as a lookup does. A change since `version` is a 412 (edit-conflict.ts). */
export async function updateBusiness(
  registry: string,
  changes: BusinessEdit,
  version?: string,
): Promise<BusinessRow> {
  const answer = await apiRequest<{ business: BusinessRow }>(
    path(`/registry/${encodeURIComponent(registry)}`),
    { method: 'PATCH', body: changes, headers: ifMatch(version) },
  );
  return answer.business;
}
