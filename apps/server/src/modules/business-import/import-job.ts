// The import's job (DESIGN §3 "Long work runs as a job"): batches of rows, each in its
// own transaction that first locks the job row and checks this process still holds the lease, so
// two processes never apply the same batch; progress is saved with the batch, so a restart
// resumes after the last committed one. A cancel ('Cancelar importación', from any process) is
// read from the job row at the start of each batch, so the job stops between batches, never
// within one. Rows are checked again at commit time: one that became invalid since the preview
// is an error. What each row did (business_import_results) is written in its batch's
// transaction; an import that ends cancelled or failed records its rows not run as such. The
// change log names '<staff> (importación)'.
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { IMPORT_LIMITS, type ImportField } from '@portal/contract/business-import';
import { type Kysely, sql } from 'kysely';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import { isDatabaseUnavailable, isTransactionConflict } from '../../db/errors.ts';
import type { Database, NewBusiness } from '../../db/types.ts';
import { queueOwnerAccess } from '../../mail/owner-access-mails.ts';
import * as repo from './business-import.repository.ts';
import { checkRows, constraintError, errorText, nothingTaken, type RowOutcome } from './row-checks.ts';

export const IMPORT_BATCH_ROWS = 500;
/** How long a process holds a job without saving a batch before another may take it. */
export const IMPORT_LEASE_MS = 60_000;
/**
 * How long after a fault (its lease last renewed) this process takes its own job again: soon enough
 * that an import does not wait out the whole lease once the database is back, spaced enough that a
 * database going up and down does not spend the job's tries in a few seconds.
 */
export const IMPORT_OWN_RETRY_MS = 10_000;
const CONSTRAINT_VIOLATION_CLASS = '23';
const MAX_ATTEMPTS = 5;
/** A batch that lost to a concurrent transaction (rolled back whole) is tried again at once this often. */
const CONFLICT_RETRIES = 3;
/** Why an import stopped when the admin who started it was suspended (or otherwise not active). */
export const OWNER_INACTIVE = 'the admin who started the import is no longer active';

export interface JobDeps {
  db: Kysely<Database>;
  log?: { error(object: object, message: string): void };
  batchRows?: number;
  leaseMs?: number;
  /** Asked between batches: true ends the run (shutdown), leaving the job for the next process. */
  stopping?: () => boolean;
  /** Told after a batch that queued owners' access mails. */
  onMailsQueued?: () => void;
}

export const importActor = (job: repo.ImportRecord): Actor => ({
  changedBy: `${job.created_by} (importación)`,
  ip: job.ip_address,
  userAgent: 'importación',
  staff: null,
});

/**
 * Applies one batch; 'done' when no row is left, 'lost' when another process holds the job now,
 * 'failed' when the admin who started it is no longer active, 'cancelled' when staff cancelled it
 * (the job ends there, before the batch's rows).
 * The batch's rows are written together (one INSERT, one UPDATE per set of changed fields); if
 * the database refuses one of them (a business registered meanwhile, say), the batch is rolled
 * back and applied again row by row, its rows checked anew, so the others still land and the
 * refused one is an error that says why. `repeated` is what repeatedRegistries answers (read here
 * when not given).
 */
export async function runBatch(
  deps: JobDeps,
  job: repo.ImportRecord,
  workerId: string,
  repeated?: ReadonlyMap<string, number>,
) {
  const registries = repeated ?? (await repeatedRegistries(deps.db, job));
  try {
    return await applyBatch(deps, job, workerId, registries, 'together');
  } catch (error) {
    if (!isConstraintViolation(error)) throw error;
    deps.log?.error({ err: error }, 'import: the database refused a row; applying the batch row by row');
    return applyBatch(deps, job, workerId, registries, 'row by row');
  }
}

const fieldsOf = (job: repo.ImportRecord) => job.columns.map((column) => job.mapping[column] ?? null);

/** What a row did, as business_import_results keeps it (an error with its first message). */
const resultOf = (outcome: RowOutcome): repo.RowResult => {
  const first = outcome.action === 'error' ? outcome.errors?.[0] : undefined;
  return {
    row: outcome.row,
    action: outcome.action,
    business_registry_number: outcome.business_registry_number ?? null,
    business_name: outcome.business_name ?? null,
    message: first ? errorText(first) : null,
  };
};

/** The file's registry numbers that more than one row has (the mapping is fixed once queued). */
const repeatedRegistries = (db: Kysely<Database>, job: repo.ImportRecord) =>
  repo.repeatedRegistries(db, job.import_id, fieldsOf(job).indexOf('business_registry_number'));

