// The business page's own calls (issue #23, beyond SPEC): its first paint and its content stats,
// under /admin or /master. Its audit section's call is in business-audit-api.ts (it brings zod).
import type { BusinessContentStatsResponse, BusinessPageResponse } from '@portal/contract/responses';
import type { z } from 'zod';
import type { BusinessRow } from './business-data-api.ts';
import { apiRequest, staffPath } from './http-client.ts';

type PageAnswer = z.output<typeof BusinessPageResponse>;
type Json<T> = { [K in keyof T]: T[K] extends Date | string ? string : T[K] };

/** A directory row (timestamps arrive as ISO text) with its registration data. */
export type BusinessPageBusiness = BusinessRow &
  Pick<PageAnswer['business'], 'admin_verified' | 'device_type' | 'referral_source' | 'business_terms'>;
export type BusinessPageLocation = Json<PageAnswer['locations'][number]>;
export interface BusinessPage {
  business: BusinessPageBusiness;
  locations: BusinessPageLocation[];
  counts: PageAnswer['counts'];
  subscription: PageAnswer['subscription'];
}
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
