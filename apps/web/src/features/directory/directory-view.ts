// The directory's view (search, filters, sort, page size, page) <-> the URL query (DESIGN §9: list state lives in
// the URL), and the view -> the list call's filters.

import { LIMITS } from '@portal/contract/limits';
import type { BusinessFilterQuery } from '../../api/business-data-api.ts';
import { dayInstant, FILTER_DAY } from '../../lib/filter-days.ts';

/** '' = Todos. */
export type VerifiedFilter = '' | 'verificado' | 'no-verificado';

export interface DirectoryFilters {
  category: string;
  verifiedEmail: VerifiedFilter;
  verifiedPhone: VerifiedFilter;
  /** YYYY-MM-DD (a calendar day in the browser's time zone) or ''. */
  dateFrom: string;
  dateTo: string;
}

/** The directory's sort fields (contract DIRECTORY_SORT_FIELDS; copied so zod stays out of the first load). */
export type DirectorySortField = 'name' | 'registration_date' | 'verification';
/** A field, or 'relevance': the server's ranking of a search (no sort sent), offered only with a search. */
export type DirectorySortBy = DirectorySortField | 'relevance';
export type DirectorySortOrder = 'asc' | 'desc';

export const SORT_OPTIONS: { value: DirectorySortField; label: string; url: string }[] = [
  { value: 'registration_date', label: 'Fecha de registro', url: 'fecha' },
  { value: 'name', label: 'Nombre', url: 'nombre' },
  { value: 'verification', label: 'Verificación', url: 'verificacion' },
];
export const RELEVANCE_OPTION = { value: 'relevance', label: 'Relevancia', url: 'relevancia' } as const;

/** 'Ordenar por' offers 'Relevancia' (first, the default) only while there is a search. */
export const sortOptionsFor = (searching: boolean): { value: DirectorySortBy; label: string }[] =>
  searching ? [RELEVANCE_OPTION, ...SORT_OPTIONS] : SORT_OPTIONS;

/** The order a field takes when it is picked (contract DIRECTORY_DEFAULT_ORDER). */
export const DEFAULT_ORDER: Record<DirectorySortField, DirectorySortOrder> = {
  name: 'asc',
  registration_date: 'desc',
  verification: 'desc',
};
/** The same, with relevance (which has no direction of its own) for the sort controls. */
export const CHOICE_ORDER: Record<DirectorySortBy, DirectorySortOrder> = {
  ...DEFAULT_ORDER,
  relevance: 'desc',
};
/** The page sizes offered (contract DIRECTORY_PAGE_SIZES); the first is the default (SPEC §9). */
export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = LIMITS.directoryPageSize;

export interface DirectorySort {
  sortBy: DirectorySortBy;
  sortOrder: DirectorySortOrder;
  pageSize: number;
}

/** Newest first, 10 rows: as the directory always was without a search. */
export const DEFAULT_SORT: DirectorySort = { sortBy: 'registration_date', sortOrder: 'desc', pageSize: 10 };
/** With a search, the default is the server's ranking. */
export const SEARCH_DEFAULT_SORT: DirectorySort = { ...DEFAULT_SORT, sortBy: 'relevance', sortOrder: 'desc' };

export interface DirectoryView extends DirectoryFilters, DirectorySort {
  search: string;
  page: number;
}

export const EMPTY_FILTERS: DirectoryFilters = {
  category: '',
  verifiedEmail: '',
  verifiedPhone: '',
  dateFrom: '',
  dateTo: '',
};

/** The URL's names; any other parameter (the dashboard's `tab`) is left alone. */
export const VIEW_PARAMS = {
  search: 'q',
  category: 'categoria',
  verifiedEmail: 'email',
  verifiedPhone: 'telefono',
  dateFrom: 'desde',
  dateTo: 'hasta',
  page: 'pagina',
  sortBy: 'orden',
  sortOrder: 'sentido',
  pageSize: 'filas',
} as const satisfies Record<keyof DirectoryView, string>;

