// A saved view's query (the server's list parameter names, as text) <-> the directory's view.
// Opening checks each key the way the contract's directory list does; what no longer validates
// (a category removed from the catalog) is dropped and named, so the rest still opens.

import { BUSINESS_CATEGORIES } from '@portal/contract/categories';
import { LIMITS } from '@portal/contract/limits';
import {
  DEFAULT_ORDER,
  DEFAULT_SORT,
  type DirectoryView,
  EMPTY_FILTERS,
  effectiveSearch,
  isPageSize,
  isSortOrder,
  requestedSort,
  SORT_OPTIONS,
  type VerifiedFilter,
} from './directory-view.ts';

export type SavedQuery = Record<string, string>;

/** The view as a saved query: only what narrows or orders it (never the page). */
export function toSavedQuery(view: DirectoryView): SavedQuery {
  const query: SavedQuery = {};
  const search = effectiveSearch(view.search);
  if (search) query.search = search;
  if (view.category) query.category = view.category;
  if (view.verifiedEmail) query.verified_email = String(view.verifiedEmail === 'verificado');
  if (view.verifiedPhone) query.verified_phone = String(view.verifiedPhone === 'verificado');
  if (view.dateFrom) query.date_from = view.dateFrom;
  if (view.dateTo) query.date_to = view.dateTo;
  const sort = requestedSort(view);
  if (sort) {
    query.sort_by = sort.sortBy;
    query.sort_order = sort.sortOrder;
  }
  if (view.pageSize !== DEFAULT_SORT.pageSize) query.limit = String(view.pageSize);
  return query;
}

export interface OpenedView {
  view: Omit<DirectoryView, 'page'>;
  /** What was left out, as a person reads it ('Se omitió el filtro Categoría: ya no existe.'). */
  dropped: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(value));

function verifiedOf(value: string): VerifiedFilter | null {
  if (value === 'true' || value === '1') return 'verificado';
  if (value === 'false' || value === '0') return 'no-verificado';
  return null;
}

const LABELS: Record<string, string> = {
  search: 'Búsqueda',
  category: 'Categoría',
  year: 'Año',
  verified_email: 'Email Verificado',
  verified_phone: 'Teléfono Verificado',
  date_from: 'Fecha Desde',
  date_to: 'Fecha Hasta',
  sort_by: 'Ordenar por',
  sort_order: 'Sentido del orden',
  limit: 'Filas por página',
};

const droppedText = (key: string, reason: string) =>
  `Se omitió ${key in LABELS ? `el filtro ${LABELS[key]}` : `el parámetro ${key}`}: ${reason}.`;

/** The view a saved query opens, and what of it was dropped. */
export function openSavedQuery(query: SavedQuery): OpenedView {
  const view: Omit<DirectoryView, 'page'> = { search: '', ...EMPTY_FILTERS, ...DEFAULT_SORT };
  const dropped: string[] = [];
  const invalid = (key: string) => dropped.push(droppedText(key, 'ya no es válido'));
  for (const [key, raw] of Object.entries(query)) {
    const value = raw.trim();
    switch (key) {
      case 'search':
        if (value.length >= LIMITS.searchMinLength && value.length <= LIMITS.text.name) view.search = value;
        else invalid(key);
        break;
      case 'category':
        if ((BUSINESS_CATEGORIES as readonly string[]).includes(value)) view.category = value;
        else dropped.push(droppedText(key, 'ya no existe'));
        break;
      case 'verified_email':
      case 'verified_phone': {
        const verified = verifiedOf(value);
        if (verified === null) invalid(key);
        else view[key === 'verified_email' ? 'verifiedEmail' : 'verifiedPhone'] = verified;
        break;
      }
      case 'date_from':
      case 'date_to':
        if (isDay(value)) view[key === 'date_from' ? 'dateFrom' : 'dateTo'] = value;
        else invalid(key);
        break;
      case 'sort_by': {
        const option = SORT_OPTIONS.find((candidate) => candidate.value === value);
        if (!option) {
          invalid(key);
          break;
        }
        view.sortBy = option.value;
        if (!isSortOrder(query.sort_order)) view.sortOrder = DEFAULT_ORDER[option.value];
        break;
      }
      case 'sort_order':
        if (isSortOrder(value)) view.sortOrder = value;
        else invalid(key);
        break;
      case 'limit':
        if (isPageSize(Number(value))) view.pageSize = Number(value);
        else invalid(key);
        break;
      default:
        // 'year' and anything else the directory screen has no control for.
        dropped.push(droppedText(key, 'el directorio no lo ofrece'));
    }
  }
  // No sort_by is the default order: relevance with a search (as readView reads a URL without one).
  if (!query.sort_by && effectiveSearch(view.search) !== '') view.sortBy = 'relevance';
  if (view.dateFrom && view.dateTo && view.dateFrom > view.dateTo) {
    view.dateFrom = '';
    view.dateTo = '';
    dropped.push('Se omitieron las fechas: Fecha Desde era posterior a Fecha Hasta.');
  }
  return { view, dropped };
}
