// SPEC §7 "Subscriptions": a business's current plan and its billing history, under /admin or /master.
// Amounts are integer cents (SPEC §3).
import type { BillingHistoryItem, Subscription } from '@portal/contract/subscriptions';
import {
  UNMATCHED_EVENTS_PATH,
  type UnmatchedEventResolution,
  type UnmatchedWebhookEvent,
} from '@portal/contract/webhooks';
import { apiRequest, staffPath } from './http-client.ts';

export type { BillingHistoryItem, ProviderDetails, Subscription } from '@portal/contract/subscriptions';

/** One page of billing history is plenty: a plan bills at most monthly. */
export const BILLING_HISTORY_LIMIT = 100;

const base = (registry: string) =>
  staffPath(`/business-subscriptions/api/v1/business-subscriptions/registry/${encodeURIComponent(registry)}`);

/** 404 whose message contains 'not found' when the business has no subscription (DESIGN §8). */
export async function getSubscription(registry: string): Promise<Subscription> {
  const answer = await apiRequest<{ subscription: Subscription }>(base(registry));
  return answer.subscription;
}

export function getBillingHistory(registry: string) {
  return apiRequest<{ history: BillingHistoryItem[]; total_count: number }>(`${base(registry)}/history`, {
    query: { limit: BILLING_HISTORY_LIMIT, offset: 0 },
  });
}

export type { UnmatchedWebhookEvent } from '@portal/contract/webhooks';

/** The master's list of payment events that named no business, newest first; resolved ones only if asked. */
export function getUnmatchedPaymentEvents(
  limit: number,
  offset: number,
  includeResolved: boolean,
  signal?: AbortSignal,
) {
  return apiRequest<{ events: UnmatchedWebhookEvent[]; total_count: number }>(UNMATCHED_EVENTS_PATH, {
    query: { limit, offset, include_resolved: includeResolved || undefined },
    signal,
  });
}

/** Marks an unmatched event resolved (off the list of work left) or open again; audited. */
export async function setUnmatchedEventResolved(id: number, resolved: boolean) {
  const body: UnmatchedEventResolution = { resolved };
  const answer = await apiRequest<{ event: UnmatchedWebhookEvent }>(`${UNMATCHED_EVENTS_PATH}/${id}`, {
    method: 'PATCH',
    body,
  });
  return answer.event;
}
