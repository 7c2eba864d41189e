// The staff audit log calls (master only): a page with filters, and the CSV of the same filters.
import { type ExportFormat, exportFileName } from '@portal/contract/export-files';
import { STAFF_AUDIT_PATH, type StaffActionPage } from '@portal/contract/staff-audit';
import { type DownloadOptions, downloadFile } from '../../../api/download.ts';
import { apiRequest } from '../../../api/http-client.ts';

export interface AuditFilterQuery {
  staff?: string;
  action?: string;
  registry?: string;
  date_from?: string;
  date_to?: string;
  sort_by?: 'created_at' | 'staff' | 'action';
  sort_order?: 'asc' | 'desc';
}

export function listStaffActions(
  filters: AuditFilterQuery,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<StaffActionPage> {
  return apiRequest<StaffActionPage>(STAFF_AUDIT_PATH, { query: { ...filters, ...page }, signal });
}

/** Saves the audit rows of `filters` as CSV or XLSX (up to 10,000); answers the file's name. */
export async function exportStaffActions(
  filters: AuditFilterQuery,
  options: { format: ExportFormat } & DownloadOptions,
): Promise<string> {
  const { format, ...download } = options;
  const filename = exportFileName(['auditoria'], format);
  await downloadFile(`${STAFF_AUDIT_PATH}/export`, filename, { query: { ...filters, format }, ...download });
  return filename;
}
