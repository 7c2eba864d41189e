// The list's state in the URL (DESIGN §9), next to the dashboard's own `tab`: ?estado=&buscar=&pagina=.
// No `estado` means the default filter, pending (SPEC §7); 'all' shows every admin.
import { LIMITS } from '@portal/contract/limits';
import type { AdminListParams } from '../../api/admin-accounts-api.ts';
import { useLatestSearchParams } from '../../lib/use-latest-search-params.ts';
import { pageSizesWith } from '../../ui/page-size-select.tsx';
import { isAdminStatus, type StatusFilter } from './admin-status.ts';

export const DEFAULT_STATUS_FILTER: StatusFilter = 'pending';
const KEYS = {
  status: 'estado',
  search: 'buscar',
  page: 'pagina',
  sortBy: 'orden',
  sortOrder: 'sentido',
  pageSize: 'filas',
} as const;

/** The sort fields offered (contract ADMIN_SORT_FIELDS: name, email, status, created_at). */
export type AdminSortBy = 'created_at' | 'name' | 'email' | 'status';
export const ADMIN_SORT_OPTIONS: { value: AdminSortBy; label: string }[] = [
  { value: 'created_at', label: 'Fecha de creación' },
  { value: 'name', label: 'Nombre' },
  { value: 'email', label: 'Email' },
  { value: 'status', label: 'Estado' },
];
const DEFAULT_ADMIN_ORDER: Record<AdminSortBy, 'asc' | 'desc'> = {
  created_at: 'desc',
  name: 'asc',
  email: 'asc',
  status: 'asc',
};
export const ADMIN_PAGE_SIZES = pageSizesWith(LIMITS.adminListPageSize);

function readSortBy(value: string | null): AdminSortBy {
  return ADMIN_SORT_OPTIONS.find((option) => option.value === value)?.value ?? 'created_at';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readStatus(value: string | null): StatusFilter {
  if (value === 'all' || isAdminStatus(value)) return value;
  return DEFAULT_STATUS_FILTER;
}

export function useApprovalFilters() {
  const [params, setParams] = useLatestSearchParams();
  const status = readStatus(params.get(KEYS.status));
  const search = params.get(KEYS.search) ?? '';
  const page = readPage(params.get(KEYS.page));
  const sortBy = readSortBy(params.get(KEYS.sortBy));
  const order = params.get(KEYS.sortOrder);
  const sortOrder = order === 'asc' || order === 'desc' ? order : DEFAULT_ADMIN_ORDER[sortBy];
  const size = Number(params.get(KEYS.pageSize));
  const pageSize = ADMIN_PAGE_SIZES.includes(size) ? size : LIMITS.adminListPageSize;

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
    page_size: pageSize,
    access_status: status === 'all' ? undefined : status,
    search: search.trim() || undefined,
    sort_by: sortBy,
    sort_order: sortOrder,
  };

  return {
    status,
    search,
    page,
    sortBy,
    sortOrder,
    pageSize,
    listParams,
    setSort: (by: AdminSortBy, direction?: 'asc' | 'desc') => {
      const next = direction ?? DEFAULT_ADMIN_ORDER[by];
      const plain = by === 'created_at' && next === 'desc';
      update({ sortBy: plain ? null : by, sortOrder: plain ? null : next, page: null });
    },
    setPageSize: (value: number) =>
      update({ pageSize: value === LIMITS.adminListPageSize ? null : String(value), page: null }),
    setStatus: (value: StatusFilter) =>
      update({ status: value === DEFAULT_STATUS_FILTER ? null : value, page: null }),
    /** Typing replaces the history entry instead of adding one per keystroke. */
    setSearch: (value: string) => update({ search: value.trim() ? value : null, page: null }, true),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
  };
}
