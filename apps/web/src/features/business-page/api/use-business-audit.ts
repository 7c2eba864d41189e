import { STAFF_AUDIT_PAGE_SIZE } from '@portal/contract/staff-audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { listBusinessStaffActions } from '../../../api/business-audit-api.ts';
import { businessPageKeys } from './business-page-keys.ts';

/** The staff actions on this business (master only), 20 at a time; `fetchNextPage` loads more. */
export function useBusinessAudit(registry: string) {
  return useInfiniteQuery({
    queryKey: businessPageKeys.audit(registry),
    queryFn: ({ pageParam, signal }) =>
      listBusinessStaffActions(registry, { limit: STAFF_AUDIT_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.has_more ? pages.reduce((count, page) => count + page.staff_actions.length, 0) : undefined,
    staleTime: 0,
  });
}
