import { STAFF_AUDIT_PAGE_SIZE } from '@portal/contract/staff-audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditFilterQuery, listStaffActions } from './staff-audit-api.ts';

export const AUDIT_PAGE_SIZE = STAFF_AUDIT_PAGE_SIZE;

export const staffAuditKeys = {
  all: ['staff-audit'] as const,
  page: (filters: AuditFilterQuery, page: number) => ['staff-audit', 'page', filters, page] as const,
};

/** A page of the audit log; the previous page stays on screen while the next one loads. */
export function useStaffActions(filters: AuditFilterQuery, page: number, pageSize: number = AUDIT_PAGE_SIZE) {
  return useQuery({
    queryKey: staffAuditKeys.page({ ...filters, limit: pageSize } as AuditFilterQuery, page),
    queryFn: ({ signal }) =>
      listStaffActions(filters, { limit: pageSize, offset: (page - 1) * pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
