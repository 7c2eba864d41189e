// The staff audit log calls (master only): a page with filters, and the CSV of the same filters.
import { csvFileName } from '@portal/contract/csv';
import { STAFF_AUDIT_PATH, type StaffActionPage } from '@portal/contract/staff-audit';
import { downloadFile } from '../../../api/download.ts';
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

export const auditExportFileName = () => csvFileName(['auditoria']);

export function exportStaffActionsCsv(
  filters: AuditFilterQuery,
  filename: string,
  options: { onProgress?: (bytes: number) => void } = {},
): Promise<void> {
  return downloadFile(`${STAFF_AUDIT_PATH}/export`, filename, { query: { ...filters }, ...options });
}