async function applyBatch(
  deps: JobDeps,
  job: repo.ImportRecord,
  workerId: string,
  repeated: ReadonlyMap<string, number>,
  mode: 'together' | 'row by row',
) {
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;
  const leaseMs = deps.leaseMs ?? IMPORT_LEASE_MS;
  let queued = false;
  const result = await writeTransaction(deps.db, importActor(job), async (trx) => {
    // The owner's row first, then the job's: the order in which deleting an admin locks them.
    const ownerActive = await repo.ownerMayImport(trx, job);
    const current = await repo.lockJob(trx, job.import_id, workerId);
    if (!current) return 'lost' as const;
    if (!ownerActive) {
      await repo.failJob(trx, current, { reason: 'owner_inactive', detail: OWNER_INACTIVE });
      return 'failed' as const;
    }
    const rows = await repo.rowsAfter(trx, job.import_id, current.cursor_row, batchRows);
    if (rows.length === 0) {
      await repo.finishJob(trx, job.import_id, 'done');
      return 'done' as const;
    }
    if (current.cancel_requested_at) {
      await repo.cancelJob(trx, current);
      return 'cancelled' as const;
    }
    const outcomes = await checkRows(trx, rows, fieldsOf(current), nothingTaken(), repeated);
    if (mode === 'together') {
      queued = await applyCreates(trx, current, outcomes);
      await applyUpdates(trx, outcomes);
    } else {
      queued = await applyRowByRow(trx, current, outcomes);
    }
    const summary = { ...(current.summary ?? { create: 0, update: 0, unchanged: 0, error: 0 }) };
    const errors = [];
    for (const outcome of outcomes) {
      summary[outcome.action] += 1;
      if (outcome.action === 'error') {
        errors.push({ row: outcome.row, cells: outcome.cells, errors: outcome.errors ?? [] });
      }
    }
    const room = Math.max(0, IMPORT_LIMITS.errorRows - current.error_count);
    await repo.insertErrors(trx, job.import_id, errors.slice(0, room));
    // Every row's result, as it stands once the writes above landed (created rows have their number).
    await repo.insertResults(trx, job.import_id, outcomes.map(resultOf));
    await repo.saveProgress(
      trx,
      job.import_id,
      {
        processed_rows: current.processed_rows + rows.length,
        cursor_row: rows.at(-1)!.row,
        summary,
        error_count: current.error_count + errors.length,
      },
      leaseMs,
    );
    return 'more' as const;
  });
  if (queued) deps.onMailsQueued?.();
  return result;
}

/** Inserts the batch's new businesses; true when it queued owners' access mails. */
async function applyCreates(
  trx: Parameters<typeof repo.insertBusinesses>[0],
  job: repo.ImportRecord,
  outcomes: RowOutcome[],
) {
  const creating = outcomes.filter((o) => o.action === 'create');
  if (creating.length === 0) return false;
  const rows: NewBusiness[] = creating.map((o) => {
    const v = o.values ?? {};
    return {
      business_name: v.business_name as string,
      business_owner: v.business_owner as string,
      business_email: v.business_email as string,
      business_phone: v.business_phone as string,
      business_address: (v.business_address as string | null | undefined) ?? null,
      business_category: (v.business_category as string | null | undefined) ?? null,
      business_description: (v.business_description as string | null | undefined) ?? null,
      business_year: (v.business_year as number | null | undefined) ?? null,
      business_terms: true,
      // No password yet: with 'Enviar acceso a los dueños' each try of the owner's mail sets a
      // new temporary one (mail/owner-access-mails.ts), so only a password that was mailed works.
      password_hash: null,
      must_change_password: true,
      ip_address: job.ip_address,
      device_type: 'web',
      referral_source: 'import',
    };
  });
  const created = await repo.insertBusinesses(trx, rows);
  // Each row gets the number its business was given, matched by email (unique, and unique within
  // the batch: the checks make it so) rather than by the order RETURNING happens to keep.
  const byEmail = new Map(created.map((b) => [b.business_email.toLowerCase(), b.business_registry_number]));
  creating.forEach((outcome, i) => {
    const email = String(outcome.values?.business_email ?? '').toLowerCase();
    const registry = byEmail.get(email) ?? created[i]?.business_registry_number;
    if (registry) outcome.business_registry_number = registry;
  });
  if (!job.send_owner_access) return false;
  await queueOwnerAccess(
    trx,
    { importId: job.import_id, ...importActor(job) },
    created.map((business) => business.id),
  );
  return true;
}

