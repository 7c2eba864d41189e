// Kysely table types, mirroring migrations/. Numbers come back as numbers (see parsers.ts),
// `date` and `time` columns as strings, timestamps as Date.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DefaultBool = ColumnType<boolean, boolean | undefined, boolean>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface AdminsTable {
  admin_id: Generated<number>;
  admin_first_name: string;
  admin_last_name: string;
  admin_email: string;
  admin_phone: string | null;
  admin_password_hash: string;
  access_status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: Date | null;
}

export interface AdminRegistrationLogsTable {
  id: Generated<number>;
  admin_id: number;
  admin_first_name: string;
  admin_last_name: string;
  admin_email: string;
  master_user: string;
  registration_date: ColumnType<string, string | undefined, string>;
  registration_time: ColumnType<string, string | undefined, string>;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  session_id: string;
  login_type: 'admin' | 'master';
  admin_id: number | null;
  master_key_hash: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Date | string;
  revoked_at: Date | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  identifier: string;
  ip_address: string;
  succeeded: boolean;
  attempted_at: Timestamp;
}

export interface BusinessesTable {
  id: Generated<number>;
  business_registry_number: ColumnType<string, string | undefined, never>;
  business_name: string;
  business_owner: string;
  business_email: string;
  business_phone: string;
  business_address: string | null;
  business_category: string | null;
  business_description: string | null;
  business_year: number | null;
  business_terms: DefaultBool;
  password_hash: string | null;
  must_change_password: DefaultBool;
  verified_email: DefaultBool;
  verified_phone: DefaultBool;
  admin_verified: DefaultBool;
  ip_address: string | null;
  device_type: string | null;
  referral_source: string | null;
  registration_date: Timestamp;
  business_created_at: Timestamp;
  updated_at: Timestamp;
  search_text: ColumnType<string, never, never>;
}

export interface BusinessLocationsTable {
  location_id: Generated<number>;
  business_id: number;
  location_latitude: number;
  location_longitude: number;
  location_address_1: string;
  location_address_2: string | null;
  location_city: string;
  location_country: ColumnType<string, string | undefined, string>;
  location_zip: string;
  location_scenery_type: string | null;
  location_count: ColumnType<number, number | undefined, number>;
  location_main: DefaultBool;
  location_visibility: DefaultBool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BusinessSchedulesTable {
  schedule_id: Generated<number>;
  business_id: number;
  weekday: number;
  opens_at: string | null;
  closes_at: string | null;
  is_closed: DefaultBool;
}

export interface ProductsTable {
  id: Generated<number>;
  product_id: string;
  business_id: number;
  product_item: string;
  product_description: string | null;
  product_price: ColumnType<number, number | undefined, number>;
  product_status: ColumnType<string, string | undefined, string>;
  product_visible: DefaultBool;
  product_image: string | null;
  created_at: Timestamp;
}

export interface ServicesTable {
  service_id: Generated<number>;
  business_id: number;
  service_name: string;
  service_description: string | null;
  service_category: string | null;
  service_price_type: ColumnType<string, string | undefined, string>;
  service_min_price: number | null;
  service_max_price: number | null;
  service_cost: number | null;
  service_capacity: number | null;
  service_duration: string | null;
  service_visibility: DefaultBool;
  service_image_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface EmployeesTable {
  employee_id: Generated<number>;
  business_id: number;
  employee_first_name: string;
  employee_last_name: string;
  employee_email: string | null;
  employee_phone: string | null;
  employee_gender: string | null;
  employee_start_date: string | null;
  employee_departure_date: string | null;
  employee_status: ColumnType<string, string | undefined, string>;
  employee_is_owner: DefaultBool;
  employee_documents: Json<string[]>;
  employee_services: Json<string[]>;
  employee_visible: DefaultBool;
  employee_enrollment_date: Timestamp;
}

export interface EventsTable {
  event_id: Generated<number>;
  business_id: number;
  event_title: string;
  event_date: string;
  event_time: string | null;
  event_description: string | null;
  event_status: ColumnType<string, string | undefined, string>;
  event_guest_limit: number | null;
  event_cost: number | null;
  event_price: number | null;
  event_location: string | null;
  event_visible: DefaultBool;
  event_creation_date: Timestamp;
  event_updated_date: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  business_id: number;
  subscription_provider: string;
  subscription_tier: string;
  subscription_status: string;
  subscription_renews: DefaultBool;
  billing_email: string | null;
  provider_details: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BillingHistoryTable {
  id: Generated<number>;
  business_id: number;
  subscription_id: number | null;
  amount: number;
  currency: ColumnType<string, string | undefined, string>;
  transaction_date: Date | string;
  provider: string;
  tier: string;
  status: string;
}

export interface AccessControlsTable {
  access_id: Generated<number>;
  business_id: number;
  admin_id: number | null;
  is_master_access: DefaultBool;
  public_access: DefaultBool;
  product_access: DefaultBool;
  service_access: DefaultBool;
  employee_access: DefaultBool;
  event_access: DefaultBool;
  qr_access: DefaultBool;
  last_update: Timestamp;
}

export interface AccessChangeLogsTable {
  id: Generated<number>;
  business_registry_number: string;
  access_id: number | null;
  target_admin_id: number | null;
  is_master_access: boolean;
  access_type: string;
  old_value: boolean | null;
  new_value: boolean;
  changed_by: string;
  ip_address: string | null;
  user_agent: string | null;
  changed_at: Timestamp;
}

export interface BusinessChangeLogsTable {
  log_id: Generated<number>;
  business_id: number;
  business_registry_number: string;
  operation_type: string;
  changed_column: string | null;
  old_value: string | null;
  new_value: string | null;
  changed_at: Timestamp;
  changed_by: ColumnType<string, string | undefined, string>;
  ip_address: string | null;
  user_agent: string | null;
}

export interface CodeRequestColumns {
  id: Generated<number>;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  requested_by: string;
  created_at: Timestamp;
  expires_at: Date | string;
  consumed_at: Date | null;
}

export interface EmailChangeRequestsTable extends CodeRequestColumns {
  business_id: number;
  new_email: string;
}

export interface EmailVerificationCodesTable extends CodeRequestColumns {
  email: string;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Timestamp;
  sent_at: Date | null;
}

export interface Database {
  app_secrets: AppSecretsTable;
  admins: AdminsTable;
  admin_registration_logs: AdminRegistrationLogsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  businesses: BusinessesTable;
  business_locations: BusinessLocationsTable;
  business_schedules: BusinessSchedulesTable;
  products: ProductsTable;
  services: ServicesTable;
  employees: EmployeesTable;
  events: EventsTable;
  subscriptions: SubscriptionsTable;
  billing_history: BillingHistoryTable;
  access_controls: AccessControlsTable;
  access_change_logs: AccessChangeLogsTable;
  business_change_logs: BusinessChangeLogsTable;
  email_change_requests: EmailChangeRequestsTable;
  email_verification_codes: EmailVerificationCodesTable;
  outbox_emails: OutboxEmailsTable;
}

export type Business = Selectable<BusinessesTable>;
export type NewBusiness = Insertable<BusinessesTable>;
export type BusinessUpdate = Updateable<BusinessesTable>;
export type Admin = Selectable<AdminsTable>;
