// Response bodies of every SPEC §7 call, for the OpenAPI document and Fastify's serializer.
// A response schema also decides what is sent: a field it does not name is dropped. So every
// envelope and record here is loose (extra fields pass through unchanged) and names the fields
// a client can rely on; nested records name their shape in the description only where the
// server's rows carry many columns the portal reads.
import { z } from 'zod';

/** `{ success: true, ...fields }`: the success envelope of every JSON call (DESIGN §3). */
// (Typed loosely for the handlers: their rows are interfaces, which have no index signature.)
export const ok = <T extends z.ZodRawShape>(fields: T) =>
  z.looseObject({ success: z.literal(true), ...fields }) as unknown as z.ZodType<
    { success: boolean } & z.output<z.ZodObject<T>>
  >;

/** A row as the server returns it: the named fields, plus every other column of the row. */
export const record = (description: string, fields: z.ZodRawShape = {}) =>
  z.looseObject(fields).describe(description) as unknown as z.ZodType<object>;

/** A timestamp: a Date is sent as its ISO 8601 text. */
export const timestamp = z.union([z.date(), z.string()]);

/** `[{ value, count }]`: the statuses, categories and price types of a content family. */
export const ValueCounts = z.array(
  record('A value and how many rows have it', { value: z.string(), count: z.number() }),
);

/** Every failure (DESIGN §3, SPEC §8). */
export const ErrorResponse = z
  .looseObject({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
    details: z.array(z.looseObject({ field: z.string(), message: z.string() })).optional(),
    request_id: z.string().optional(),
  })
  .describe('The body of every 4xx and 5xx answer');

export const HealthResponse = ok({ service: z.string(), status: z.string() });

export const MessageResponse = ok({ message: z.string() });

// Authentication
export const AuthOptionsResponse = ok({ master_identifier_sha256: z.string() });
export const SessionResponse = ok({
  message: z.string(),
  jwt: z.string(),
  admin_id: z.number().nullable(),
  session_id: z.string(),
  expires_at: z.number().describe('seconds since the epoch'),
  login_type: z.enum(['admin', 'master']),
  ip_address: z.string(),
  master_key: z.string().optional().describe('master sign-in only: send it back as X-Master-Key'),
});
export const ValidateResponse = ok({
  valid: z.boolean(),
  login_type: z.enum(['admin', 'master']).optional(),
  admin_id: z.number().nullable().optional(),
  session_id: z.string().optional(),
  expires_at: z.number().optional(),
});

// Admin registration and lockout
const AdminAccount = record('An admin account', { admin_id: z.number(), admin_email: z.string() });
const AdminRegistrationRecord = record('An admin registration record');
const Pagination = record('Page, page size, total pages');
export const AdminCreatedResponse = ok({ message: z.string(), admin_id: z.number(), admin: AdminAccount });
export const AdminListResponse = ok({
  admins: z.array(AdminAccount),
  total_count: z.number(),
  pagination: Pagination.optional(),
});
export const AdminStatsResponse = ok({ stats: record('Admin counts by status') });
export const AdminRegistrationsResponse = ok({
  registrations: z.array(AdminRegistrationRecord),
  total_count: z.number(),
  pagination: Pagination,
});
export const AdminBulkResponse = ok({
  message: z.string(),
  action: z.string(),
  processed_count: z.number(),
  admin_ids: z.array(z.number()),
  admins: z.array(record('An admin the action changed')),
});
export const AdminResponse = ok({ admin: AdminAccount });
export const AdminUpdatedResponse = ok({ message: z.string(), admin: AdminAccount });
export const AdminIdMessageResponse = ok({ message: z.string(), admin_id: z.number() });
export const AdminRegistrationResponse = ok({ registration: AdminRegistrationRecord });
const LockoutState = { admin_id: z.number(), locked: z.boolean(), locked_until: z.string().nullable() };
export const LockoutListResponse = ok({ lockouts: z.array(record('A locked-out admin')) });
export const LockoutStateResponse = ok(LockoutState);
export const LockoutReleaseResponse = ok({
  message: z.string(),
  ...LockoutState,
  was_locked: z.boolean(),
  cleared_failures: z.number(),
});

