// Importing businesses from a spreadsheet: upload (the rows kept in the database, the
// file not), preview (what each row would do; writes nothing to businesses), commit (queues the
// job, see import-job.ts), cancel, discard (not started), progress, the list, the rows in error (as JSON and as a CSV),
// and what the job did to each row as another CSV.

import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  type ImportAction,
  type ImportField,
  type ImportMapping,
  missingRequiredFields,
  suggestMapping,
} from '@portal/contract/business-import';
import { CSV_BOM, type CsvValue, csvRow } from '@portal/contract/csv';
import { MSG } from '@portal/contract/messages';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../auth/session.service.ts';
import type { Actor } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../http/http-error.ts';
import { retryFailedOwnerAccess } from '../../mail/owner-access-mails.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './business-import.repository.ts';
import { checkRows, errorText, nothingTaken, type RowOutcome } from './row-checks.ts';
import { readSpreadsheet } from './spreadsheet-reader.ts';

const INSERT_BATCH = 1000;
const PREVIEW_BATCH = 1000;

/** Whose imports the caller sees: an admin's own, or (the master) all. No caller sees none. */
export function ownerOf(auth: AuthContext | null | undefined): repo.Owner {
  if (!auth) throw unauthorized(MSG.unauthorized);
  return auth.loginType === 'admin'
    ? { kind: 'admin', adminId: auth.adminId }
    : { kind: 'master', adminId: null };
}

const NO_MAILS = { sent: 0, pending: 0, in_trash: 0, failed: 0, cancelled: 0 };

/** The import as the API shows it. */
export function present(record: repo.ImportRecord) {
  return {
    import_id: record.import_id,
    file_name: record.file_name,
    status: record.status as 'uploaded',
    total_rows: record.total_rows,
    processed_rows: record.processed_rows,
    cancel_requested: record.cancel_requested_at !== null,
    // The reason only: the error's own text (record.failure) may name internals.
    failure_reason: record.status === 'failed' ? (record.failure_reason ?? 'unexpected') : null,
    row_results: record.row_results ?? 'none',
    columns: record.columns,
    mapping: record.mapping,
    summary: record.summary,
    error_count: record.error_count,
    send_owner_access: record.send_owner_access,
    owner_access: record.send_owner_access ? (record.owner_access ?? NO_MAILS) : null,
    created_by: record.created_by,
    created_at: record.created_at,
    finished_at: record.finished_at,
  };
}

/** Checks a mapping against the file's columns: known columns, each field once, required fields. */
export function checkMapping(columns: string[], mapping: ImportMapping): Record<string, ImportField | null> {
  const full: Record<string, ImportField | null> = {};
  for (const column of columns) full[column] = null;
  const used = new Set<ImportField>();
  for (const [column, field] of Object.entries(mapping)) {
    if (!Object.hasOwn(full, column)) throw badRequest(IMPORT_MSG.mappingColumn);
    if (field) {
      if (used.has(field)) throw badRequest(IMPORT_MSG.mappingTwice);
      used.add(field);
    }
    full[column] = field;
  }
  const missing = missingRequiredFields(full);
  if (missing.length > 0) throw badRequest(IMPORT_MSG.mappingRequired(missing));
  return full;
}

export interface Upload {
  fileName: string;
  bytes: Uint8Array;
  mapping?: ImportMapping;
}

/**
 * Reads the file and keeps its rows, all in one transaction: a bad file leaves nothing behind. The
 * answer is read in that transaction too: once it commits, the upload has happened, even if its
 * admin is deleted (and the import with them) before the answer goes.
 */
