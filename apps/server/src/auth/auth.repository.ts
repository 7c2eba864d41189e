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

/** Stamps the sign-in; the admin's name as the header shows it ('Ana Rivera'), or null. */
export async function markAdminLogin(db: Kysely<Database>, adminId: number): Promise<string | null> {
  const row = await db
    .updateTable('admins')
    .set({ last_login_at: new Date() })
    .where('admin_id', '=', adminId)
    .returning(['admin_first_name', 'admin_last_name'])
    .executeTakeFirst();
  const name = row ? `${row.admin_first_name} ${row.admin_last_name}`.trim() : '';
  return name || null;
}
