// Moves an embedded deployment (PGlite in DATA_DIR) to PostgreSQL: the target is migrated with
// migrate(), then every table's rows are copied in one transaction, in foreign-key order, with
// the tables' own triggers off (so the change log gets no second INSERT row per business), and
// every sequence is set where the source's stands. pglite-tools' pg_dump needs another PGlite
// version, so the copy is ours: rows travel as JSON text, which keeps every value exact.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type DatabaseHandle, openPGlite, openPostgres } from './connection.ts';
import { migrate } from './migrate.ts';
import type { Database } from './types.ts';

export class MoveError extends Error {}

/** Rows per INSERT: one JSON parameter each. */
const BATCH_ROWS = 2_000;

/** Tables whose rows make a database "in use": the move never writes over them. */
const USER_DATA_TABLES = ['businesses', 'admins'] as const;

export interface MoveReport {
  /** Rows copied per table, in the order they were copied. */
  tables: { table: string; rows: number }[];
  /** How the target's triggers were kept from firing. */
  triggersOff: 'session_replication_role' | 'disable trigger';
}

/** PGlite keeps postmaster.pid in its folder while open and removes it on a clean close. */
function assertClosed(dataDir: string) {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new MoveError(`${dataDir} holds no database`);
  if (existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new MoveError(
      `${dataDir} is in use (postmaster.pid): stop the server first. If it is not running, it ` +
        'did not stop cleanly: start it once and stop it with Ctrl+C or SIGTERM.',
    );
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public tables, each after the tables its foreign keys point to. */
async function tablesInForeignKeyOrder(db: Kysely<Database>): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       and c.relname <> 'schema_migrations'
     order by 1`.execute(db);
  const { rows: keys } = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`.execute(db);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const key of keys) if (key.child === table) visit(key.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const { name } of tables) visit(name, new Set());
  return ordered;
}

/** Columns a row can be given (not generated ones such as businesses.search_text). */
async function writableColumns(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_attribute a
     where a.attrelid = ${`public.${ident(table)}`}::regclass and a.attnum > 0
       and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`.execute(db);
  return rows.map((row) => row.name);
}

async function sequencesOf(pglite: PGlite) {
  const { rows } = await pglite.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const states: { name: string; last_value: string; is_called: boolean }[] = [];
  for (const { name } of rows) {
    const state = await pglite.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from public.${ident(name)}`,
    );
    states.push({ name, ...state.rows[0]! });
  }
  return states;
}

/**
 * Keeps the target's triggers from firing for this transaction: session_replication_role
 * (superuser, or granted) also skips foreign-key checks; otherwise the owner disables its
 * tables' own triggers (foreign keys are still checked: the copy is in their order).
 */
async function triggersOff(trx: Transaction<Database>, tables: string[]) {
  await sql`savepoint move_replica_role`.execute(trx);
  try {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`release savepoint move_replica_role`.execute(trx);
    return { how: 'session_replication_role' as const, restore: async () => {} };
  } catch {
    await sql`rollback to savepoint move_replica_role`.execute(trx);
    for (const table of tables)
      await sql.raw(`alter table ${ident(table)} disable trigger user`).execute(trx);
    return {
      how: 'disable trigger' as const,
      restore: async () => {
        for (const table of tables) {
          await sql.raw(`alter table ${ident(table)} enable trigger user`).execute(trx);
        }
      },
    };
  }
}

async function copyTable(source: PGlite, trx: Transaction<Database>, table: string, columns: string[]) {
  const list = columns.map(ident).join(', ');
  const select = `select ctid::text as at, row_to_json(t)::text as row from public.${ident(table)} t
                   where ctid > $1::tid order by ctid limit ${BATCH_ROWS}`;
  let after = '(0,0)';
  let copied = 0;
  for (;;) {
    const { rows } = await source.query<{ at: string; row: string }>(select, [after]);
    if (rows.length === 0) return copied;
    const json = `[${rows.map((row) => row.row).join(',')}]`;
    const into = `insert into public.${ident(table)} (${list}) overriding system value
                  select ${list} from json_populate_recordset(null::public.${ident(table)}, `;
    await sql`${sql.raw(into)}${json}::json)`.execute(trx);
    copied += rows.length;
    after = rows.at(-1)!.at;
  }
}

async function refuseIfInUse(db: Kysely<Database>) {
  for (const table of USER_DATA_TABLES) {
    const { rows } = await sql<{ used: boolean }>`
      select exists (select 1 from ${sql.table(table)}) as used`.execute(db);
    if (rows[0]?.used) {
      throw new MoveError(
        `The target database already has ${table}: move into a new, empty database ` +
          '(nothing was changed).',
      );
    }
  }
}

/**
 * Copies the embedded database in `dataDir` (server stopped) into the empty PostgreSQL database at
 * `targetUrl`. All or nothing: a failure leaves the target as migrate() left it. DATA_DIR is only
 * read (after bringing its schema up to date, as a server start would).
 */
export async function moveToPostgres(dataDir: string, targetUrl: string): Promise<MoveReport> {
  assertClosed(dataDir);
  let source: DatabaseHandle | undefined;
  let target: DatabaseHandle | undefined;
  try {
    source = await openPGlite({ dataDir });
    target = openPostgres(targetUrl, 2, { statementTimeoutMs: 0 });
    await target.ping().catch((error: unknown) => {
      throw new MoveError(`PostgreSQL does not answer at the given URL: ${(error as Error).message}`);
    });
    await migrate(source);
    await migrate(target);
    await refuseIfInUse(target.db);
    const tables = await tablesInForeignKeyOrder(target.db);
    const pglite = source.pglite!;
    const sequences = await sequencesOf(pglite);
    const report = await target.db.transaction().execute(async (trx) => {
      const off = await triggersOff(trx, tables);
      // What migrate() put there (e.g. the directory totals) makes way for the source's rows.
      for (const table of [...tables].reverse()) await sql.raw(`delete from ${ident(table)}`).execute(trx);
      const copied: MoveReport['tables'] = [];
      for (const table of tables) {
        const columns = await writableColumns(trx, table);
        copied.push({ table, rows: await copyTable(pglite, trx, table, columns) });
      }
      for (const sequence of sequences) {
        await sql`select setval(${`public.${ident(sequence.name)}`}::regclass, ${sequence.last_value}::bigint, ${sequence.is_called})`.execute(
          trx,
        );
      }
      await off.restore();
      return { tables: copied, triggersOff: off.how };
    });
    await sql`analyze`.execute(target.db);
    return report;
  } finally {
    await target?.close();
    await source?.close();
  }
}
