// Month partitions of the history tables (migration 047) and their retention.
// maintainHistory() runs at start and daily: it creates the partitions of this month and the
// next ones, then, for a table with a retention set, archives each expired month to ARCHIVE_DIR
// (history-archive.ts) and drops it: DETACH + DROP of its partition, no DELETE, so the staff
// audit stays append-only for everything else. Each drop is itself a staff_actions row (actor
// 'system'). One process at a time (exclusive-run.ts), on PostgreSQL on a connection of its own
// outside the pool: archiving a month reads it a batch at a time, each batch a short transaction,
// and writes the file between batches, for minutes on a big month, which must not take one of a
// worker's few pooled connections (as few as two) from requests. Creating or dropping a month
// takes its whole table: while a long reader (an export) holds the table, it is left for the next
// run. restoreArchive() loads an archive back (npm run restore-archive -- <file>).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import { DB_DEFAULTS } from '../config.ts';
import { recordSystemAction } from '../modules/staff-audit/record.ts';
import type { DatabaseHandle } from './connection.ts';
import { exclusivelyOnOwnConnection } from './exclusive-run.ts';
import { type ArchiveValue, archiveRecords, archiveWriter } from './history-archive.ts';
import type { Database } from './types.ts';

export const HISTORY_TABLES = {
  business_change_logs: { id: 'log_id', key: 'changed_at' },
  staff_actions: { id: 'id', key: 'created_at' },
} as const;
export type HistoryTable = keyof typeof HISTORY_TABLES;

/** Months created ahead of the current one at each run (the DEFAULT partition catches the rest). */
export const MONTHS_AHEAD = 2;
// Any constant, distinct from migrate.ts's.
const MAINTENANCE_LOCK_KEY = 724_110_047;
const ARCHIVE_BATCH = 5_000;
const RESTORE_BATCH = 500;
/** How long a month's creation or drop waits for its table before it is left for the next run. */
const LOCK_WAIT = '5s';
const LOCK_NOT_AVAILABLE = '55P03';

export interface HistoryRetention {
  /** Months of business_change_logs kept; undefined keeps all. */
  changeLogMonths?: number;
  /** Months of staff_actions kept; undefined keeps all. */
  staffAuditMonths?: number;
  /** Where expired months are written before they are dropped (required with a retention). */
  archiveDir?: string;
  /** How long each of the run's statements may take (DB_STATEMENT_TIMEOUT_MS; 0: no limit). */
  statementTimeoutMs?: number;
}

export interface DroppedMonth {
  table: HistoryTable;
  month: string; // YYYY-MM
  rows: number;
  archive: string;
}

export interface MaintenanceResult {
  /** Another run held the lock: it does the work. */
  skipped: boolean;
  created: number;
  dropped: DroppedMonth[];
  /** Left for the next run, their table being in use: 'months ahead', or expired months. */
  postponed: string[];
}

export class HistoryArchiveError extends Error {}

/** Creates the months ahead, then archives and drops the expired ones. `now` decides which. */
export async function maintainHistory(
  handle: DatabaseHandle,
  retention: HistoryRetention,
  now: Date = new Date(),
): Promise<MaintenanceResult> {
  const statementTimeoutMs = retention.statementTimeoutMs ?? DB_DEFAULTS.statementTimeoutMs;
  const result = await exclusivelyOnOwnConnection(
    handle,
    MAINTENANCE_LOCK_KEY,
    statementTimeoutMs,
    async (db) => {
      // Meanwhile the DEFAULT partitions take the rows of a month not created.
      const created = await unlessBusy(db, async (trx) => {
        const ensured = await sql<{ created: number }>`
        select history_ensure_months(${now}::timestamptz, ${MONTHS_AHEAD}) as created`.execute(trx);
        return Number(ensured.rows[0]?.created ?? 0);
      });
      const postponed = created === undefined ? ['months ahead'] : [];
      const dropped: DroppedMonth[] = [];
      const plan: [HistoryTable, number | undefined][] = [
        ['business_change_logs', retention.changeLogMonths],
        ['staff_actions', retention.staffAuditMonths],
      ];
      for (const [table, months] of plan) {
        if (months === undefined) continue;
        if (!retention.archiveDir) throw new HistoryArchiveError('a retention is set without ARCHIVE_DIR');
        const expired = await expiredMonths(db, table, months, now);
        for (const [i, partition] of expired.entries()) {
          const month = await archiveAndDrop(db, table, partition, retention.archiveDir);
          if (!month) {
            // Its later months would wait for the same reader.
            postponed.push(...expired.slice(i).map((name) => `${table} ${monthOf(name)}`));
            break;
          }
          dropped.push(month);
        }
      }
      return { skipped: false, created: created ?? 0, dropped, postponed };
    },
  );
  return result ?? { skipped: true, created: 0, dropped: [], postponed: [] };
}

