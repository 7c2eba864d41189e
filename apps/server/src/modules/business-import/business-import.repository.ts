// SQL of business imports: the import row (also its job), its rows, its errors and what
// it did to each row, and the business lookups and writes an import does.
import {
  IMPORT_LIMITS,
  type ImportAction,
  type ImportFailureReason,
  type ImportField,
  type ImportRowResults,
} from '@portal/contract/business-import';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NewBusiness } from '../../db/types.ts';
import { type OwnerAccessCounts, ownerAccessCounts } from '../../mail/owner-access-mails.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface Owner {
  kind: 'admin' | 'master';
  adminId: number | null;
}

export const IMPORT_COLUMNS = [
  'import_id',
  'owner_kind',
  'owner_admin_id',
  'created_by',
  'ip_address',
  'file_name',
  'status',
  'columns',
  'mapping',
  'total_rows',
  'processed_rows',
  'cursor_row',
  'summary',
  'error_count',
  'send_owner_access',
  'locked_by',
  'locked_until',
  'attempts',
  'failure',
  'failure_reason',
  'cancel_requested_at',
  'created_at',
  'finished_at',
] as const;

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  error: number;
}

export interface ImportRecord {
  import_id: string;
  owner_kind: string;
  owner_admin_id: number | null;
  created_by: string;
  ip_address: string | null;
  file_name: string;
  status: string;
  columns: string[];
  mapping: Record<string, ImportField | null>;
  total_rows: number;
  processed_rows: number;
  cursor_row: number;
  summary: ImportCounts | null;
  error_count: number;
  send_owner_access: boolean;
  locked_by: string | null;
  locked_until: Date | null;
  attempts: number;
  /** The error's own text, for the server's operators only (never in a response). */
  failure: string | null;
  failure_reason: ImportFailureReason | null;
  /** 'Cancelar importación' on a running import: its job stops at its next batch. */
  cancel_requested_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
  /** Its owners' access mails by status (only where the import is read for the API). */
  owner_access?: OwnerAccessCounts;
  /** Which rows its results file lists (only where the import is read for the API). */
  row_results?: ImportRowResults;
}

const asRecord = (row: unknown) => row as ImportRecord;

/**
 * Which rows the results file lists, in two index probes: none; all, when every row ran or a row
 * after the last committed batch has its result (a row not run, marked); else the rows run only.
 */
const rowResults = sql<ImportRowResults>`(
  case
    when not exists (select 1 from business_import_results r
                      where r.import_id = business_imports.import_id) then 'none'
    when business_imports.processed_rows >= business_imports.total_rows
      or exists (select 1 from business_import_results r
                  where r.import_id = business_imports.import_id
                    and r."row" > business_imports.cursor_row) then 'all'
    else 'rows_run'
  end)`;

export async function insertImport(
  trx: Transaction<Database>,
  values: {
    owner: Owner;
    created_by: string;
    ip_address: string | null;
    file_name: string;
    columns: string[];
    mapping: Record<string, ImportField | null>;
  },
) {
  const row = await trx
    .insertInto('business_imports')
    .values({
      owner_kind: values.owner.kind,
      owner_admin_id: values.owner.adminId,
      created_by: values.created_by,
      ip_address: values.ip_address,
      file_name: values.file_name,
      columns: JSON.stringify(values.columns),
      mapping: JSON.stringify(values.mapping),
      total_rows: 0,
    })
    .returning('import_id')
    .executeTakeFirstOrThrow();
  return row.import_id;
}

export async function insertRows(
  trx: Transaction<Database>,
  importId: string,
  rows: { row: number; cells: string[] }[],
) {
  if (rows.length === 0) return;
  await trx
    .insertInto('business_import_rows')
    .values(rows.map((r) => ({ import_id: importId, row_number: r.row, cells: JSON.stringify(r.cells) })))
    .execute();
}

export const setTotalRows = (trx: Transaction<Database>, importId: string, total: number) =>
  trx.updateTable('business_imports').set({ total_rows: total }).where('import_id', '=', importId).execute();

/**
 * The import, if `owner` may see it (the master sees every import; an admin only their own).
 * `lock`: the row of the admin who owns it first (whoever asks), then the import's, until the
 * transaction ends: the order in which deleting that admin locks them, so a cancel (whose second
 * write of the import's row checks its owner's row again) waits for the deletion or goes first.
 */