export async function createImport(
  db: Kysely<Database>,
  auth: AuthContext | null | undefined,
  ip: string | null,
  upload: Upload,
) {
  if (upload.bytes.length === 0) throw badRequest(IMPORT_MSG.fileEmpty);
  const sheet = await readSpreadsheet(upload.bytes, upload.fileName);
  const mapping = upload.mapping
    ? checkMapping(sheet.columns, upload.mapping)
    : suggestMapping(sheet.columns);
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertImport(trx, {
      owner: ownerOf(auth),
      created_by: auth?.actor ?? 'Sistema',
      ip_address: ip,
      file_name: upload.fileName.slice(0, 255) || 'archivo',
      columns: sheet.columns,
      mapping,
    });
    let batch: { row: number; cells: string[] }[] = [];
    let total = 0;
    for await (const row of sheet.rows) {
      total += 1;
      if (total > IMPORT_LIMITS.maxRows) throw badRequest(IMPORT_MSG.tooManyRows);
      batch.push(row);
      if (batch.length >= INSERT_BATCH) {
        await repo.insertRows(trx, id, batch);
        batch = [];
      }
    }
    await repo.insertRows(trx, id, batch);
    if (total === 0) throw badRequest(IMPORT_MSG.fileEmpty);
    await repo.setTotalRows(trx, id, total);
    return requireImport(trx, id, ownerOf(auth));
  });
}

export async function requireImport(db: Kysely<Database>, importId: string, owner: repo.Owner) {
  const record = await repo.findImport(db, importId, owner);
  if (!record) throw notFound(IMPORT_MSG.importNotFound);
  return record;
}

const STARTED = new Set(['queued', 'running', 'done', 'failed', 'cancelled']);
/** A job took the import: it has results (those of its committed batches). */
const RAN = new Set(['running', 'done', 'failed', 'cancelled']);
/** What 'Cancelar importación' may stop: an import its job has not finished. */
const CANCELLABLE = new Set(['queued', 'running']);

/** The row's answer in a preview. */
const rowAnswer = (o: RowOutcome) => ({
  row: o.row,
  action: o.action,
  ...(o.business_registry_number ? { business_registry_number: o.business_registry_number } : {}),
  ...(o.business_name ? { business_name: o.business_name } : {}),
  ...(o.errors ? { errors: o.errors } : {}),
});

