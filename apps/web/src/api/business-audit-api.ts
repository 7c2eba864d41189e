// The business page's audit section: the staff audit list (master only) filtered by the
// registry number. Apart from business-page-api.ts: the contract's staff-audit module brings zod,
// which the page loads only when the section opens.
import { STAFF_AUDIT_PATH, type StaffActionPage } from '@portal/contract/staff-audit';
import { apiRequest } from './http-client.ts';

/** The staff actions whose target is this business, newest first. */
export function listBusinessStaffActions(
  registry: string,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<StaffActionPage> {
  return apiRequest<StaffActionPage>(STAFF_AUDIT_PATH, { query: { registry, ...page }, signal });
}
