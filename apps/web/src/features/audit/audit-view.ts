// The audit view in the URL (DESIGN §9): ?personal=&accion=&registro=&desde=&hasta=&pagina=
import type { AuditFilterQuery } from './api/staff-audit-api.ts';

export interface AuditFilters {
  staff: string;
  action: string;
  registry: string;
  dateFrom: string;
  dateTo: string;
}

export interface AuditView extends AuditFilters {
  page: number;
}

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
  return { ...filters, page: Number.isFinite(page) && page > 1 ? page : 1 };
}

/** The params with the view written in; other params (the dashboard's ?tab=) are kept. */
export function writeAuditView(params: URLSearchParams, view: AuditView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(PARAMS) as (keyof AuditFilters)[]) {
    const value = view[key].trim();
    if (value) next.set(PARAMS[key], value);
    else next.delete(PARAMS[key]);
  }
  if (view.page > 1) next.set('pagina', String(view.page));
  else next.delete('pagina');
  return next;
}

export function toAuditQuery(filters: AuditFilters): AuditFilterQuery {
  const query: AuditFilterQuery = {};
  if (filters.staff.trim()) query.staff = filters.staff.trim();
  if (filters.action) query.action = filters.action;
  if (filters.registry.trim()) query.registry = filters.registry.trim().toUpperCase();
  if (filters.dateFrom) query.date_from = filters.dateFrom;
  if (filters.dateTo) query.date_to = filters.dateTo;
  return query;
}

export const isFiltered = (filters: AuditFilters) => Object.keys(toAuditQuery(filters)).length > 0;

export const datesInOrder = (filters: AuditFilters) =>
  !filters.dateFrom || !filters.dateTo || filters.dateFrom <= filters.dateTo;
