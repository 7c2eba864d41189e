// SQL of the subscriptions family.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** The business's current subscription: the newest one. */
export function latestSubscription(db: Kysely<Database>, businessId: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('business_id', '=', businessId)
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
