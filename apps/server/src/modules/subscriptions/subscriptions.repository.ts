// SQL of the subscriptions family.
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

/** Billing items, newest first. */
export async function billingHistory(
  db: Kysely<Database>,
  businessId: number,
  limit: number,
  offset: number,
) {
  const items = await db
    .selectFrom('billing_history')
    .select(['id', 'amount', 'currency', 'transaction_date', 'provider', 'tier', 'status'])
    .where('business_id', '=', businessId)
    .orderBy('transaction_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const counted = await db
    .selectFrom('billing_history')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return { items, total_count: Number(counted.total) };
}
