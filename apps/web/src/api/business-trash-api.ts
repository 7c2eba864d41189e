// The master's trash: /master/business-trash/api/v1/business-trash, master only.
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import type { BusinessRow } from './business-data-api.ts';
import { apiRequest } from './http-client.ts';

export interface TrashedBusiness {
  business_registry_number: string;
  business_name: string;
  business_email: string;
  deleted_at: string;
  deleted_by: string;
}

export interface TrashPage {
  businesses: TrashedBusiness[];
  total_count: number;
}

const registryPath = (registry: string) => `${BUSINESS_TRASH_PATH}/registry/${encodeURIComponent(registry)}`;

export interface TrashQuery {
  search?: string;
  limit: number;
  offset: number;
}

export function listTrash(query: TrashQuery, signal?: AbortSignal): Promise<TrashPage> {
  return apiRequest<TrashPage>(BUSINESS_TRASH_PATH, {
    query: { search: query.search, limit: query.limit, offset: query.offset },
    signal,
  });
}

/** Brings the business back whole; a 409 names the field another business took meanwhile. */
export async function restoreBusiness(registry: string): Promise<BusinessRow> {
  const answer = await apiRequest<{ business: BusinessRow }>(`${registryPath(registry)}/restore`, {
    method: 'POST',
  });
  return answer.business;
}

/** Deletes the business for good. */
export async function purgeBusiness(registry: string): Promise<void> {
  await apiRequest<unknown>(registryPath(registry), { method: 'DELETE' });
}
