// Deleting a business: its content, locations, schedules, subscriptions, billing, access rows
// and pending email changes go with it through ON DELETE CASCADE (migrations 003–007); its
// change history and access-change history are kept (no foreign key).
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

export async function deleteBusiness(
  trx: Transaction<Database>,
  registry: string,
): Promise<{ id: number; business_name: string } | undefined> {
  return trx
    .deleteFrom('businesses')
    .where('business_registry_number', '=', registry)
    .returning(['id', 'business_name'])
    .executeTakeFirst();
}