/** One UPDATE per set of changed fields (rows changing the same fields share it). */
async function applyUpdates(trx: Parameters<typeof repo.updateBusinesses>[0], outcomes: RowOutcome[]) {
  const groups = new Map<
    string,
    { fields: ImportField[]; rows: ({ id: number } & Record<string, unknown>)[] }
  >();
  for (const o of outcomes) {
    if (o.action !== 'update' || o.businessId === undefined) continue;
    const fields = Object.keys(o.values ?? {}).sort() as ImportField[];
    const key = fields.join(',');
    const group = groups.get(key) ?? { fields, rows: [] };
    groups.set(key, group);
    group.rows.push({ id: o.businessId, ...o.values });
  }
  for (const { fields, rows } of groups.values()) await repo.updateBusinesses(trx, fields, rows);
}

/** Each row written on its own, under a savepoint: one the database refuses becomes an error. */
async function applyRowByRow(
  trx: Parameters<typeof repo.insertBusinesses>[0],
  job: repo.ImportRecord,
  outcomes: RowOutcome[],
) {
  let queued = false;
  for (const outcome of outcomes) {
    if (outcome.action !== 'create' && outcome.action !== 'update') continue;
    await sql`savepoint import_row`.execute(trx);
    try {
      const queuedHere = await applyCreates(trx, job, [outcome]);
      await applyUpdates(trx, [outcome]);
      await sql`release savepoint import_row`.execute(trx);
      queued ||= queuedHere;
    } catch (error) {
      if (!isConstraintViolation(error)) throw error;
      await sql`rollback to savepoint import_row`.execute(trx);
      // A business inserted before the refusal went with the savepoint: the row names no number.
      if (outcome.action === 'create') delete outcome.business_registry_number;
      outcome.action = 'error';
      outcome.errors = [constraintError(error)];
    }
  }
  return queued;
}

/** Class 23 (integrity constraint violation): unique, check, not null, foreign key. */
const isConstraintViolation = (error: unknown) =>
  String((error as { code?: string })?.code ?? '').startsWith(CONSTRAINT_VIOLATION_CLASS);

/** Runs a claimed job to its end (or until stopping / the lease is lost). */
export async function runJob(deps: JobDeps, job: repo.ImportRecord, workerId: string) {
  let repeated: ReadonlyMap<string, number> | undefined;
  let conflicts = 0;
  for (;;) {
    // A turn of the event loop between batches: on PGlite, whose queries never leave the process,
    // the requests that came in meanwhile (a progress read, a cancel) would otherwise wait for the
    // whole job.
    await nextTurn();
    if (deps.stopping?.()) {
      await repo.releaseJob(deps.db, job.import_id, workerId);
      return 'stopped' as const;
    }
    let outcome: Awaited<ReturnType<typeof runBatch>>;
    try {
      repeated ??= await repeatedRegistries(deps.db, job);
      outcome = await runBatch(deps, job, workerId, repeated);
    } catch (error) {
      deps.log?.error({ err: error }, 'import: batch failed');
      if (isTransactionConflict(error) && conflicts < CONFLICT_RETRIES) {
        conflicts += 1;
        continue; // the other transaction has moved on: the same batch again, from its cursor
      }
      const transient = isTransient(error);
      if (job.attempts >= MAX_ATTEMPTS || !transient) {
        const failure: repo.Failure = {
          // Transient and still failing on its last try: the database, every time.
          reason: transient ? 'database' : 'unexpected',
          detail: error instanceof Error ? error.message.slice(0, 500) : 'error',
        };
        return (await failJob(deps, job, workerId, failure)) ? ('failed' as const) : ('lost' as const);
      }
      // Worth another try: the lease runs out and a process takes the job again.
      return 'interrupted' as const;
    }
    conflicts = 0;
    if (outcome !== 'more') return outcome;
  }
}

/**
 * Ends the job as failed, its rows not run marked as such from the cursor it has now (the claim's
 * copy may be batches behind); false when another process holds it by then.
 */
function failJob(deps: JobDeps, job: repo.ImportRecord, workerId: string, failure: repo.Failure) {
  return writeTransaction(deps.db, importActor(job), async (trx) => {
    const current = await repo.lockJob(trx, job.import_id, workerId);
    if (!current) return false;
    await repo.failJob(trx, current, failure);
    return true;
  });
}

/** A database that went away or timed out, or a conflict with other work: worth another try later. */
function isTransient(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isTransactionConflict(error);
}

/** Takes a waiting job, if any, and runs it; false when there was none. */
export async function runNextJob(deps: JobDeps, workerId: string = randomUUID()): Promise<boolean> {
  const leaseMs = deps.leaseMs ?? IMPORT_LEASE_MS;
  const job = await repo.claimJob(deps.db, workerId, leaseMs, Math.min(IMPORT_OWN_RETRY_MS, leaseMs));
  if (!job) return false;
  await runJob(deps, job, workerId);
  return true;
}
