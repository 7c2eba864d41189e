// The directory's view (search, filters, page) <-> the URL query (DESIGN §9: list state lives in
// the URL), and the view -> the list call's filters.

import { LIMITS } from '@portal/contract/limits';
import type { BusinessFilterQuery } from '../../api/business-data-api.ts';

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

export interface DirectoryView extends DirectoryFilters {
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
} as const satisfies Record<keyof DirectoryView, string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const verified = (value: string | null): VerifiedFilter =>
  value === 'verificado' || value === 'no-verificado' ? value : '';

/** A real calendar day written YYYY-MM-DD ('2025-02-30' is not one), else ''. */
function day(value: string | null): string {
  if (!value || !DAY.test(value)) return '';
  const date = localDay(value, false);
  const [year, month, dayOfMonth] = value.split('-').map(Number);
  return date.getFullYear() === year && date.getMonth() + 1 === month && date.getDate() === dayOfMonth
    ? value
    : '';
}

export function readView(params: URLSearchParams): DirectoryView {
  const page = Number(params.get(VIEW_PARAMS.page));
  return {
    search: (params.get(VIEW_PARAMS.search) ?? '').trim().slice(0, LIMITS.text.name),
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
    const value = key === 'page' ? (view.page > 1 ? String(view.page) : '') : String(view[key]).trim();
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

/** A search or a filter narrows the directory: the title becomes 'Resultados (n)'. */
export const isNarrowed = (view: DirectoryView): boolean =>
  effectiveSearch(view.search) !== '' || activeFilterCount(view) > 0;

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
  if (view.dateFrom) query.date_from = localDay(view.dateFrom, false).toISOString();
  if (view.dateTo) query.date_to = localDay(view.dateTo, true).toISOString();
  return query;
}

/**
 * SPEC §5: 'Fecha Desde' not after 'Fecha Hasta'. Both are YYYY-MM-DD, so text order is date order
 * (the contract's list-filters would bring zod into the directory's first load).
 */
export const datesAreInOrder = (filters: DirectoryFilters): boolean =>
  !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo;