export async function findImport(db: Db, importId: string, owner: Owner, lock = false) {
  if (lock) {
    await db
      .selectFrom('admins')
      .select('admin_id')
      .where('admin_id', '=', (eb) =>
        eb.selectFrom('business_imports').select('owner_admin_id').where('import_id', '=', importId),
      )
      .forKeyShare()
      .execute();
  }
  let query = db
    .selectFrom('business_imports')
    .select(IMPORT_COLUMNS)
    .select(ownerAccessCounts.as('owner_access'))
    .select(rowResults.as('row_results'))
    .where('import_id', '=', importId);
  if (owner.kind === 'admin') {
    query = query.where('owner_kind', '=', 'admin').where('owner_admin_id', '=', owner.adminId);
  }
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? asRecord(row) : undefined;
}

export async function listImports(db: Db, owner: Owner, limit: number) {
  let query = db.selectFrom('business_imports');
  if (owner.kind === 'admin') {
    query = query.where('owner_kind', '=', 'admin').where('owner_admin_id', '=', owner.adminId);
  }
  const [rows, total] = await Promise.all([
    query
      .select(IMPORT_COLUMNS)
      .select(ownerAccessCounts.as('owner_access'))
      .select(rowResults.as('row_results'))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(asRecord), total_count: Number(total.n) };
}

/** The rows after `afterRow`, in order, at most `limit`. */
export async function rowsAfter(db: Db, importId: string, afterRow: number, limit: number) {
  const rows = await db
    .selectFrom('business_import_rows')
    .select(['row_number', 'cells'])
    .where('import_id', '=', importId)
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ row: r.row_number, cells: r.cells as string[] }));
}

/**
 * The registry numbers (upper case) that more than one row has in the file's column `column`, each
 * with the first of those rows; empty when no column holds registry numbers.
 */
export async function repeatedRegistries(db: Db, importId: string, column: number) {
  const first = new Map<string, number>();
  if (column < 0) return first;
  const result = await sql<{ registry: string; first_row: number }>`
    select upper(cells->>${column}::int) as registry, min(row_number) as first_row
      from business_import_rows
     where import_id = ${importId} and cells->>${column}::int <> ''
     group by 1
    having count(*) > 1`.execute(db);
  for (const row of result.rows) first.set(row.registry, Number(row.first_row));
  return first;
}

export async function savePreview(
  trx: Transaction<Database>,
  importId: string,
  values: {
    mapping: Record<string, ImportField | null>;
    summary: ImportCounts;
    errors: { row: number; cells: string[]; errors: object[] }[];
  },
) {
  await trx.deleteFrom('business_import_errors').where('import_id', '=', importId).execute();
  await insertErrors(trx, importId, values.errors);
  await trx
    .updateTable('business_imports')
    .set({
      status: 'previewed',
      mapping: JSON.stringify(values.mapping),
      summary: JSON.stringify(values.summary),
      error_count: values.summary.error,
      updated_at: sql`now()`,
    })
    .where('import_id', '=', importId)
    .execute();
}

export async function insertErrors(
  trx: Transaction<Database>,
  importId: string,
  errors: { row: number; cells: string[]; errors: object[] }[],
) {
  for (let i = 0; i < errors.length; i += 500) {
    const part = errors.slice(i, i + 500);
    await trx
      .insertInto('business_import_errors')
      .values(
        part.map((e) => ({
          import_id: importId,
          row_number: e.row,
          cells: JSON.stringify(e.cells),
          errors: JSON.stringify(e.errors),
        })),
      )
      .onConflict((oc) => oc.columns(['import_id', 'row_number']).doNothing())
      .execute();
  }
}

/**
 * Queues a previewed import, once: the first commit moves it on, any later one finds nothing. Its
 * preview's errors go in the same transaction: until it commits, no worker can see the job queued,
 * and a failure leaves it previewed with its errors.
 */
export async function queueImport(trx: Transaction<Database>, importId: string, sendOwnerAccess: boolean) {
  const row = await trx
    .updateTable('business_imports')
    .set({
      status: 'queued',
      send_owner_access: sendOwnerAccess,
      processed_rows: 0,
      cursor_row: 0,
      error_count: 0,
      summary: JSON.stringify({ create: 0, update: 0, unchanged: 0, error: 0 }),
      updated_at: sql`now()`,
    })
    .where('import_id', '=', importId)
    .where('status', '=', 'previewed')
    .returning(['import_id', 'file_name', 'total_rows'])
    .executeTakeFirst();
  if (row) await trx.deleteFrom('business_import_errors').where('import_id', '=', importId).execute();
  return row;
}

/**
 * The rows in error kept (the first IMPORT_LIMITS.errorRows), by row, each with the name and
 * registry number its job's result gave it (null before the job ran the row).
 */
