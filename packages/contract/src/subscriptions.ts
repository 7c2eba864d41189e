// Subscriptions family (SPEC §3, §7, §8). Amounts are integer cents.
import { z } from 'zod';
import { limitSchema, offsetSchema } from './list-filters.ts';

export const SubscriptionHistoryQuery = z.object({ limit: limitSchema(100), offset: offsetSchema });

/** stripe_details / paypal_details of SPEC §3, as stored in provider_details. */
export interface ProviderDetails {
  subscription_id?: string;
  customer_id?: string;
  plan_id?: string;
  current_amount?: number;
  plan_amount?: number;
  currency?: string;
  billing_interval?: string;
  /** Billed every this many intervals (3 with 'month': every three months); absent when unknown. */
  interval_count?: number;
  current_period_start?: string | null;
  current_period_end?: string | null;
  trial_end?: string | null;
  canceled_at?: string | null;
  cancel_at_period_end?: boolean;
  payer_email?: string;
}

export interface Subscription {
  id: number;
  business_registry_number: string;
  subscription_provider: 'stripe' | 'paypal';
  subscription_tier: string;
  subscription_status: string;
  subscription_renews: boolean;
  billing_email: string | null;
  created_at: string;
  updated_at: string;
  /** 'Stripe' or 'PayPal' when a webhook wrote it last; null otherwise. */
  updated_by: string | null;
  stripe_details?: ProviderDetails;
  paypal_details?: ProviderDetails;
}

export interface BillingHistoryItem {
  id: number;
  amount: number;
  currency: string;
  transaction_date: string;
  provider: string;
  tier: string;
  status: string;
}

/** Where a billing item's dispute (chargeback) stands; null when its payment was never disputed. */
export type DisputeStatus = 'open' | 'won' | 'lost';

/**
 * A billing item's status as the API and the history show it: its payment's status, unless the
 * payment is disputed. A dispute won leaves a refunded payment refunded (the money is gone anyway).
 */
export function billingItemStatus(status: string, dispute: string | null | undefined): string {
  if (dispute === 'open') return 'disputed';
  if (dispute === 'lost') return 'dispute_lost';
  if (dispute === 'won' && status !== 'refunded') return 'dispute_won';
  return status;
}