/** What each row would do, with `mapping` (or the import's); keeps the counts and rows in error. */
export async function previewImport(
  db: Kysely<Database>,
  owner: repo.Owner,
  importId: string,
  mapping: ImportMapping | undefined,
) {
  const record = await requireImport(db, importId, owner);
  if (STARTED.has(record.status)) throw conflict(IMPORT_MSG.alreadyCommitted);
  const full = checkMapping(record.columns, mapping ?? record.mapping);
  const fields = record.columns.map((column) => full[column] ?? null);
  const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
  const rows: ReturnType<typeof rowAnswer>[] = [];
  const errors: { row: number; cells: string[]; errors: object[] }[] = [];
  const taken = nothingTaken();
  const repeated = await repo.repeatedRegistries(db, importId, fields.indexOf('business_registry_number'));
  let after = 0;
  let seen = 0;
  let errorsAnswered = 0;
  for (;;) {
    // A turn of the event loop between batches: on PGlite, whose queries never leave the process,
    // every other request would otherwise wait for the whole preview (3 s for 100,000 rows).
    await nextTurn();
    const batch = await repo.rowsAfter(db, importId, after, PREVIEW_BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1)!.row;
    for (const outcome of await checkRows(db, batch, fields, taken, repeated)) {
      summary[outcome.action] += 1;
      seen += 1;
      const inError = outcome.action === 'error';
      if (inError && errors.length < IMPORT_LIMITS.errorRows) {
        errors.push({ row: outcome.row, cells: outcome.cells, errors: outcome.errors ?? [] });
      }
      // The first rows, and every row in error up to errorRows of them.
      if (seen <= IMPORT_LIMITS.previewRows || (inError && errorsAnswered < IMPORT_LIMITS.errorRows)) {
        rows.push(rowAnswer(outcome));
        if (inError) errorsAnswered += 1;
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    // Another request may have committed meanwhile: the preview then changes nothing.
    const locked = await repo.findImport(trx, importId, owner, true);
    if (!locked) throw notFound(IMPORT_MSG.importNotFound);
    if (STARTED.has(locked.status)) throw conflict(IMPORT_MSG.alreadyCommitted);
    await repo.savePreview(trx, importId, { mapping: full, summary, errors });
  });
  return { import: present(await requireImport(db, importId, owner)), rows };
}

/** An import's rows in the staff audit (staff_actions can name no import: the directory it fills). */
const DIRECTORY = { kind: 'directory' } as const;

/** Whether two mappings send each of the file's columns to the same field (or to none). */
const sameMapping = (columns: string[], a: ImportMapping, b: ImportMapping) =>
  columns.every((column) => (a[column] ?? null) === (b[column] ?? null));

/**
 * Queues the import's job, once (a second commit is a 409), and records it in the staff audit.
 * `previewed`: the mapping whose preview the caller saw; another one saved since (a preview in
 * another tab) is a 409, so the job never runs a mapping the caller did not review.
 */
export async function commitImport(
  db: Kysely<Database>,
  owner: repo.Owner,
  importId: string,
  sendOwnerAccess: boolean,
  actor: Actor,
  previewed?: ImportMapping,
) {
  const record = await requireImport(db, importId, owner);
  if (STARTED.has(record.status)) throw conflict(IMPORT_MSG.alreadyCommitted);
  if (record.status !== 'previewed') throw conflict(IMPORT_MSG.notPreviewed);
  await db.transaction().execute(async (trx) => {
    // Locked, as a preview saves under the same lock: the mapping checked is the one queued.
    const locked = await repo.findImport(trx, importId, owner, true);
    if (!locked) throw notFound(IMPORT_MSG.importNotFound);
    if (STARTED.has(locked.status)) throw conflict(IMPORT_MSG.alreadyCommitted);
    if (previewed && !sameMapping(locked.columns, previewed, locked.mapping)) {
      throw conflict(IMPORT_MSG.previewChanged);
    }
    const queued = await repo.queueImport(trx, importId, sendOwnerAccess);
    if (!queued) throw conflict(IMPORT_MSG.alreadyCommitted);
    const details = {
      import_id: importId,
      file_name: queued.file_name,
      rows: queued.total_rows,
      send_owner_access: sendOwnerAccess,
    };
    await recordStaffAction(trx, actor, 'business_import', DIRECTORY, details);
  });
  return requireImport(db, importId, owner);
}

/**
 * Queues the import's failed owners' mails again (none failed: the import as it is); the change
 * log names `actor` for the passwords they set, the staff audit the retry.
 */
export async function retryOwnerAccess(
  db: Kysely<Database>,
  owner: repo.Owner,
  importId: string,
  actor: Actor,
) {
  const record = await requireImport(db, importId, owner);
  await db.transaction().execute(async (trx) => {
    const by = { ...actor, changedBy: `${actor.changedBy} (importación)` };
    const retried = await retryFailedOwnerAccess(trx, importId, by);
    const details = { import_id: importId, file_name: record.file_name, retried };
    await recordStaffAction(trx, actor, 'import_owner_access_retry', DIRECTORY, details);
  });
  return requireImport(db, importId, owner);
}

/**
 * Cancels a queued import at once (nothing applied), or asks a running one's job to stop, which it
 * does at its next batch, in whatever process runs it; recorded in the staff audit once. A running
 * one whose lease ran out (no process holds it) is cancelled at once too. An import not started,
 * or already ended, is a 409.
 */
export async function cancelImport(db: Kysely<Database>, owner: repo.Owner, importId: string, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    // Locked: a batch in progress holds the row until it commits, and a worker skips it meanwhile.
    const record = await repo.findImport(trx, importId, owner, true);
    if (!record) throw notFound(IMPORT_MSG.importNotFound);
    if (!CANCELLABLE.has(record.status)) {
      throw conflict(STARTED.has(record.status) ? IMPORT_MSG.cancelFinished : IMPORT_MSG.cancelNotStarted);
    }
    // Read under the row's lock: a process claiming the job meanwhile passes it by (SKIP LOCKED),
    // and once this commits there is nothing left to claim.
    const nobodyRunsIt = record.status === 'queued' || (await repo.leaseRanOut(trx, importId));
    if (!record.cancel_requested_at) {
      await repo.requestCancel(trx, importId);
      const details = { import_id: importId, file_name: record.file_name, rows: record.total_rows };
      await recordStaffAction(trx, actor, 'business_import_cancel', DIRECTORY, details);
    }
    if (nobodyRunsIt) await repo.cancelJob(trx, record);
  });
  return requireImport(db, importId, owner);
}

/**
 * Deletes an import not started (uploaded or previewed) with its rows: a file chosen by mistake,
 * or left for another. Recorded in the staff audit; a 409 once it has been started.
 */