// Business data
const Business = record('A business of the directory');
export const BusinessListResponse = ok({
  businesses: z.array(Business),
  total_count: z.number(),
  total_count_capped: z.boolean(),
});
export const BusinessStatsResponse = ok({ stats: record('Directory counts and latest registrations') });
export const BusinessCategoriesResponse = ok({ categories: z.array(z.string()) });
export const BusinessResponse = ok({ business: Business });

// Change logs
export const ChangeLogPageResponse = ok({
  change_logs: z.array(record('A change of one business field')),
  total_count: z.number(),
  has_more: z.boolean(),
  stats: record('Change counts'),
});
export const ChangeLogStatsResponse = ok({ stats: record('Change counts') });

// Verification, email change, email verification, deletion
const VerificationStatus = record('Verification flags of a business and their combined status');
export const VerificationStatsResponse = ok({ stats: record('Verification counts') });
export const VerificationResponse = ok({ verification_status: VerificationStatus });
export const VerificationUpdatedResponse = ok({
  message: z.string(),
  verification_status: VerificationStatus,
});
export const EmailChangeResponse = ok({ message: z.string(), old_email: z.string(), new_email: z.string() });
export const SendCodeResponse = ok({ message: z.string(), code: z.string(), expires_at: timestamp });
export const BusinessDeletedResponse = ok({
  message: z.string(),
  business_registry_number: z.string(),
  business_name: z.string(),
});

// Products, employees, services, events
type Rows = z.ZodArray<z.ZodType<object>>;
const listOf = <K extends string>(key: K, description: string) =>
  ok({ [key]: z.array(record(description)), total_count: z.number() } as Record<K, Rows> & {
    total_count: z.ZodNumber;
  });
const oneOf = <K extends string>(key: K, description: string) =>
  ok({ [key]: record(description) } as Record<K, z.ZodType<object>>);
export const StatsResponse = ok({ stats: record('Counts of the family for one business') });
export const StatusesResponse = ok({ statuses: ValueCounts });
export const CategoriesResponse = ok({ categories: ValueCounts });
export const PriceTypesResponse = ok({ price_types: ValueCounts });
export const ProductListResponse = listOf('products', 'A product');
export const ProductResponse = oneOf('product', 'A product');
export const EmployeeListResponse = listOf('employees', 'An employee');
export const EmployeeResponse = oneOf('employee', 'An employee');
export const ServiceListResponse = listOf('services', 'A service');
export const ServiceResponse = oneOf('service', 'A service');
export const EventListResponse = listOf('events', 'An event');
export const EventResponse = oneOf('event', 'An event');

// Subscriptions
const Subscription = record('The current subscription', {
  id: z.number(),
  business_registry_number: z.string(),
  subscription_provider: z.enum(['stripe', 'paypal']),
});
export const SubscriptionResponse = ok({ subscription: Subscription });
export const SubscriptionHistoryResponse = listOf('history', 'A billing history entry');

// Access
const AccessControl = record('An access record; admin_id reads current_user for the caller');
export const AccessListResponse = ok({
  business: record('The business the records belong to'),
  access_controls: z.array(AccessControl),
  total_count: z.number(),
});
export const AccessControlResponse = ok({ access_control: AccessControl });
export const AccessChangedResponse = ok({ message: z.string(), access_control: AccessControl });
export const AccessHistoryResponse = ok({
  history: z.array(record('A change of an access record')),
  total_count: z.number(),
  has_more: z.boolean(),
});

// Registration management
export const RegistrationListResponse = listOf('registrations', 'A business registration');
export const RegistrationResponse = ok({ registration: record('A business registration') });
export const LocationListResponse = listOf('locations', 'A location of the business');
export const LocationResponse = oneOf('location', 'A location');
export const ScheduleResponse = ok({ schedule: z.array(record('One weekday of the opening hours')) });

// Public registration
export const BusinessRegisteredResponse = ok({
  message: z.string(),
  business_registry_number: z.string(),
  business_name: z.string(),
  temporary_password_sent: z.boolean().optional(),
});
export const ExistsResponse = ok({ field: z.string(), exists: z.boolean() });

// Health
export const ServerHealthResponse = ok({ database: z.string() });