/**
 * `work` in a transaction whose locks are waited for LOCK_WAIT at most; undefined when one was
 * not had (rolled back). Waiting longer, in the lock queue behind a long reader (an export's
 * cursor), it would hold every write to the table queued behind it.
 */
async function unlessBusy<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = ${sql.lit(LOCK_WAIT)}`.execute(trx);
      return work(trx);
    });
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return undefined;
    throw error;
  }
}

/** The partitions of `table` (oldest first) whose whole month is more than `months` months before `now`. */
async function expiredMonths(db: Kysely<Database>, table: HistoryTable, months: number, now: Date) {
  const rows = await sql<{ name: string }>`
    select c.relname as name
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = ${table}::regclass
       and c.relname ~ ${`^${table}_[0-9]{4}_[0-9]{2}$`}
       and (to_timestamp(right(c.relname, 7), 'YYYY_MM')::timestamp at time zone 'UTC') + interval '1 month'
           <= ${now}::timestamptz - make_interval(months => ${months})
     order by c.relname`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** 'staff_actions_2025_01' → '2025-01'. */
const monthOf = (partition: string) => partition.slice(-7).replace('_', '-');

export const archiveFileName = (table: HistoryTable, month: string, copy?: number) =>
  `${table}-${month}${copy ? `.${copy}` : ''}.csv.gz`;

async function columnsOf(db: Kysely<Database>, table: HistoryTable): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select attname as name from pg_attribute
     where attrelid = ${table}::regclass and attnum > 0 and not attisdropped
     order by attnum`.execute(db);
  return rows.rows.map((row) => row.name);
}