export async function discardImport(db: Kysely<Database>, owner: repo.Owner, importId: string, actor: Actor) {
  await db.transaction().execute(async (trx) => {
    // Locked: a commit or a preview's save waits, then finds the import gone.
    const record = await repo.findImport(trx, importId, owner, true);
    if (!record) throw notFound(IMPORT_MSG.importNotFound);
    if (STARTED.has(record.status)) throw conflict(IMPORT_MSG.discardStarted);
    await repo.deleteImport(trx, importId);
    const details = { import_id: importId, file_name: record.file_name, rows: record.total_rows };
    await recordStaffAction(trx, actor, 'business_import_discard', DIRECTORY, details);
  });
}

export async function listImports(db: Kysely<Database>, owner: repo.Owner) {
  const { items, total_count } = await repo.listImports(db, owner, 50);
  return { imports: items.map(present), total_count };
}

/** The rows in error as a CSV: the file's columns, then 'Fila' and 'Error' (Spanish, with a BOM). */
export async function errorsCsv(db: Kysely<Database>, owner: repo.Owner, importId: string) {
  const record = await requireImport(db, importId, owner);
  const rows = await repo.errorRows(db, importId);
  let out = CSV_BOM + csvRow([...record.columns, 'Fila', 'Error']);
  for (const { row, cells, errors } of rows) {
    const message = errors.map(errorText).join(' ');
    out += csvRow([...record.columns.map((_, i) => cells[i] ?? ''), row, message]);
  }
  return { fileName: record.file_name, csv: out };
}

/**
 * The rows in error as the preview answers them, its same first ones: the name and registry
 * number the job gave each row, or (before the job ran it) the cells mapped to them.
 */
export async function errorRowList(db: Kysely<Database>, owner: repo.Owner, importId: string) {
  const record = await requireImport(db, importId, owner);
  const fields = record.columns.map((column) => record.mapping[column] ?? null);
  const cell = (cells: string[], field: ImportField) => {
    const at = fields.indexOf(field);
    return at < 0 ? undefined : cells[at] || undefined;
  };
  const rows = (await repo.errorRows(db, importId)).map(({ row, cells, errors, ...result }) => {
    const name = result.business_name ?? cell(cells, 'business_name');
    const registry =
      result.business_registry_number ?? cell(cells, 'business_registry_number')?.toUpperCase();
    return {
      row,
      action: 'error' as const,
      ...(registry ? { business_registry_number: registry } : {}),
      ...(name ? { business_name: name } : {}),
      errors,
    };
  });
  return { rows, total_count: record.error_count };
}

/**
 * The results file's columns, and each action's word in it ('cancelled' and 'stopped': a row not
 * run, the import cancelled or ended 'failed').
 */
export const RESULTS_CSV_HEADERS = ['Fila', 'Resultado', 'Número de registro', 'Nombre del negocio', 'Error'];
export const RESULT_LABELS: Record<ImportAction | 'cancelled' | 'stopped', string> = {
  create: 'Creado',
  update: 'Actualizado',
  unchanged: 'Sin cambios',
  error: 'Error',
  cancelled: 'No aplicado: importación cancelada',
  stopped: 'No aplicado: la importación se detuvo',
};
const RESULTS_PAGE = 1000;

/**
 * What the job did to each row, by row, as CSV rows: the import is checked (404 for another
 * admin's, 409 before its job has run) before anything is read. Read a page at a time by row, so a
 * file of 100,000 rows never sits whole in memory; an import still running answers the batches
 * committed so far; a cancelled or failed one also its rows not run.
 */
export async function resultsCsv(db: Kysely<Database>, owner: repo.Owner, importId: string) {
  const record = await requireImport(db, importId, owner);
  if (!RAN.has(record.status)) throw conflict(IMPORT_MSG.notRun);
  async function* rows(): AsyncGenerator<CsvValue[]> {
    let after = 0;
    for (;;) {
      const page = await repo.resultsAfter(db, importId, after, RESULTS_PAGE);
      for (const r of page) {
        yield [
          r.row,
          RESULT_LABELS[r.action as keyof typeof RESULT_LABELS] ?? r.action,
          r.business_registry_number,
          r.business_name,
          r.message,
        ];
      }
      if (page.length < RESULTS_PAGE) return;
      after = page.at(-1)!.row;
    }
  }
  return rows();
}
