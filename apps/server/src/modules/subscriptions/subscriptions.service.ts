// Subscriptions: the current plan and its billing history (SPEC §3, §7). Amounts stay in cents.
import { MSG } from '@portal/contract/messages';
import type { ProviderDetails, Subscription } from '@portal/contract/subscriptions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { notFound } from '../../http/http-error.ts';
import { requireBusiness } from '../content-common/business-lookup.ts';
import * as repo from './subscriptions.repository.ts';

/** 404 with 'not found' for an unknown business or one without a subscription (SPEC §8). */
export async function currentSubscription(db: Kysely<Database>, registry: string): Promise<Subscription> {
  const business = await requireBusiness(db, registry);
  const row = await repo.latestSubscription(db, business.id);
  if (!row) throw notFound(MSG.subscriptionNotFound);
  const provider = row.subscription_provider === 'paypal' ? 'paypal' : 'stripe';
  const details = (row.provider_details ?? {}) as ProviderDetails;
  return {
    id: row.id,
    business_registry_number: business.business_registry_number,
    subscription_provider: provider,
    subscription_tier: row.subscription_tier,
    subscription_status: row.subscription_status,
    subscription_renews: row.subscription_renews,
    billing_email: row.billing_email,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
    ...(provider === 'paypal' ? { paypal_details: details } : { stripe_details: details }),
  };
}

export async function subscriptionHistory(
  db: Kysely<Database>,
  registry: string,
  limit: number,
  offset: number,
) {
  const business = await requireBusiness(db, registry);
  const { items, total_count } = await repo.billingHistory(db, business.id, limit, offset);
  return { history: items, total_count };
}
