// The only code that touches the admins and admin_registration_logs tables for this family.
import type { AdminListQuery } from '@portal/contract/admin-registration';
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

const ADMIN_COLUMNS = [
  'admin_id',
  'admin_first_name',
  'admin_last_name',
  'admin_email',
  'admin_phone',
  'access_status',
  'created_at',
  'updated_at',
  'last_login_at',
  'version',
] as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Names, email (accent- and case-insensitive) or the exact id. */
function matches(term: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(term)}%`;
  const byId = /^[0-9]{1,9}$/.test(term) ? sql<SqlBool>` or admin_id = ${Number(term)}` : sql``;
  return sql<SqlBool>`(f_search_text(admin_first_name || ' ' || admin_last_name || ' ' || admin_email)
    like f_search_text(${pattern})${byId})`;
}

export const findAdmin = (db: Db, adminId: number) =>
  db.selectFrom('admins').select(ADMIN_COLUMNS).where('admin_id', '=', adminId).executeTakeFirst();

/** The row under a lock until the transaction ends, with who changed it last (If-Match). */
export const lockAdmin = (trx: Db, adminId: number) =>
  trx
    .selectFrom('admins')
    .select([...ADMIN_COLUMNS, 'version_changed_by', 'version_changed_at'])
    .where('admin_id', '=', adminId)
    .forUpdate()
    .executeTakeFirst();

export async function emailTaken(db: Db, email: string, exceptAdminId?: number): Promise<boolean> {
  let query = db
    .selectFrom('admins')
    .select('admin_id')
    .where(sql`lower(admin_email)`, '=', email.toLowerCase());
  if (exceptAdminId !== undefined) query = query.where('admin_id', '!=', exceptAdminId);
  return (await query.executeTakeFirst()) !== undefined;
}

export const insertAdmin = (
  trx: Db,
  values: {
    admin_first_name: string;
    admin_last_name: string;
    admin_email: string;
    admin_phone: string | null;
    admin_password_hash: string;
    access_status: string;
    must_change_password: boolean;
  },
) => trx.insertInto('admins').values(values).returning(ADMIN_COLUMNS).executeTakeFirstOrThrow();

export async function insertRegistrationLog(
  trx: Db,
  values: {
    admin_id: number;
    admin_first_name: string;
    admin_last_name: string;
    admin_email: string;
    master_user: string;
    ip_address: string | null;
    user_agent: string | null;
  },
): Promise<void> {
  await trx.insertInto('admin_registration_logs').values(values).execute();
}

/** The keys of the list's friendly sorts; any other sort_by is its column. */
const ADMIN_SORT_KEYS: Partial<Record<AdminListQuery['sort_by'], RawBuilder<unknown>[]>> = {
  name: [sql`lower(admin_first_name)`, sql`lower(admin_last_name)`],
  email: [sql`lower(admin_email)`],
  status: [sql`access_status`, sql`created_at`],
};

export async function listAdmins(db: Db, query: AdminListQuery) {
  let filtered = db.selectFrom('admins');
  if (query.access_status) filtered = filtered.where('access_status', '=', query.access_status);
  if (query.search) filtered = filtered.where(matches(query.search));
  const [rows, count] = await Promise.all([
    filtered
      .select(ADMIN_COLUMNS)
      .$call((rows) => {
        let sorted = rows;
        for (const key of ADMIN_SORT_KEYS[query.sort_by] ?? [sql.ref(query.sort_by)])
          sorted = sorted.orderBy(key, query.sort_order);
        return sorted;
      })
      .orderBy('admin_id', query.sort_order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const searchAdmins = (db: Db, term: string, limit: number) =>
  db
    .selectFrom('admins')
    .select(ADMIN_COLUMNS)
    .where(matches(term))
    .orderBy('created_at', 'desc')
    .orderBy('admin_id', 'desc')
    .limit(limit)
    .execute();

export const updateAdmin = (
  trx: Db,
  adminId: number,
  patch: Partial<{
    admin_first_name: string;
    admin_last_name: string;
    admin_email: string;
    admin_phone: string;
    access_status: string;
    admin_password_hash: string;
    must_change_password: boolean;
  }>,
) =>
  trx
    .updateTable('admins')
    .set({ ...patch, updated_at: new Date() })
    .where('admin_id', '=', adminId)
    .returning(ADMIN_COLUMNS)
    .executeTakeFirst();

/**
 * Locks the rows so a bulk action sees and changes one consistent set. In admin_id order: two
 * bulk actions on the same admins then queue one behind the other instead of deadlocking. With who
 * changed each last (a stale version's 412).
 */
export const lockAdmins = (trx: Db, adminIds: number[]) =>
  trx
    .selectFrom('admins')
    .select([...ADMIN_COLUMNS, 'version_changed_by', 'version_changed_at'])
    .where('admin_id', 'in', adminIds)
    .orderBy('admin_id')
    .forUpdate()
    .execute();

export const setStatus = (trx: Db, adminIds: number[], status: string) =>
  trx
    .updateTable('admins')
    .set({ access_status: status, updated_at: new Date() })
    .where('admin_id', 'in', adminIds)
    .returning(ADMIN_COLUMNS)
    .execute();

export const deleteAdmins = (trx: Db, adminIds: number[]) =>
  trx.deleteFrom('admins').where('admin_id', 'in', adminIds).returning(ADMIN_COLUMNS).execute();

export async function adminStats(db: Db) {
  const row = await db
    .selectFrom('admins')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) filter (where access_status = 'pending')`.as('pending'),
      sql<number>`count(*) filter (where access_status = 'active')`.as('active'),
      sql<number>`count(*) filter (where access_status = 'inactive')`.as('inactive'),
      sql<number>`count(*) filter (where access_status = 'suspended')`.as('suspended'),
      sql<number>`count(*) filter (where created_at > now() - interval '30 days')`.as('recent'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total_admins: Number(row.total),
    pending_admins: Number(row.pending),
    active_admins: Number(row.active),
    inactive_admins: Number(row.inactive),
    suspended_admins: Number(row.suspended),
    recent_registrations: Number(row.recent),
  };
}

export async function listRegistrations(db: Db, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('admin_registration_logs')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('admin_registration_logs')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export const registrationOf = (db: Db, adminId: number) =>
  db
    .selectFrom('admin_registration_logs')
    .selectAll()
    .where('admin_id', '=', adminId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
