// The admin rows sign-in reads and touches.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

export function findAdminForLogin(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('admins')
    .select(['admin_id', 'admin_email', 'admin_password_hash', 'access_status'])
    .where(sql`lower(admin_email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function markAdminLogin(db: Kysely<Database>, adminId: number): Promise<void> {
  await db.updateTable('admins').set({ last_login_at: new Date() }).where('admin_id', '=', adminId).execute();
}
