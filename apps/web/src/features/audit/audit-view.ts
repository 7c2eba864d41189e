// The audit view in the URL (DESIGN §9): ?personal=&accion=&registro=&desde=&hasta=&orden=&sentido=&filas=&pagina=

import { STAFF_ACTION_LABELS } from '@portal/contract/staff-audit';
import { staffFilterQuery } from '../../lib/actor-name.ts';
import { parseCalendarDate } from '../../lib/calendar-date.ts';
import { dayInstant, FILTER_DAY } from '../../lib/filter-days.ts';
import { pageSizesWith } from '../../ui/page-size-select.tsx';
import type { AuditFilterQuery } from './api/staff-audit-api.ts';

export interface AuditFilters {
  staff: string;
  action: string;
  registry: string;
  dateFrom: string;
  dateTo: string;
}

/** Contract STAFF_AUDIT_SORT_FIELDS; without a sort, newest first. */
export type AuditSortBy = 'created_at' | 'staff' | 'action';
export const AUDIT_SORT_OPTIONS: { value: AuditSortBy; label: string }[] = [
  { value: 'created_at', label: 'Fecha' },
  { value: 'staff', label: 'Miembro del personal' },
  { value: 'action', label: 'Acción' },
];
export const AUDIT_DEFAULT_ORDER: Record<AuditSortBy, 'asc' | 'desc'> = {
  created_at: 'desc',
  staff: 'asc',
  action: 'asc',
};
export const AUDIT_DEFAULT_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZES = pageSizesWith(AUDIT_DEFAULT_PAGE_SIZE);

export interface AuditSort {
  sortBy: AuditSortBy;
  sortOrder: 'asc' | 'desc';
  pageSize: number;
}

export interface AuditView extends AuditFilters, AuditSort {
  page: number;
}

function readAuditSort(params: URLSearchParams): AuditSort {
  const sortBy =
    AUDIT_SORT_OPTIONS.find((option) => option.value === params.get('orden'))?.value ?? 'created_at';
  const order = params.get('sentido');
  const size = Number(params.get('filas'));
  return {
    sortBy,
    sortOrder: order === 'asc' || order === 'desc' ? order : AUDIT_DEFAULT_ORDER[sortBy],
    pageSize: AUDIT_PAGE_SIZES.includes(size) ? size : AUDIT_DEFAULT_PAGE_SIZE,
  };
}

const isDefaultAuditSort = (sort: AuditSort) => sort.sortBy === 'created_at' && sort.sortOrder === 'desc';

/** The list call's sort (nothing for newest first). */
export const toAuditSort = (sort: AuditSort): { sort_by?: AuditSortBy; sort_order?: 'asc' | 'desc' } =>
  isDefaultAuditSort(sort) ? {} : { sort_by: sort.sortBy, sort_order: sort.sortOrder };

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  staff: '',
  action: '',
  registry: '',
  dateFrom: '',
  dateTo: '',
};

const PARAMS: Record<keyof AuditFilters, string> = {
  staff: 'personal',
  action: 'accion',
  registry: 'registro',
  dateFrom: 'desde',
  dateTo: 'hasta',
};

export function readAuditView(params: URLSearchParams): AuditView {
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  const filters = { ...EMPTY_AUDIT_FILTERS };
  for (const key of Object.keys(PARAMS) as (keyof AuditFilters)[])
    filters[key] = params.get(PARAMS[key]) ?? '';
  // A link's day that is no day ('2026-13-45') or an action the audit does not know is left out, as
  // the form could not have applied it, instead of asking the server for it.
  for (const key of ['dateFrom', 'dateTo'] as const) {
    if (!FILTER_DAY.test(filters[key]) || !parseCalendarDate(filters[key])) filters[key] = '';
  }
  if (!Object.hasOwn(STAFF_ACTION_LABELS, filters.action)) filters.action = '';
  return { ...filters, ...readAuditSort(params), page: Number.isFinite(page) && page > 1 ? page : 1 };
}

/** The params with the view written in; other params (the dashboard's ?tab=) are kept. */
export function writeAuditView(params: URLSearchParams, view: AuditView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(PARAMS) as (keyof AuditFilters)[]) {
    const value = view[key].trim();
    if (value) next.set(PARAMS[key], value);
    else next.delete(PARAMS[key]);
  }
  const sorted = !isDefaultAuditSort(view);
  for (const [name, value] of [
    ['orden', sorted ? view.sortBy : ''],
    ['sentido', sorted ? view.sortOrder : ''],
    ['filas', view.pageSize === AUDIT_DEFAULT_PAGE_SIZE ? '' : String(view.pageSize)],
  ] as const) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (view.page > 1) next.set('pagina', String(view.page));
  else next.delete('pagina');
  return next;
}

export function toAuditQuery(filters: AuditFilters): AuditFilterQuery {
  const query: AuditFilterQuery = {};
  if (filters.staff.trim()) query.staff = staffFilterQuery(filters.staff);
  if (filters.action) query.action = filters.action;
  if (filters.registry.trim()) query.registry = filters.registry.trim().toUpperCase();
  if (filters.dateFrom) query.date_from = dayInstant(filters.dateFrom, false);
  if (filters.dateTo) query.date_to = dayInstant(filters.dateTo, true);
  return query;
}

export const isFiltered = (filters: AuditFilters) => Object.keys(toAuditQuery(filters)).length > 0;

export const datesInOrder = (filters: AuditFilters) =>
  !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo;
