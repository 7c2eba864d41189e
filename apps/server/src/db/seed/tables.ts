// The tables the seed writes, in load order (parents before children), with the columns it fills.
// Ids of businesses and subscriptions are given explicitly (children refer to them); the other
// tables take their identity defaults. Each list is checked against the generated table types
// (db/generated/tables.ts): it names only columns of its table and every column a row must have,
// so a column added by a migration either takes its default or fails the type check here.
import { ACCESS_TYPES } from '@portal/contract/enums';
import type { Insertable } from 'kysely';
import type { Database } from '../types.ts';

export type Cell = string | number | boolean | null;
export type Row = Cell[];

export const SEED_TABLES = {
  businesses: [
    'id',
    'business_registry_number',
    'business_name',
    'business_owner',
    'business_email',
    'business_phone',
    'business_address',
    'business_category',
    'business_description',
    'business_year',
    'business_terms',
    'verified_email',
    'verified_phone',
    'admin_verified',
    'ip_address',
    'device_type',
    'referral_source',
    'registration_date',
    'business_created_at',
    'updated_at',
  ],
  business_locations: [
    'business_id',
    'location_latitude',
    'location_longitude',
    'location_address_1',
    'location_address_2',
    'location_city',
    'location_country',
    'location_zip',
    'location_scenery_type',
    'location_count',
    'location_main',
    'location_visibility',
    'created_at',
    'updated_at',
  ],
  business_schedules: ['business_id', 'weekday', 'opens_at', 'closes_at', 'is_closed'],
  products: [
    'product_id',
    'business_id',
    'product_item',
    'product_description',
    'product_price',
    'product_status',
    'product_visible',
    'product_image',
    'created_at',
  ],
  services: [
    'business_id',
    'service_name',
    'service_description',
    'service_category',
    'service_price_type',
    'service_min_price',
    'service_max_price',
    'service_cost',
    'service_capacity',
    'service_duration',
    'service_visibility',
    'service_image_count',
    'created_at',
  ],
  employees: [
    'business_id',
    'employee_first_name',
    'employee_last_name',
    'employee_email',
    'employee_phone',
    'employee_gender',
    'employee_start_date',
    'employee_departure_date',
    'employee_status',
    'employee_is_owner',
    'employee_documents',
    'employee_services',
    'employee_visible',
    'employee_enrollment_date',
  ],
  events: [
    'business_id',
    'event_title',
    'event_date',
    'event_time',
    'event_description',
    'event_status',
    'event_guest_limit',
    'event_cost',
    'event_price',
    'event_location',
    'event_visible',
    'event_creation_date',
    'event_updated_date',
  ],
  access_controls: ['business_id', 'admin_id', 'is_master_access', ...ACCESS_TYPES, 'last_update'],
  subscriptions: [
    'id',
    'business_id',
    'subscription_provider',
    'subscription_tier',
    'subscription_status',
    'subscription_renews',
    'billing_email',
    'provider_details',
    'created_at',
    'updated_at',
  ],
  billing_history: [
    'business_id',
    'subscription_id',
    'amount',
    'currency',
    'transaction_date',
    'provider',
    'tier',
    'status',
  ],
  business_change_logs: [
    'business_id',
    'business_registry_number',
    'operation_type',
    'changed_column',
    'old_value',
    'new_value',
    'changed_at',
    'changed_by',
    'ip_address',
    'user_agent',
  ],
} as const satisfies { [T in keyof Database]?: readonly (keyof Database[T] & string)[] };

export type SeedTable = keyof typeof SEED_TABLES;

/** The columns an insert into `T` must give (no default, not nullable). */
type RequiredColumns<T extends keyof Database> = {
  [C in keyof Insertable<Database[T]>]-?: undefined extends Insertable<Database[T]>[C] ? never : C;
}[keyof Insertable<Database[T]>];
type MissingColumns = {
  [T in SeedTable]: Exclude<RequiredColumns<T>, (typeof SEED_TABLES)[T][number]>;
}[SeedTable];
/** Fails to compile, naming the column, when a seeded table gains a column its rows must give. */
const noMissingColumns: [MissingColumns] extends [never] ? true : MissingColumns = true;
void noMissingColumns;
export const SEED_TABLE_NAMES = Object.keys(SEED_TABLES) as SeedTable[];
/** Tables whose identity column the seed fills itself. */
export const EXPLICIT_ID_TABLES: ReadonlySet<SeedTable> = new Set(['businesses', 'subscriptions']);

export type TableRows = Record<SeedTable, Row[]>;

export function emptyTableRows(): TableRows {
  return Object.fromEntries(SEED_TABLE_NAMES.map((name) => [name, []])) as unknown as TableRows;
}
