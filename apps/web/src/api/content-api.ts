// SPEC §7 "Products", "Services", "Employees", "Events" (by registry number) and the business lookup
// by registry of "Business data": the calls of the content lookup, under /admin or /master.
import { LIMITS } from '@portal/contract/limits';
import type { BusinessRow } from './business-data-api.ts';
import { apiRequest, staffPath } from './http-client.ts';

export interface Product {
  id: number;
  product_id: string | null;
  product_item: string;
  product_description: string | null;
  product_price: number | null;
  product_status: string;
  product_visible: boolean;
  product_image: string | null;
  created_at: string;
}

export interface Service {
  service_id: number;
  service_name: string;
  service_description: string | null;
  service_category: string | null;
  service_price_type: string | null;
  service_min_price: number | null;
  service_max_price: number | null;
  service_cost: number | null;
  service_capacity: number | null;
  service_duration: string | null;
  service_visibility: boolean;
  service_image_count: number;
  created_at: string;
}

export interface Employee {
  employee_id: number;
  employee_first_name: string;
  employee_last_name: string;
  employee_email: string | null;
  employee_phone: string | null;
  employee_gender: string | null;
  /** A calendar date, 'YYYY-MM-DD'. */
  employee_start_date: string | null;
  employee_departure_date: string | null;
  employee_status: string;
  employee_is_owner: boolean;
  employee_documents: string[];
  employee_services: string[];
  employee_visible: boolean;
  employee_enrollment_date: string | null;
}

export interface BusinessEvent {
  event_id: number;
  event_title: string;
  /** A calendar date, 'YYYY-MM-DD', and a time of day, 'HH:MM:SS'. */
  event_date: string | null;
  event_time: string | null;
  event_description: string | null;
  event_status: string;
  event_guest_limit: number | null;
  event_cost: number | null;
  event_price: number | null;
  event_location: string | null;
  event_visible: boolean;
  event_creation_date: string;
  event_updated_date: string;
}

export type ContentList<K extends string, T> = { [key in K]: T[] } & { total_count: number };

const registryTail = (registry: string) => `/registry/${encodeURIComponent(registry)}`;
const lookupQuery = { limit: LIMITS.contentLookupLimit, offset: 0 };

/** GET .../business-data/registry/{r}: 404 'Resource not found' for an unknown registry number. */
export async function getBusinessByRegistry(registry: string): Promise<BusinessRow> {
  const answer = await apiRequest<{ business: BusinessRow }>(
    staffPath(`/business-data/api/v1/business-data${registryTail(registry)}`),
  );
  return answer.business;
}

/** The first page (SPEC §7: limit 100) of one content family's list for a business. */
function contentList<K extends string, T>(key: K) {
  return (registry: string) =>
    apiRequest<ContentList<K, T>>(
      staffPath(`/business-${key}/api/v1/business-${key}${registryTail(registry)}`),
      {
        query: lookupQuery,
      },
    );
}

export const listProductsByRegistry = contentList<'products', Product>('products');
export const listServicesByRegistry = contentList<'services', Service>('services');
export const listEmployeesByRegistry = contentList<'employees', Employee>('employees');
export const listEventsByRegistry = contentList<'events', BusinessEvent>('events');
