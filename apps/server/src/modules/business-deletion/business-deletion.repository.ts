// Deleting a business sends it to the master's trash (migration 060): the row and the
// rows that depend on it are copied into business_trash, then the business is deleted as before,
// so its content, locations, schedules, subscriptions, billing, access rows and pending email
// changes go with it (ON DELETE CASCADE) and every list, lookup and count loses it at once. Its
// change history and access-change history are kept (no foreign key).
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export async function moveBusinessToTrash(
  trx: Transaction<Database>,
  registry: string,
  deletedBy: string,
): Promise<{ id: number; business_name: string; version: string } | undefined> {
  const put = await sql<{ id: number | null }>`
    select business_trash_put(${registry}, ${deletedBy}) as id`.execute(trx);
  const id = put.rows[0]?.id;
  if (id === null || id === undefined) return undefined;
  return trx
    .deleteFrom('businesses')
    .where('id', '=', id)
    .returning(['id', 'business_name', 'version'])
    .executeTakeFirst();
}
