// Bulk actions on the directory, and the registry numbers of a whole search.
//   POST /{admin|master}/business-data/api/v1/business-data/bulk
//   GET  /{admin|master}/business-data/api/v1/business-data/registry-numbers
import type { BusinessBulkInput, BusinessBulkResult } from '@portal/contract/business-bulk';
import type { BusinessFilterQuery } from './business-data-api.ts';
import { apiRequest, staffPath } from './http-client.ts';

const path = (tail: string) => staffPath(`/business-data/api/v1/business-data${tail}`);

export function runBusinessBulk(body: BusinessBulkInput, signal?: AbortSignal): Promise<BusinessBulkResult> {
  return apiRequest<BusinessBulkResult>(path('/bulk'), { method: 'POST', body, signal });
}

export interface RegistryNumbersAnswer {
  registry_numbers: string[];
  total_count: number;
  /** More matches than were sent (the cap of 1,000). */
  truncated: boolean;
}

export function searchRegistryNumbers(
  filters: BusinessFilterQuery,
  signal?: AbortSignal,
): Promise<RegistryNumbersAnswer> {
  return apiRequest<RegistryNumbersAnswer>(path('/registry-numbers'), { query: { ...filters }, signal });
}
