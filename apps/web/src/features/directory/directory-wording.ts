// What the directory says about its counts, pages, rows and export file. A capped total (a search
// past the server's exact-count limit) is never shown as an exact number.

import { shownSpan } from '../../lib/plural.ts';
import { formatCount } from '../../lib/size-label.ts';
import type { DirectorySortBy, DirectorySortField, DirectorySortOrder, Narrowing } from './directory-view.ts';

// Shared with the other screens' exports (lib/size-label.ts): made on first use.
export { formatCount, sizeLabel } from '../../lib/size-label.ts';

export interface CountInfo {
  total: number;
  capped: boolean;
}

/** '1,234', or '1,000+' when the server only says "at least". */
export const totalLabel = ({ total, capped }: CountInfo): string =>
  capped ? `${formatCount(total)}+` : formatCount(total);

export const DIRECTORY_TITLE = 'Directorio de Negocios';

const ORDER_LABELS: Record<DirectorySortField, Record<DirectorySortOrder, string>> = {
  name: { asc: 'Nombre A–Z', desc: 'Nombre Z–A' },
  registration_date: { asc: 'Más antiguos primero', desc: 'Más recientes primero' },
  verification: { asc: 'Sin verificar primero', desc: 'Verificados primero' },
};

/** The order the list shows, in words: 'Nombre A–Z', 'Más recientes primero', 'Relevancia'. */
export function orderLabel(sort: { sortBy: DirectorySortBy; sortOrder: DirectorySortOrder }): string {
  return sort.sortBy === 'relevance' ? 'Relevancia' : ORDER_LABELS[sort.sortBy][sort.sortOrder];
}

/** What the rows match, in words: 'la búsqueda', 'los filtros' or both. */
const MATCHED: Record<Exclude<Narrowing, 'none'>, string> = {
  search: 'la búsqueda',
  filters: 'los filtros',
  both: 'la búsqueda y los filtros',
};

/** The button that takes back what narrows the list. */
export const CLEAR_LABELS: Record<Exclude<Narrowing, 'none'>, string> = {
  search: 'Ver todos los negocios',
  filters: 'Limpiar filtros',
  both: 'Limpiar búsqueda y filtros',
};

/** Nothing matches: what to try, for the search, the filters or both. */
export const NO_MATCHES: Record<Exclude<Narrowing, 'none'>, string> = {
  search: 'Ningún negocio coincide con la búsqueda. Pruebe con otras palabras.',
  filters: 'Ningún negocio coincide con los filtros. Quite algún filtro.',
  both: 'Ningún negocio coincide con la búsqueda y los filtros. Pruebe con otras palabras o quite algún filtro.',
};

/** The directory's subtitle: what it lists, then in which order. */
export function directoryDescription(
  narrowing: Narrowing,
  sort: { sortBy: DirectorySortBy; sortOrder: DirectorySortOrder },
): string {
  const what =
    narrowing === 'none'
      ? 'Todos los negocios registrados'
      : `Negocios que coinciden con ${MATCHED[narrowing]}`;
  return `${what}. Orden: ${orderLabel(sort)}.`;
}

/** SPEC §2: 'Directorio de Negocios', or 'Resultados (n)' once a search or filter narrows it. */
export function resultsTitle(narrowed: boolean, count: CountInfo | null): string {
  if (!narrowed) return DIRECTORY_TITLE;
  return count ? `Resultados (${totalLabel(count)})` : 'Resultados';
}

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** 'Mostrando 11-20 de 1,234' / 'Mostrando 1-10 de más de 1,000'. */
export function rangeText(page: number, pageSize: number, shown: number, count: CountInfo): string {
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  const of = count.capped ? `más de ${formatCount(count.total)}` : formatCount(count.total);
  return `Mostrando ${shownSpan(first, last)} de ${of}`;
}

/** 'Página 2 de 13' / 'Página 2 de más de 100'. */
export function pageText(page: number, pages: number, capped: boolean): string {
  return `Página ${formatCount(page)} de ${capped ? 'más de ' : ''}${formatCount(pages)}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** SPEC §9: the file name carries the date (the browser's day); .csv or .xlsx. */
export function exportFileName(date: Date = new Date(), extension: 'csv' | 'xlsx' = 'csv'): string {
  return `directorio-negocios_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.${extension}`;
}
