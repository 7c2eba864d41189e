// The list's state in the URL (DESIGN §9), next to the dashboard's own `tab`: ?estado=&buscar=&pagina=.
// No `estado` means the default filter, pending (SPEC §7); 'all' shows every admin.
import { LIMITS } from '@portal/contract/limits';
import { useSearchParams } from 'react-router';
import type { AdminListParams } from '../../api/admin-accounts-api.ts';
import { isAdminStatus, type StatusFilter } from './admin-status.ts';

export const DEFAULT_STATUS_FILTER: StatusFilter = 'pending';
const KEYS = { status: 'estado', search: 'buscar', page: 'pagina' } as const;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readStatus(value: string | null): StatusFilter {
  if (value === 'all' || isAdminStatus(value)) return value;
  return DEFAULT_STATUS_FILTER;
}

export function useApprovalFilters() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get(KEYS.status));
  const search = params.get(KEYS.search) ?? '';
  const page = readPage(params.get(KEYS.page));

  const update = (patch: Partial<Record<keyof typeof KEYS, string | null>>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch) as [keyof typeof KEYS, string | null][]) {
          if (value === null || value === '') next.delete(KEYS[key]);
          else next.set(KEYS[key], value);
        }
        return next;
      },
      { replace },
    );

  const listParams: AdminListParams = {
    page,
    page_size: LIMITS.adminListPageSize,
    access_status: status === 'all' ? undefined : status,
    search: search.trim() || undefined,
    sort_by: 'created_at',
    sort_order: 'desc',
  };

  return {
    status,
    search,
    page,
    listParams,
    setStatus: (value: StatusFilter) =>
      update({ status: value === DEFAULT_STATUS_FILTER ? null : value, page: null }),
    /** Typing replaces the history entry instead of adding one per keystroke. */
    setSearch: (value: string) => update({ search: value.trim() ? value : null, page: null }, true),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
  };
}
