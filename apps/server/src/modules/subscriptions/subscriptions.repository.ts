// SQL of the subscriptions family.
import { billingItemStatus } from '@portal/contract/subscriptions';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

/**
 * The business's current subscription: the newest live one (active, then past due, then
 * incomplete), else the newest. A newer attempt that expired does not hide the one being paid.
 */
export function latestSubscription(db: Kysely<Database>, businessId: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('business_id', '=', businessId)
    .orderBy(
      sql`case subscription_status when 'active' then 0 when 'past_due' then 1 when 'incomplete' then 2 else 3 end`,
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Billing items, newest first; a disputed one with its dispute's status (billingItemStatus). */
export async function billingHistory(
  db: Kysely<Database>,
  businessId: number,
  limit: number,
  offset: number,
) {
  const rows = await db
    .selectFrom('billing_history')
    .select(['id', 'amount', 'currency', 'transaction_date', 'provider', 'tier', 'status', 'dispute_status'])
    .where('business_id', '=', businessId)
    .orderBy('transaction_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const items = rows.map(({ dispute_status, ...item }) => ({
    ...item,
    status: billingItemStatus(item.status, dispute_status),
  }));
  const counted = await db
    .selectFrom('billing_history')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return { items, total_count: Number(counted.total) };
}
