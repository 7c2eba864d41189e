// The password rows the signed-in staff member's own account changes: an admin's row
// of admins; the master's row of master_password (master-password.repository.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function adminPasswordHash(db: Db, adminId: number): Promise<string | null> {
  const row = await db
    .selectFrom('admins')
    .select('admin_password_hash')
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return row?.admin_password_hash ?? null;
}

/** The admin's hash, locked until the transaction ends (two changes of one password wait in turn). */
export async function lockAdminPasswordHash(trx: Transaction<Database>, adminId: number) {
  const row = await trx
    .selectFrom('admins')
    .select('admin_password_hash')
    .where('admin_id', '=', adminId)
    .forUpdate()
    .executeTakeFirst();
  return row?.admin_password_hash ?? null;
}

/** The admin's own new password: no longer one someone else set. */
export async function saveAdminPassword(trx: Transaction<Database>, adminId: number, hash: string) {
  await trx
    .updateTable('admins')
    .set({ admin_password_hash: hash, must_change_password: false, updated_at: new Date() })
    .where('admin_id', '=', adminId)
    .execute();
}