const verified = (value: string | null): VerifiedFilter =>
  value === 'verificado' || value === 'no-verificado' ? value : '';

/** A real calendar day written YYYY-MM-DD ('2025-02-30' is not one), else ''. */
function day(value: string | null): string {
  if (!value || !FILTER_DAY.test(value)) return '';
  const date = localDay(value, false);
  const [year, month, dayOfMonth] = value.split('-').map(Number);
  return date.getFullYear() === year && date.getMonth() + 1 === month && date.getDate() === dayOfMonth
    ? value
    : '';
}

export const isSortOrder = (value: unknown): value is DirectorySortOrder =>
  value === 'asc' || value === 'desc';

export const isPageSize = (value: number): boolean => (PAGE_SIZES as readonly number[]).includes(value);

/** The sort a view starts with: relevance with a search, newest first without. */
const defaultSortFor = (searching: boolean) => (searching ? SEARCH_DEFAULT_SORT : DEFAULT_SORT);

/**
 * The sort in the URL; none (or relevance without a search) is the default of the search state.
 * Relevance is the server's order, so it has no direction of its own.
 */
function readSort(params: URLSearchParams, searching: boolean): DirectorySort {
  const field = SORT_OPTIONS.find((option) => option.url === params.get(VIEW_PARAMS.sortBy))?.value;
  const order = params.get(VIEW_PARAMS.sortOrder);
  const pageSize = Number(params.get(VIEW_PARAMS.pageSize));
  const size = isPageSize(pageSize) ? pageSize : DEFAULT_PAGE_SIZE;
  if (!field) return { ...defaultSortFor(searching), pageSize: size };
  return { sortBy: field, sortOrder: isSortOrder(order) ? order : DEFAULT_ORDER[field], pageSize: size };
}

/** Whether the view shows its default order (then no sort is sent and the URL names none). */
export function isDefaultSort(view: Pick<DirectoryView, 'search' | 'sortBy' | 'sortOrder'>): boolean {
  if (view.sortBy === 'relevance') return true;
  if (effectiveSearch(view.search) !== '') return false;
  return view.sortBy === DEFAULT_SORT.sortBy && view.sortOrder === DEFAULT_SORT.sortOrder;
}

/** The field and direction the server is asked for, or null for its default (newest first, or relevance). */
export function requestedSort(
  view: Pick<DirectoryView, 'search' | 'sortBy' | 'sortOrder'>,
): { sortBy: DirectorySortField; sortOrder: DirectorySortOrder } | null {
  if (isDefaultSort(view) || view.sortBy === 'relevance') return null;
  return { sortBy: view.sortBy, sortOrder: view.sortOrder };
}

/**
 * The URL text of each sort and size key; '' leaves the key out. A sort is left out when it is the
 * view's default, and also while it is still the one the URL implied without naming it: so typing
 * a search in a plain directory switches it to relevance, and a sort chosen stays chosen.
 */
function sortText(
  current: URLSearchParams,
  view: DirectoryView,
  key: 'sortBy' | 'sortOrder' | 'pageSize',
): string {
  if (key === 'pageSize') return view.pageSize === DEFAULT_PAGE_SIZE ? '' : String(view.pageSize);
  const sort = requestedSort(view);
  if (!sort) return '';
  if (!current.has(VIEW_PARAMS.sortBy)) {
    const implied = readSort(current, effectiveSearch(current.get(VIEW_PARAMS.search) ?? '') !== '');
    if (implied.sortBy === sort.sortBy && implied.sortOrder === sort.sortOrder) return '';
  }
  if (key === 'sortOrder') return sort.sortOrder;
  return SORT_OPTIONS.find((option) => option.value === sort.sortBy)?.url ?? '';
}

