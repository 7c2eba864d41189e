import { STAFF_AUDIT_PAGE_SIZE } from '@portal/contract/staff-audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditFilterQuery, listStaffActions } from './staff-audit-api.ts';

export const AUDIT_PAGE_SIZE = STAFF_AUDIT_PAGE_SIZE;

export const staffAuditKeys = {
  all: ['staff-audit'] as const,
  page: (filters: AuditFilterQuery, page: number) => ['staff-audit', 'page', filters, page] as const,
};

/** A page of the audit log; the previous page stays on screen while the next one loads. */
export function useStaffActions(filters: AuditFilterQuery, page: number) {
  return useQuery({
    queryKey: staffAuditKeys.page(filters, page),
    queryFn: ({ signal }) =>
      listStaffActions(filters, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