export async function errorRows(db: Db, importId: string) {
  const rows = await db
    .selectFrom('business_import_errors as e')
    .leftJoin('business_import_results as r', (join) =>
      join.onRef('r.import_id', '=', 'e.import_id').onRef('r.row', '=', 'e.row_number'),
    )
    .select(['e.row_number', 'e.cells', 'e.errors', 'r.business_name', 'r.business_registry_number'])
    .where('e.import_id', '=', importId)
    .orderBy('e.row_number')
    .limit(IMPORT_LIMITS.errorRows)
    .execute();
  return rows.map((r) => ({
    row: r.row_number,
    cells: r.cells as string[],
    errors: r.errors as { field: string; message: string }[],
    business_name: r.business_name,
    business_registry_number: r.business_registry_number,
  }));
}

/** What the job did to one row (business_import_results). */
export interface RowResult {
  row: number;
  action: ImportAction;
  business_registry_number: string | null;
  business_name: string | null;
  message: string | null;
}

/**
 * Records what a batch did to each of its rows, in one statement (one parameter: the rows as
 * JSON). A row already recorded (never, while batches commit with their cursor) takes the new
 * result rather than being written twice.
 */
export async function insertResults(trx: Transaction<Database>, importId: string, results: RowResult[]) {
  if (results.length === 0) return;
  await sql`
    insert into business_import_results
           (import_id, "row", action, business_registry_number, business_name, message)
    select ${importId}::uuid, r."row", r.action, r.business_registry_number, r.business_name, r.message
      from jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
           as r("row" integer, action text, business_registry_number text, business_name text, message text)
    on conflict (import_id, "row") do update
       set action = excluded.action,
           business_registry_number = excluded.business_registry_number,
           business_name = excluded.business_name,
           message = excluded.message`.execute(trx);
}

/** The results of the rows after `afterRow`, in order, at most `limit`. */
export function resultsAfter(db: Db, importId: string, afterRow: number, limit: number) {
  return db
    .selectFrom('business_import_results')
    .select(['row', 'action', 'business_registry_number', 'business_name', 'message'])
    .where('import_id', '=', importId)
    .where('row', '>', afterRow)
    .orderBy('row')
    .limit(limit)
    .execute();
}

// ---- The job ----

/**
 * Takes the oldest import waiting for a process (queued, or running under a lease that ran out),
 * skipping those another process is taking at this moment; the lease lasts `leaseMs`. A job this
 * worker itself gave up after a fault is taken again once `ownRetryMs` have passed since its lease
 * was last renewed: the worker knows it no longer runs it, so it need not wait the whole lease.
 */
export async function claimJob(
  db: Kysely<Database>,
  workerId: string,
  leaseMs: number,
  ownRetryMs = leaseMs,
) {
  const ownLeft = Math.max(leaseMs - ownRetryMs, 0) / 1000;
  const result = await sql<ImportRecord>`
    update business_imports
       set status = 'running', locked_by = ${workerId},
           locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
           attempts = attempts + 1, updated_at = now()
     where import_id = (
       select import_id from business_imports
        where status = 'queued'
           or (status = 'running' and (locked_until is null or locked_until < now()))
           or (status = 'running' and locked_by = ${workerId}
               and locked_until < now() + make_interval(secs => ${ownLeft}))
        order by created_at
        for update skip locked
        limit 1)
     returning ${sql.join(IMPORT_COLUMNS.map((c) => sql.ref(c)))}`.execute(db);
  return result.rows[0];
}

/** The job row, locked, if this worker still holds its lease. */
export async function lockJob(trx: Transaction<Database>, importId: string, workerId: string) {
  const row = await trx
    .selectFrom('business_imports')
    .select(IMPORT_COLUMNS)
    .where('import_id', '=', importId)
    .where('status', '=', 'running')
    .where('locked_by', '=', workerId)
    .forUpdate()
    .executeTakeFirst();
  return row ? asRecord(row) : undefined;
}

/**
 * Whether the import's owner may still write: the master, or an admin whose account is active. The
 * admin's row is share-locked until the batch commits, so a suspension waits for the batch under
 * way and the next one sees it.
 */
export async function ownerMayImport(trx: Transaction<Database>, job: ImportRecord) {
  if (job.owner_kind !== 'admin' || job.owner_admin_id === null) return true;
  const admin = await trx
    .selectFrom('admins')
    .select('access_status')
    .where('admin_id', '=', job.owner_admin_id)
    .forShare()
    .executeTakeFirst();
  return admin?.access_status === 'active';
}

