// SQL of the access family: per-business access records and their change history.

import type { AccessType } from '@portal/contract/enums';
import { AccessControl } from '@portal/contract/responses';
import { CompiledQuery, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { MASTER_ACTOR } from '../../auth/session.service.ts';
import { qualified, recordColumns } from '../../db/record-columns.ts';
import type { Database } from '../../db/types.ts';

const ACCESS_COLUMNS = recordColumns('access_controls', AccessControl, [
  'admin_email',
  'admin_name',
  'turned_off_by_master',
]);

const RECORD_COLUMNS = [...qualified('access_controls', ACCESS_COLUMNS), 'admins.admin_email'] as const;

const ADMIN_NAME = "nullif(trim(concat_ws(' ', admins.admin_first_name, admins.admin_last_name)), '')";
const adminName = sql<string | null>`${sql.raw(ADMIN_NAME)}`;

const records = (db: Kysely<Database>) =>
  db
    .selectFrom('access_controls')
    .leftJoin('admins', 'admins.admin_id', 'access_controls.admin_id')
    .select(RECORD_COLUMNS)
    .select(adminName.as('admin_name'));

/**
 * The access screen's read, in one statement of text (a busy read: db/sql-parameters.ts): the
 * business a registry number names (what the screen shows of it), then its records, the master's
 * first and then one per admin; a business with no records is one row of nulls for them. It starts
 * with 'select', so the pool prepares it (isPreparable).
 */
const ACCESS_PAGE = `select b.business_registry_number, b.business_name, b.business_owner,
         ${ACCESS_COLUMNS.map((column) => `r.${column}`).join(', ')}, r.admin_email, r.admin_name
    from businesses as b
    left join lateral (
      select ${RECORD_COLUMNS.join(', ')}, ${ADMIN_NAME} as admin_name
        from access_controls left join admins on admins.admin_id = access_controls.admin_id
       where access_controls.business_id = b.id
    ) as r on true
   where b.business_registry_number = $1
   order by r.is_master_access desc, r.admin_id`;

export type AccessRecord = Pick<Selectable<Database['access_controls']>, (typeof ACCESS_COLUMNS)[number]> & {
  admin_email: string | null;
  admin_name: string | null;
};

type AccessPageRow = {
  business_registry_number: string;
  business_name: string;
  business_owner: string;
} & {
  [K in keyof AccessRecord]: AccessRecord[K] | null;
};

/** The business a registry number names and its records, or undefined when there is none. */
export async function accessPage(db: Kysely<Database>, registry: string) {
  const statement = CompiledQuery.raw(ACCESS_PAGE, [
    registry.trim().toUpperCase(),
  ]) as CompiledQuery<AccessPageRow>;
  const { rows } = await db.executeQuery(statement);
  const first = rows[0];
  if (!first) return undefined;
  const { business_registry_number, business_name, business_owner } = first;
  return {
    business: { business_registry_number, business_name, business_owner },
    records: rows.filter((row) => row.access_id !== null) as AccessRecord[],
  };
}

/** One record: the master's (adminId null) or an admin's. */
export function findRecord(db: Kysely<Database>, businessId: number, adminId: number | null) {
  const query = records(db).where('access_controls.business_id', '=', businessId);
  return (
    adminId === null
      ? query.where('access_controls.is_master_access', '=', true)
      : query.where('access_controls.admin_id', '=', adminId)
  ).executeTakeFirst();
}

/** Locks the record and returns its current value of one toggle, and its version (If-Match). */
export function lockToggle(trx: Transaction<Database>, accessId: number, type: AccessType) {
  return trx
    .selectFrom('access_controls')
    .select(['access_id', type, 'version', 'version_changed_by', 'version_changed_at'])
    .where('access_id', '=', accessId)
    .forUpdate()
    .executeTakeFirst() as Promise<
    | ({
        access_id: number;
        version: string;
        version_changed_by: string | null;
        version_changed_at: Date | null;
      } & Record<AccessType, boolean>)
    | undefined
  >;
}

export async function setToggle(
  trx: Transaction<Database>,
  accessId: number,
  type: AccessType,
  value: boolean,
) {
  await trx
    .updateTable('access_controls')
    .set({ [type]: value, last_update: new Date() })
    .where('access_id', '=', accessId)
    .execute();
}

export async function insertRecord(trx: Transaction<Database>, businessId: number, adminId: number | null) {
  const { access_id } = await trx
    .insertInto('access_controls')
    .values({ business_id: businessId, admin_id: adminId, is_master_access: adminId === null })
    .returning('access_id')
    .executeTakeFirstOrThrow();
  return access_id;
}

export async function insertChangeLog(
  trx: Transaction<Database>,
  entry: {
    business_registry_number: string;
    access_id: number;
    target_admin_id: number | null;
    access_type: AccessType;
    old_value: boolean;
    new_value: boolean;
    changed_by: string;
    ip_address: string | null;
    user_agent: string | null;
  },
) {
  await trx
    .insertInto('access_change_logs')
    .values({ ...entry, is_master_access: entry.target_admin_id === null })
    .execute();
}

/** A page of a business's toggle changes, newest first (served by access_change_logs_registry). */
export function listChangeLogs(db: Kysely<Database>, registry: string, limit: number, offset: number) {
  return db
    .selectFrom('access_change_logs')
    .leftJoin('admins', 'admins.admin_id', 'access_change_logs.target_admin_id')
    .select([
      'access_change_logs.id',
      'access_change_logs.access_type',
      'access_change_logs.target_admin_id',
      'admins.admin_email as target_admin_email',
      'access_change_logs.is_master_access',
      'access_change_logs.old_value',
      'access_change_logs.new_value',
      'access_change_logs.changed_by',
      'access_change_logs.changed_at',
      'access_change_logs.ip_address',
      'access_change_logs.user_agent',
    ])
    .where('access_change_logs.business_registry_number', '=', registry)
    .orderBy('access_change_logs.changed_at', 'desc')
    .orderBy('access_change_logs.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * For each record of a business, the toggles whose last change was a master turning them off
 * (the master's 'off' binds the admin): one read for all the records and toggles.
 */
export async function turnedOffByMaster(
  db: Kysely<Database>,
  registry: string,
  accessIds: number[],
): Promise<Map<number, AccessType[]>> {
  const bound = new Map<number, AccessType[]>();
  if (accessIds.length === 0) return bound;
  // The registry picks the business's rows by access_change_logs_registry.
  const lastChanges = await db
    .selectFrom('access_change_logs')
    .distinctOn(['access_id', 'access_type'])
    .select(['access_id', 'access_type', 'new_value', 'changed_by'])
    .where('business_registry_number', '=', registry)
    .where('access_id', 'in', accessIds)
    .orderBy('access_id')
    .orderBy('access_type')
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const last of lastChanges) {
    if (last.access_id === null || last.new_value || last.changed_by !== MASTER_ACTOR) continue;
    bound.set(last.access_id, [...(bound.get(last.access_id) ?? []), last.access_type as AccessType]);
  }
  return bound;
}

export type AccessChangeLogRow = Awaited<ReturnType<typeof listChangeLogs>>[number];

export async function countChangeLogs(db: Kysely<Database>, registry: string): Promise<number> {
  const row = await db
    .selectFrom('access_change_logs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('business_registry_number', '=', registry)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
