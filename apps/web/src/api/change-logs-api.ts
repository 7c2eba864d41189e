// SPEC §7 "Change logs": a business's change history, a page at a time, and its CSV export.
import { type ExportFormat, exportFileName } from '@portal/contract/export-files';
import { LIMITS } from '@portal/contract/limits';
import { type DownloadOptions, downloadFile } from './download.ts';
import { apiRequest, staffPath } from './http-client.ts';

/** One history row (SPEC §3 "Change log"); dates arrive as ISO strings. */
export interface ChangeLog {
  log_id: number;
  business_id: number;
  business_registry_number: string;
  operation_type: string;
  changed_column: string | null;
  old_value: string | null;
  new_value: string | null;
  changed_at: string;
  changed_by: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

/** Figures over the business's whole history (not narrowed by the filters). */
export interface ChangeLogStats {
  total_logs: number;
  update_operations: number;
  insert_operations: number;
  delete_operations: number;
  /** Changes in the last 24 hours. */
  recent_changes: number;
}

export interface ChangeLogPage {
  change_logs: ChangeLog[];
  /** Rows matching the filters. */
  total_count: number;
  has_more: boolean;
  stats: ChangeLogStats;
}

export interface ChangeLogFilters {
  operation_type?: 'INSERT' | 'UPDATE' | 'DELETE';
  changed_column?: string;
}

const path = (registry: string, tail = '') =>
  staffPath(
    `/business-change-logs/api/v1/business-change-logs/registry/${encodeURIComponent(registry)}${tail}`,
  );

export function listChangeLogs(
  registry: string,
  filters: ChangeLogFilters,
  page: { limit?: number; offset: number },
  signal?: AbortSignal,
): Promise<ChangeLogPage> {
  return apiRequest<ChangeLogPage>(path(registry), {
    query: { ...filters, limit: page.limit ?? LIMITS.historyPageSize, offset: page.offset },
    signal,
  });
}

/** Saves the history as CSV or XLSX (SPEC §9: up to 10,000 rows; the name holds the registry number and date). */
export async function exportChangeLogs(
  registry: string,
  filters: ChangeLogFilters,
  options: { format: ExportFormat } & DownloadOptions,
): Promise<string> {
  const { format, ...download } = options;
  const filename = exportFileName(['historial', registry], format);
  await downloadFile(path(registry, '/export'), filename, { query: { ...filters, format }, ...download });
  return filename;
}