export async function saveProgress(
  trx: Transaction<Database>,
  importId: string,
  values: { processed_rows: number; cursor_row: number; summary: ImportCounts; error_count: number },
  leaseMs: number,
) {
  await trx
    .updateTable('business_imports')
    .set({
      processed_rows: values.processed_rows,
      cursor_row: values.cursor_row,
      summary: JSON.stringify(values.summary),
      error_count: values.error_count,
      locked_until: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      updated_at: sql`now()`,
    })
    .where('import_id', '=', importId)
    .execute();
}

/** Why a job failed: the reason the API gives, and the error's own text for the operators. */
export interface Failure {
  reason: ImportFailureReason;
  detail: string;
}

export async function finishJob(
  trx: Transaction<Database>,
  importId: string,
  status: 'done' | 'failed' | 'cancelled',
  failure: Failure | null = null,
) {
  await trx
    .updateTable('business_imports')
    .set({
      status,
      failure: failure?.detail ?? null,
      failure_reason: failure?.reason ?? null,
      locked_by: null,
      locked_until: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('import_id', '=', importId)
    .execute();
  // The rows are not needed any more; what each did stays in business_import_results, and those in
  // error (the first 1,000, with their cells) in business_import_errors.
  await trx.deleteFrom('business_import_rows').where('import_id', '=', importId).execute();
}

/**
 * Whether no process holds the job any more: its lease ran out (the process died, or is about to
 * lose it to the next claim).
 */
export async function leaseRanOut(trx: Transaction<Database>, importId: string) {
  const row = await trx
    .selectFrom('business_imports')
    .select(sql<boolean>`locked_until is null or locked_until < now()`.as('ran_out'))
    .where('import_id', '=', importId)
    .executeTakeFirst();
  return row?.ran_out === true;
}

/** Asks a running import's job to stop at its next batch (whichever process runs it). */
export const requestCancel = (trx: Transaction<Database>, importId: string) =>
  trx
    .updateTable('business_imports')
    .set({ cancel_requested_at: sql`now()`, updated_at: sql`now()` })
    .where('import_id', '=', importId)
    .execute();

/** What a row not run is recorded as, by how its import ended (a cancel, or a stop: 'failed'). */
const NOT_RUN = { cancelled: 'cancelled', failed: 'stopped' } as const;

/**
 * Ends an import as cancelled or failed, in the transaction that holds its row: the rows after its
 * last committed batch (every row of a queued one) are recorded as not run, with the registry
 * number and name their cells hold, so its results file still says what happened to each row.
 */
async function endWithRowsNotRun(
  trx: Transaction<Database>,
  job: ImportRecord,
  status: keyof typeof NOT_RUN,
  failure: Failure | null,
) {
  const fields = job.columns.map((column) => job.mapping[column] ?? null);
  const cell = (field: ImportField) => {
    const index = fields.indexOf(field);
    return index < 0 ? sql`null` : sql`nullif(cells->>${index}::int, '')`;
  };
  await sql`
    insert into business_import_results
           (import_id, "row", action, business_registry_number, business_name, message)
    select import_id, row_number, ${NOT_RUN[status]}::text, ${cell('business_registry_number')}, ${cell('business_name')}, null
      from business_import_rows
     where import_id = ${job.import_id} and row_number > ${job.cursor_row}
    on conflict (import_id, "row") do nothing`.execute(trx);
  await finishJob(trx, job.import_id, status, failure);
}

/** Ends an import as cancelled, its rows not run marked 'cancelled'. */
export const cancelJob = (trx: Transaction<Database>, job: ImportRecord) =>
  endWithRowsNotRun(trx, job, 'cancelled', null);

/** Ends an import as failed (`failure` says why), its rows not run marked 'stopped'. */
export const failJob = (trx: Transaction<Database>, job: ImportRecord, failure: Failure) =>
  endWithRowsNotRun(trx, job, 'failed', failure);

/**
 * Gives a job back (shutdown): another process may take it at once. The claim is not counted
 * among its tries: a job given back by deploys would otherwise fail on its first fault.
 */
export const releaseJob = (db: Kysely<Database>, importId: string, workerId: string) =>
  db
    .updateTable('business_imports')
    .set({ locked_until: sql`now()`, attempts: sql`greatest(attempts - 1, 0)` })
    .where('import_id', '=', importId)
    .where('locked_by', '=', workerId)
    .execute();

/** Deletes an import and, by cascade, its rows and errors (a discarded one has no results or mails). */
export async function deleteImport(trx: Transaction<Database>, importId: string) {
  await trx.deleteFrom('business_imports').where('import_id', '=', importId).execute();
}

/**
 * Deletes imports older than `days`, and registrations' owner mails as old, once across processes
 * (an advisory lock); how many imports went. A job still queued or running is left to a later
 * purge, once it has finished.
 */
export async function purgeImports(db: Kysely<Database>, days: number) {
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtext('business_imports_purge')) as locked`.execute(trx);
    if (!lock.rows[0]?.locked) return 0;
    const cutoff = sql<Date>`now() - make_interval(days => ${days})`;
    const deleted = await trx
      .deleteFrom('business_imports')
      .where('created_at', '<', cutoff)
      .where('status', 'not in', ['queued', 'running'])
      .executeTakeFirst();
    // Mails as old, a registration's or a deleted import's, once sent or not needed any more; one
    // that failed or still waits stays while its business is here or in the trash (the business
    // page offers to send a failed one again).
    await sql`
      delete from owner_access_mails m
       where m.import_id is null and m.created_at < ${cutoff}
         and (m.status in ('sent', 'cancelled')
              or (not exists (select 1 from businesses b where b.id = m.business_id)
                  and not exists (select 1 from business_trash t where t.business_id = m.business_id)))`.execute(
      trx,
    );
    return Number(deleted.numDeletedRows);
  });
}

// ---- Businesses ----

export const BUSINESS_FIELDS = [
  'id',
  'business_registry_number',
  'business_name',
  'business_owner',
  'business_email',
  'business_phone',
  'business_address',
  'business_category',
  'business_description',
  'business_year',
] as const;

export type ImportedBusiness = {
  id: number;
  business_registry_number: string;
  business_name: string;
  business_owner: string;
  business_email: string;
  business_phone: string;
  business_address: string | null;
  business_category: string | null;
  business_description: string | null;
  business_year: number | null;
};

export async function businessesByRegistry(db: Db, registries: string[]) {
  if (registries.length === 0) return new Map<string, ImportedBusiness>();
  const rows = await db
    .selectFrom('businesses')
    .select(BUSINESS_FIELDS)
    .where('business_registry_number', 'in', registries)
    .execute();
  return new Map(rows.map((row) => [row.business_registry_number, row as ImportedBusiness]));
}

/** Which of these registry numbers belong to businesses in the trash. */
export async function trashedRegistries(db: Db, registries: string[]) {
  if (registries.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('business_trash')
    .select('business_registry_number')
    .where('business_registry_number', 'in', registries)
    .execute();
  return new Set(rows.map((row) => row.business_registry_number));
}

/** Which business (id) has each of these emails (lower case) and phones. */
export async function holders(db: Db, emails: string[], phones: string[]) {
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  if (emails.length > 0) {
    const rows = await db
      .selectFrom('businesses')
      .select(['id', sql<string>`lower(business_email)`.as('email')])
      .where(sql<string>`lower(business_email)`, 'in', emails)
      .execute();
    for (const row of rows) byEmail.set(row.email, row.id);
  }
  if (phones.length > 0) {
    const rows = await db
      .selectFrom('businesses')
      .select(['id', 'business_phone'])
      .where('business_phone', 'in', phones)
      .execute();
    for (const row of rows) byPhone.set(row.business_phone, row.id);
  }
  return { byEmail, byPhone };
}

export function insertBusinesses(trx: Transaction<Database>, rows: NewBusiness[]) {
  return trx
    .insertInto('businesses')
    .values(rows)
    .returning(['id', 'business_registry_number', 'business_name', 'business_email'])
    .execute();
}

/**
 * Sets `fields` of each business (by id) to its values, one statement for them all. A business
 * whose phone moves loses verified_phone in the same statement (the old number's check does not
 * hold for the new one); `b.` is the row before the update.
 */
export async function updateBusinesses(
  trx: Transaction<Database>,
  fields: ImportField[],
  rows: ({ id: number } & Record<string, unknown>)[],
) {
  if (rows.length === 0 || fields.length === 0) return;
  const types = fields.map(
    (field) => sql`${sql.ref(field)} ${field === 'business_year' ? sql`integer` : sql`text`}`,
  );
  const sets = fields.map((field) => sql`${sql.ref(field)} = v.${sql.ref(field)}`);
  if (fields.includes('business_phone')) {
    sets.push(sql`verified_phone = b.verified_phone and b.business_phone = v.business_phone`);
  }
  await sql`
    update businesses b set ${sql.join(sets)}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id integer, ${sql.join(types)})
     where b.id = v.id`.execute(trx);
}
