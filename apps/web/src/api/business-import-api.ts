// Imports of businesses from a spreadsheet, under /admin or /master.
import type { BusinessImport, ImportRowResult } from '@portal/contract/responses';
import type { z } from 'zod';
import { downloadFile } from './download.ts';
import { apiRequest, staffPath } from './http-client.ts';

export type ImportRecord = z.infer<typeof BusinessImport>;
export type ImportRow = z.infer<typeof ImportRowResult>;
export type ImportMappingValue = Record<string, string | null>;

const path = (tail = '') => staffPath(`/business-import/api/v1/imports${tail}`);
/** An upload (20 MB) and a preview (100,000 rows) take longer than an ordinary call. */
const LONG_CALL_MS = 120_000;

export async function uploadImport(file: File): Promise<ImportRecord> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await apiRequest<{ import: ImportRecord }>(path(), {
    method: 'POST',
    body: form,
    timeoutMs: LONG_CALL_MS,
  });
  return answer.import;
}

export async function getImport(id: string, signal?: AbortSignal): Promise<ImportRecord> {
  return (await apiRequest<{ import: ImportRecord }>(path(`/${id}`), { signal })).import;
}

export async function listImports(signal?: AbortSignal): Promise<ImportRecord[]> {
  return (await apiRequest<{ imports: ImportRecord[] }>(path(), { signal })).imports;
}

export function previewImport(id: string, mapping: ImportMappingValue) {
  return apiRequest<{ import: ImportRecord; rows: ImportRow[] }>(path(`/${id}/preview`), {
    method: 'POST',
    body: { mapping },
    timeoutMs: LONG_CALL_MS,
  });
}

/** `mapping`: the one previewed; the server refuses the start (409) if another was previewed since. */
export async function commitImport(
  id: string,
  sendOwnerAccess: boolean,
  mapping?: ImportMappingValue,
): Promise<ImportRecord> {
  const answer = await apiRequest<{ import: ImportRecord }>(path(`/${id}/commit`), {
    method: 'POST',
    body: { send_owner_access: sendOwnerAccess, ...(mapping ? { mapping } : {}) },
  });
  return answer.import;
}

/**
 * 'Cancelar importación': a queued import ends at once ('cancelled'); a running one comes back
 * with cancel_requested and stops once its batch in progress commits.
 */
export async function cancelImport(id: string): Promise<ImportRecord> {
  const answer = await apiRequest<{ import: ImportRecord }>(path(`/${id}/cancel`), { method: 'POST' });
  return answer.import;
}

/** Deletes an import not started (uploaded or previewed) with its rows; a 409 once it has been started. */
export async function discardImport(id: string): Promise<void> {
  await apiRequest(path(`/${id}`), { method: 'DELETE' });
}

/** Queues the import's owners' mails that failed on every try again. */
export async function retryOwnerAccess(id: string): Promise<ImportRecord> {
  const answer = await apiRequest<{ import: ImportRecord }>(path(`/${id}/owner-access/retry`), {
    method: 'POST',
  });
  return answer.import;
}

/** The rows in error (the first 1,000) as the preview answers them, each with its messages per field. */
export async function getImportErrorRows(id: string, signal?: AbortSignal): Promise<ImportRow[]> {
  return (await apiRequest<{ rows: ImportRow[] }>(path(`/${id}/error-rows`), { signal })).rows;
}

export const downloadImportErrors = (id: string) =>
  downloadFile(path(`/${id}/errors`), 'errores-importacion.csv');

/** What the import did to each row (created with its registry number, updated, unchanged, error). */
export const downloadImportResults = (id: string) =>
  downloadFile(path(`/${id}/results`), 'resultado-importacion.csv');
