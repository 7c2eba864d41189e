// The admin rows sign-in reads and touches.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findAdminForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('admins')
    .select(['admin_id', 'admin_email', 'admin_password_hash', 'access_status'])
    .where(sql`lower(admin_email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** What a sign-in of the admin is checked against now; `lock`: locked until the transaction ends. */
export function adminSignInState(db: Db, adminId: number, lock = false) {
  const query = db
    .selectFrom('admins')
    .select(['admin_password_hash', 'access_status'])
    .where('admin_id', '=', adminId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Records the sign-in: whether the admin must still change a password someone else set, and the
 * admin's name as the header shows it ('Ana Rivera', or null).
 */
export async function markAdminLogin(
  db: Db,
  adminId: number,
): Promise<{ mustChange: boolean; name: string | null }> {
  const row = await db
    .updateTable('admins')
    .set({ last_login_at: new Date() })
    .where('admin_id', '=', adminId)
    .returning(['must_change_password', 'admin_first_name', 'admin_last_name'])
    .executeTakeFirst();
  const name = row ? `${row.admin_first_name} ${row.admin_last_name}`.trim() : '';
  return { mustChange: row?.must_change_password === true, name: name || null };
}

export async function adminMustChangePassword(db: Db, adminId: number): Promise<boolean> {
  const row = await db
    .selectFrom('admins')
    .select('must_change_password')
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return row?.must_change_password === true;
}
