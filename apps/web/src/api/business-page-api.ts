// The business page's own calls (beyond SPEC): its first paint, its content stats and
// the retry of the owner's temporary-password mail, under /admin or /master. Its audit section's call is in business-audit-api.ts (it brings zod).
import type {
  BusinessContentStatsResponse,
  BusinessOwnerAccessRetryResponse,
  BusinessPageResponse,
} from '@portal/contract/responses';
import type { z } from 'zod';
import type { BusinessRow } from './business-data-api.ts';
import { apiRequest, staffPath } from './http-client.ts';

type PageAnswer = z.output<typeof BusinessPageResponse>;
type Json<T> = { [K in keyof T]: T[K] extends Date | string ? string : T[K] };

/** A directory row (timestamps arrive as ISO text) with its registration data. */
export type BusinessPageBusiness = BusinessRow &
  Pick<PageAnswer['business'], 'admin_verified' | 'device_type' | 'referral_source' | 'business_terms'>;
export type BusinessPageLocation = Json<PageAnswer['locations'][number]>;
/** The owner's latest temporary-password mail (its next try arrives as ISO text). */
export type OwnerAccess = Omit<NonNullable<PageAnswer['owner_access']>, 'next_attempt_at'> & {
  next_attempt_at: string | null;
};
export interface BusinessPage {
  business: BusinessPageBusiness;
  locations: BusinessPageLocation[];
  counts: PageAnswer['counts'];
  subscription: PageAnswer['subscription'];
  /** The latest temporary-password mail to the owner; null when none was ever queued. */
  owner_access: OwnerAccess | null;
}
export type OwnerAccessRetry = Omit<z.output<typeof BusinessOwnerAccessRetryResponse>, 'success'>;
export type BusinessContentStats = z.output<typeof BusinessContentStatsResponse>['stats'];

const base = (registry: string) =>
  staffPath(`/business-page/api/v1/business-page/registry/${encodeURIComponent(registry)}`);

/** 404 for an unknown registry number. */
export function getBusinessPage(registry: string, signal?: AbortSignal): Promise<BusinessPage> {
  return apiRequest<BusinessPage>(base(registry), { signal });
}

export async function getBusinessContentStats(
  registry: string,
  signal?: AbortSignal,
): Promise<BusinessContentStats> {
  const answer = await apiRequest<{ stats: BusinessContentStats }>(`${base(registry)}/content-stats`, {
    signal,
  });
  return answer.stats;
}

/** Sends again the owner's temporary-password mail that failed on every try; 409 when it is not failed. */
export function retryOwnerAccess(registry: string): Promise<OwnerAccessRetry> {
  return apiRequest<OwnerAccessRetry>(`${base(registry)}/owner-access/retry`, { method: 'POST' });
}