async function archiveAndDrop(
  db: Kysely<Database>,
  table: HistoryTable,
  partition: string,
  archiveDir: string,
): Promise<DroppedMonth | undefined> {
  const { id } = HISTORY_TABLES[table];
  const month = monthOf(partition);
  mkdirSync(archiveDir, { recursive: true });
  // A month archived before (restored, then expired again) keeps its first file: the next is .2, .3…
  let file = join(archiveDir, archiveFileName(table, month));
  for (let copy = 2; existsSync(file); copy += 1)
    file = join(archiveDir, archiveFileName(table, month, copy));
  const columns = await columnsOf(db, table);
  const writer = archiveWriter(file, columns);
  let rows: number;
  try {
    const list = sql.join(columns.map((column) => sql`${sql.ref(column)}::text`));
    let after: string | null = null;
    for (;;) {
      // In id order, a batch at a time, each value as PostgreSQL writes it (timestamps in UTC).
      const batch: { rows: ArchiveValue[][] } = await db.transaction().execute(async (trx) => {
        await sql`set local timezone = 'UTC'`.execute(trx);
        const next = after === null ? sql`true` : sql`${sql.ref(id)} > ${after}::bigint`;
        const result = await sql<Record<string, ArchiveValue>>`
          select ${list} from ${sql.table(partition)} where ${next}
           order by ${sql.ref(id)} limit ${ARCHIVE_BATCH}`.execute(trx);
        return { rows: result.rows.map((row) => Object.values(row)) };
      });
      for (const row of batch.rows) await writer.write(row);
      if (batch.rows.length < ARCHIVE_BATCH) break;
      after = batch.rows.at(-1)![columns.indexOf(id)] as string;
    }
    rows = await writer.close();
  } catch (error) {
    writer.abort();
    throw error;
  }
  // Each statement has the connection's time limit.
  const done = await unlessBusy(db, async (trx) => {
    await sql`alter table ${sql.table(table)} detach partition ${sql.table(partition)}`.execute(trx);
    // Detached, the month takes no more rows: what it holds now is what must be in the archive.
    const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(partition)}`.execute(
      trx,
    );
    if (count.rows[0]?.n !== rows) {
      throw new HistoryArchiveError(`${partition} changed while it was archived: nothing dropped, try again`);
    }
    await sql`drop table ${sql.table(partition)}`.execute(trx);
    if (table === 'business_change_logs') {
      await sql`delete from business_change_log_months where month = ${`${month}-01T00:00:00Z`}::timestamptz`.execute(
        trx,
      );
    }
    await recordSystemAction(trx, 'history_month_archived', { table, month, rows, archive: basename(file) });
    return true;
  });
  if (!done) {
    rmSync(file); // nothing dropped: the next run archives the month again
    return undefined;
  }
  return { table, month, rows, archive: file };
}

export interface RestoredMonth {
  table: HistoryTable;
  month: string;
  rows: number;
}

/**
 * Loads an archive (business_change_logs-2025-01.csv.gz) back into its table, the month's
 * partition created if needed, in one transaction. A row already there refuses the whole file.
 */
export async function restoreArchive(handle: DatabaseHandle, file: string): Promise<RestoredMonth> {
  const match = /^(business_change_logs|staff_actions)-(\d{4})-(\d{2})(\.\d+)?\.csv\.gz$/.exec(
    basename(file),
  );
  if (!match) {
    throw new HistoryArchiveError(
      `${basename(file)} is not an archive name (business_change_logs-YYYY-MM.csv.gz or staff_actions-YYYY-MM.csv.gz)`,
    );
  }
  if (!existsSync(file)) throw new HistoryArchiveError(`${file} does not exist`);
  const table = match[1] as HistoryTable;
  const month = `${match[2]}-${match[3]}`;
  const { db } = handle;
  const columns = new Set(await columnsOf(db, table));
  await sql`select history_ensure_month(${table}, ${`${month}-01T00:00:00Z`}::timestamptz)`.execute(db);

  const records = archiveRecords(file);
  const header = (await records.next()).value as ArchiveValue[] | undefined;
  if (!header || header.length !== columns.size || header.some((name) => !name || !columns.has(name))) {
    throw new HistoryArchiveError(`${basename(file)}: its header is not the columns of ${table}`);
  }
  const names = sql.join(header.map((name) => sql.ref(name!)));
  let rows = 0;
  try {
    await db.transaction().execute(async (trx) => {
      let batch: ArchiveValue[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const values = sql.join(batch.map((row) => sql`(${sql.join(row)})`));
        await sql`insert into ${sql.table(table)} (${names}) overriding system value values ${values}`.execute(
          trx,
        );
        rows += batch.length;
        batch = [];
      };
      for await (const record of records) {
        if (record.length !== header.length) {
          throw new HistoryArchiveError(
            `${basename(file)}: record ${rows + batch.length + 1} has ${record.length} fields`,
          );
        }
        batch.push(record);
        if (batch.length >= RESTORE_BATCH) await flush();
      }
      await flush();
      await recordSystemAction(trx, 'history_month_restored', {
        table,
        month,
        rows,
        archive: basename(file),
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new HistoryArchiveError(
        `${basename(file)} is already loaded: rows of it are in ${table} (nothing was loaded)`,
      );
    }
    throw error;
  }
  return { table, month, rows };
}
