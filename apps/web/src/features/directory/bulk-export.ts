// 'Exportar selección': the selected rows as the directory's CSV (its Spanish headers
// and cells: contract/business-data BUSINESS_CSV_HEADERS), written in the browser. Rows selected
// through 'Seleccionar los N resultados' were never shown: they are read from the search first.

import { BULK_MAX_BUSINESSES } from '@portal/contract/business-bulk';
import { verificationLabel, yesNo } from '@portal/contract/business-columns';
import { BUSINESS_CSV_HEADERS } from '@portal/contract/business-data';
import { toCsv } from '@portal/contract/csv';
import { type BusinessFilterQuery, type BusinessRow, listBusinesses } from '../../api/business-data-api.ts';
import { saveBlob } from '../../api/download.ts';

/** One CSV line of a row, in BUSINESS_CSV_HEADERS's order (the server's export writes the same). */
export const csvCells = (row: BusinessRow) => [
  row.id,
  row.business_registry_number,
  row.business_name,
  row.business_owner,
  row.business_email,
  row.business_phone,
  row.business_address ?? '',
  row.business_category ?? '',
  row.business_year ?? '',
  yesNo(row.verified_email),
  yesNo(row.verified_phone),
  verificationLabel(row.verified_email, row.verified_phone),
  row.registration_date,
];

/**
 * The selection's rows, in selection order: as the cached pages hold them now (`cached`), else as
 * they were selected; those never seen come from the search.
 */
export async function selectedRows(
  selected: ReadonlyMap<string, BusinessRow | null>,
  filters: BusinessFilterQuery,
  cached: ReadonlyMap<string, BusinessRow> = new Map(),
): Promise<BusinessRow[]> {
  let found: Map<string, BusinessRow> | null = null;
  if ([...selected].some(([registry, row]) => row === null && !cached.has(registry))) {
    const page = await listBusinesses(filters, { limit: BULK_MAX_BUSINESSES, offset: 0 });
    found = new Map(page.businesses.map((row) => [row.business_registry_number, row]));
  }
  const rows: BusinessRow[] = [];
  for (const [registry, row] of selected) {
    const known = cached.get(registry) ?? row ?? found?.get(registry);
    if (known) rows.push(known);
  }
  return rows;
}

export const selectionCsv = (rows: readonly BusinessRow[]): string =>
  toCsv(BUSINESS_CSV_HEADERS, rows.map(csvCells));

/** Saves `text` as a file the browser downloads. */
export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), filename);
}