export function readView(params: URLSearchParams): DirectoryView {
  const page = Number(params.get(VIEW_PARAMS.page));
  const search = (params.get(VIEW_PARAMS.search) ?? '').trim().slice(0, LIMITS.text.name);
  return {
    ...readSort(params, effectiveSearch(search) !== ''),
    search,
    category: (params.get(VIEW_PARAMS.category) ?? '').trim().slice(0, LIMITS.text.category),
    verifiedEmail: verified(params.get(VIEW_PARAMS.verifiedEmail)),
    verifiedPhone: verified(params.get(VIEW_PARAMS.verifiedPhone)),
    dateFrom: day(params.get(VIEW_PARAMS.dateFrom)),
    dateTo: day(params.get(VIEW_PARAMS.dateTo)),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `current` with the view written over it; defaults are left out so a plain URL stays plain. */
export function writeView(current: URLSearchParams, view: DirectoryView): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.keys(VIEW_PARAMS) as (keyof DirectoryView)[]) {
    const name = VIEW_PARAMS[key];
    const value =
      key === 'page'
        ? view.page > 1
          ? String(view.page)
          : ''
        : key === 'sortBy' || key === 'sortOrder' || key === 'pageSize'
          ? sortText(current, view, key)
          : String(view[key]).trim();
    if (value === '') next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export const filtersOf = (view: DirectoryView): DirectoryFilters => ({
  category: view.category,
  verifiedEmail: view.verifiedEmail,
  verifiedPhone: view.verifiedPhone,
  dateFrom: view.dateFrom,
  dateTo: view.dateTo,
});

export function activeFilterCount(filters: DirectoryFilters): number {
  return (Object.keys(EMPTY_FILTERS) as (keyof DirectoryFilters)[]).filter((key) => filters[key] !== '')
    .length;
}

export const sameFilters = (a: DirectoryFilters, b: DirectoryFilters): boolean =>
  (Object.keys(EMPTY_FILTERS) as (keyof DirectoryFilters)[]).every((key) => a[key] === b[key]);

/** The server refuses shorter searches (SPEC §5), so one typed letter searches nothing yet. */
export const effectiveSearch = (search: string): string =>
  search.trim().length >= LIMITS.searchMinLength ? search.trim() : '';

/** What narrows the directory: a search, filters, both or nothing (then the title is 'Resultados (n)'). */
export type Narrowing = 'none' | 'search' | 'filters' | 'both';

export function narrowingOf(view: DirectoryView): Narrowing {
  const search = effectiveSearch(view.search) !== '';
  const filters = activeFilterCount(view) > 0;
  if (search) return filters ? 'both' : 'search';
  return filters ? 'filters' : 'none';
}

/** Midnight at the start of `day` (or the last millisecond of it) in the browser's time zone. */
function localDay(value: string, end: boolean): Date {
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  return end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date);
}

const booleanOf = (value: VerifiedFilter): boolean | undefined =>
  value === '' ? undefined : value === 'verificado';

/**
 * The list call's filters. Days are sent as instants of the browser's day, so 'Fecha Hasta' takes
 * in the whole day as the person sees it (a bare date would be read as a UTC day by the server).
 */
export function toFilterQuery(view: DirectoryView): BusinessFilterQuery {
  const query: BusinessFilterQuery = {};
  const search = effectiveSearch(view.search);
  if (search) query.search = search;
  if (view.category) query.category = view.category;
  const email = booleanOf(view.verifiedEmail);
  if (email !== undefined) query.verified_email = email;
  const phone = booleanOf(view.verifiedPhone);
  if (phone !== undefined) query.verified_phone = phone;
  if (view.dateFrom) query.date_from = dayInstant(view.dateFrom, false);
  if (view.dateTo) query.date_to = dayInstant(view.dateTo, true);
  const sort = requestedSort(view);
  if (sort) {
    query.sort_by = sort.sortBy;
    query.sort_order = sort.sortOrder;
  }
  return query;
}

/**
 * SPEC §5: 'Fecha Desde' not after 'Fecha Hasta'. Both are YYYY-MM-DD, so text order is date order
 * (the contract's list-filters would bring zod into the directory's first load).
 */
export const datesAreInOrder = (filters: DirectoryFilters): boolean =>
  !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo;
