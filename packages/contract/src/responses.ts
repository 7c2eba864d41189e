// Response bodies of every SPEC §7 call, for the OpenAPI document and Fastify's serializer.
// A response schema also decides what is sent: every envelope and row here is a closed object
// (additionalProperties: false), and the serializer drops any field it does not name. So a column
// selected by mistake, a password hash say, never reaches a client. Each row names exactly what
// the server's repositories select and the portal reads; a field left out here disappears from
// the answer, so a new field goes here first. The exported records are also the SELECT lists:
// a repository selects the record's fields that are columns of its table (see the server's
// db/record-columns.ts), so a column added to the table and to the record reaches the API.
import { z } from 'zod';
import { IMPORT_FAILURE_REASONS, IMPORT_ROW_RESULTS } from './business-import.ts';
import { ACCESS_TYPES } from './enums.ts';

/** `{ success: true, ...fields }`: the success envelope of every JSON call (DESIGN §3). */
// (success is typed boolean for the handlers, which answer `success: true` without `as const`.)
const success = z.literal(true) as unknown as z.ZodBoolean;
export const ok = <T extends z.ZodRawShape>(fields: T) => z.object({ success, ...fields });

/** A timestamp: a Date is sent as its ISO 8601 text. */
export const timestamp = z
  .union([z.date(), z.string()])
  .meta({ description: 'ISO 8601 date-time', format: 'date-time' });

/** A calendar date ('YYYY-MM-DD') or a time of day ('HH:MM:SS'), stored without a time zone. */
const plainDate = z.string();

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

/** Counts keyed by a value the rows hold (a status, a category, a price range). */
const countsBy = (description: string) => z.record(z.string(), z.number()).describe(description);

/** `[{ value, count }]`: the statuses, categories and price types of a content family. */
export const ValueCounts = z.array(
  z.object({ value: z.string(), count: z.number() }).describe('A value and how many rows have it'),
);

/** Every failure (DESIGN §3, SPEC §8). */
export const ErrorResponse = z
  .object({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    request_id: z.string().optional(),
    retry_after_seconds: z.number().optional().describe('429: seconds to wait (also in Retry-After)'),
    status: z.string().optional().describe('403 of a sign-in: the account status; 503: not_ready'),
    access_status: z.string().optional().describe('403 of a sign-in: the stored account status'),
    database: z.string().optional().describe('503 of /health: down, or up with migrations pending'),
    pending_migrations: z.array(z.string()).optional(),
    current_version: z.string().optional().describe('412: the version the record is at now'),
    current: z.record(z.string(), z.unknown()).optional().describe('412: the record as it is now'),
    changed_by: z.string().nullable().optional().describe('412: who changed the record last'),
    changed_at: z.string().nullable().optional().describe('412: when (ISO 8601)'),
    field: z.string().optional().describe('409: the field another record holds'),
    tries_left: z
      .number()
      .optional()
      .describe('401 of an email change code: tries the code has left (0: ask for a new code)'),
    holder: z
      .object({ business_registry_number: z.string(), business_name: z.string() })
      .optional()
      .describe('409 of a restore from the trash: the business that now holds the field'),
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
  ip_address: nullableString,
  master_key: z.string().optional().describe('master sign-in only: send it back as X-Master-Key'),
  must_change_password: z
    .boolean()
    .optional()
    .describe(
      'true (only then present): someone else set this password; POST /auth/password before anything else',
    ),
  admin_name: z.string().optional().describe("admin sign-in only: the admin's name, for the portal's header"),
});
export const ValidateResponse = ok({
  valid: z.boolean(),
  login_type: z.enum(['admin', 'master']).optional(),
  admin_id: z.number().nullable().optional(),
  session_id: z.string().optional(),
  expires_at: z.number().optional(),
});

// Admin registration and lockout
const AdminAccount = z
  .object({
    admin_id: z.number(),
    admin_first_name: z.string(),
    admin_last_name: z.string(),
    admin_email: z.string(),
    admin_phone: nullableString,
    access_status: z.string(),
    admin_access_status: z.string().describe('the same status, by the name SPEC §3 also uses'),
    created_at: timestamp,
    updated_at: timestamp,
    last_login_at: timestamp.nullable(),
    version: z.string().describe('opaque; send it back as If-Match: "<version>"'),
  })
  .describe('An admin account (never its password hash)');
const AdminRegistrationRecord = z
  .object({
    id: z.number(),
    admin_id: z.number(),
    admin_first_name: z.string(),
    admin_last_name: z.string(),
    admin_email: z.string(),
    master_user: z.string(),
    registration_date: plainDate,
    registration_time: plainDate,
    ip_address: nullableString,
    user_agent: nullableString,
    created_at: timestamp,
  })
  .describe('An admin registration record');
const Pagination = z
  .object({
    currentPage: z.number(),
    pageSize: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    hasNext: z.boolean(),
    hasPrevious: z.boolean(),
  })
  .describe('SPEC §3 pagination');
export const AdminCreatedResponse = ok({ message: z.string(), admin_id: z.number(), admin: AdminAccount });
export const AdminListResponse = ok({
  admins: z.array(AdminAccount),
  total_count: z.number(),
  pagination: Pagination.optional().describe('the list (not the search)'),
});
export const AdminStatsResponse = ok({
  stats: z.object({
    total_admins: z.number(),
    pending_admins: z.number(),
    active_admins: z.number(),
    inactive_admins: z.number(),
    suspended_admins: z.number(),
    recent_registrations: z.number().describe('created in the last 30 days'),
  }),
});
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
  admins: z.array(AdminAccount),
});
export const AdminResponse = ok({ admin: AdminAccount });
export const AdminUpdatedResponse = ok({ message: z.string(), admin: AdminAccount });
export const AdminIdMessageResponse = ok({
  message: z.string(),
  admin_id: z.number(),
  version: z.string().optional().describe("reset-password: the account's version after it"),
});
export const AdminRegistrationResponse = ok({ registration: AdminRegistrationRecord });
const LockoutState = { admin_id: z.number(), locked: z.boolean(), locked_until: timestamp.nullable() };
export const LockoutListResponse = ok({
  lockouts: z.array(
    z
      .object({ admin_id: z.number(), admin_email: z.string(), locked_until: timestamp })
      .describe('A locked-out admin'),
  ),
});
export const LockoutStateResponse = ok(LockoutState);
export const LockoutReleaseResponse = ok({
  message: z.string(),
  ...LockoutState,
  was_locked: z.boolean(),
  cleared_failures: z.number(),
});

// Business data
export const Business = z
  .object({
    id: z.number(),
    business_registry_number: z.string(),
    business_name: z.string(),
    business_owner: z.string(),
    business_email: z.string(),
    business_phone: z.string(),
    business_address: nullableString,
    business_category: nullableString,
    business_description: nullableString,
    business_year: nullableNumber,
    verified_email: z.boolean(),
    verified_phone: z.boolean(),
    business_created_at: timestamp,
    registration_date: timestamp,
    business_owner_name: z.string().describe('business_owner, by its SPEC §3 name'),
    business_creation_date: timestamp.describe('business_created_at, by its SPEC §3 name'),
    verification_status: z.string(),
    version: z.string().describe('opaque; send it back as If-Match: "<version>"'),
  })
  .describe('A business of the directory');
export const BusinessListResponse = ok({
  businesses: z.array(Business),
  total_count: z.number(),
  total_count_capped: z.boolean(),
});
export const BusinessStatsResponse = ok({
  stats: z.object({
    total_businesses: z.number(),
    verified_businesses: z.number(),
    partially_verified_businesses: z.number(),
    unverified_businesses: z.number(),
    recent_registrations: z.number(),
    categories: z.array(z.object({ category: z.string(), count: z.number() })),
    latest_registrations: z.array(Business),
  }),
});
export const BusinessCategoriesResponse = ok({ categories: z.array(z.string()) });
export const BusinessResponse = ok({ business: Business });

// Change logs
const ChangeLogStats = z.object({
  total_logs: z.number(),
  update_operations: z.number(),
  insert_operations: z.number(),
  delete_operations: z.number(),
  recent_changes: z.number().describe('in the last 24 hours'),
});
export const ChangeLogEntry = z
  .object({
    log_id: z.number(),
    business_id: z.number(),
    business_registry_number: z.string(),
    operation_type: z.string(),
    changed_column: nullableString,
    old_value: nullableString,
    new_value: nullableString,
    changed_at: timestamp,
    changed_by: z.string(),
    ip_address: nullableString,
    user_agent: nullableString,
  })
  .describe('A change of one business field');
export const ChangeLogPageResponse = ok({
  change_logs: z.array(ChangeLogEntry),
  total_count: z.number(),
  has_more: z.boolean(),
  stats: ChangeLogStats,
});
export const ChangeLogStatsResponse = ok({ stats: ChangeLogStats });

// Verification, email change, email verification, deletion
const VerificationStatus = z
  .object({
    business_registry_number: z.string(),
    business_name: z.string(),
    business_email: z.string(),
    business_phone: z.string(),
    verified_email: z.boolean(),
    verified_phone: z.boolean(),
    status: z.string(),
    version: z.string().describe('opaque; send it back as If-Match: "<version>"'),
  })
  .describe('Verification flags of a business and their combined status');
export const VerificationStatsResponse = ok({
  stats: z.object({
    total_businesses: z.number(),
    fully_verified_count: z.number(),
    partially_verified_count: z.number(),
    unverified_count: z.number(),
    email_verified_count: z.number(),
    phone_verified_count: z.number(),
    email_verified_percent: z.number(),
    phone_verified_percent: z.number(),
  }),
});
export const VerificationResponse = ok({ verification_status: VerificationStatus });
export const VerificationUpdatedResponse = ok({
  message: z.string(),
  verification_status: VerificationStatus,
});
export const EmailChangeResponse = ok({
  message: z.string(),
  old_email: z.string(),
  new_email: z.string(),
  version: z.string().optional().describe("complete: the business's version after the change"),
});
export const SendCodeResponse = ok({ message: z.string(), code: z.string(), expires_at: timestamp });
export const BusinessDeletedResponse = ok({
  message: z.string(),
  business_registry_number: z.string(),
  business_name: z.string(),
});

// Edit and trash (beyond SPEC)
export const BusinessUpdatedResponse = ok({
  message: z.string(),
  business: Business,
});
export const TrashedBusiness = z
  .object({
    business_registry_number: z.string(),
    business_name: z.string(),
    business_email: z.string(),
    deleted_at: timestamp,
    deleted_by: z.string().describe("Who deleted it (the change log's changed_by)"),
  })
  .describe('A deleted business waiting in the trash');
export const TrashListResponse = ok({
  businesses: z.array(TrashedBusiness).describe('Newest deletion first'),
  total_count: z.number(),
});
export const TrashRestoredResponse = ok({ message: z.string(), business: Business });
export const TrashPurgedResponse = ok({
  message: z.string(),
  business_registry_number: z.string(),
  business_name: z.string(),
});

// Products, employees, services, events
export const StatusesResponse = ok({ statuses: ValueCounts });
export const CategoriesResponse = ok({ categories: ValueCounts });
export const PriceTypesResponse = ok({ price_types: ValueCounts });

export const Product = z
  .object({
    id: z.number(),
    product_id: z.string(),
    product_item: z.string(),
    product_description: nullableString,
    product_price: z.number(),
    product_status: z.string(),
    product_visible: z.boolean(),
    product_image: nullableString,
    created_at: timestamp,
  })
  .describe('A product');
export const ProductListResponse = ok({ products: z.array(Product), total_count: z.number() });
export const ProductResponse = ok({ product: Product });
export const ProductStatsResponse = ok({
  stats: z.object({
    total_products: z.number(),
    visible_products: z.number(),
    hidden_products: z.number(),
    in_stock_products: z.number(),
    out_of_stock_products: z.number(),
    average_price: z.number(),
    price_ranges: countsBy('Products per price range'),
    products_by_status: countsBy('Products per status'),
  }),
});

export const Employee = z
  .object({
    employee_id: z.number(),
    employee_first_name: z.string(),
    employee_last_name: z.string(),
    employee_email: nullableString,
    employee_phone: nullableString,
    employee_gender: nullableString,
    employee_start_date: plainDate.nullable(),
    employee_departure_date: plainDate.nullable(),
    employee_status: z.string(),
    employee_is_owner: z.boolean(),
    employee_documents: z.array(z.string()),
    employee_services: z.array(z.string()),
    employee_visible: z.boolean(),
    employee_enrollment_date: timestamp,
  })
  .describe('An employee');
export const EmployeeListResponse = ok({ employees: z.array(Employee), total_count: z.number() });
export const EmployeeResponse = ok({ employee: Employee });
export const EmployeeStatsResponse = ok({
  stats: z.object({
    total_employees: z.number(),
    active_employees: z.number(),
    inactive_employees: z.number(),
    visible_employees: z.number(),
    hidden_employees: z.number(),
    owner_employees: z.number(),
    with_documents: z.number(),
    with_services: z.number(),
    average_employee_tenure_days: z.number(),
    employees_by_status: countsBy('Employees per status'),
    employees_by_gender: countsBy('Employees per gender'),
  }),
});

export const Service = z
  .object({
    service_id: z.number(),
    service_name: z.string(),
    service_description: nullableString,
    service_category: nullableString,
    service_price_type: z.string(),
    service_min_price: nullableNumber,
    service_max_price: nullableNumber,
    service_cost: nullableNumber,
    service_capacity: nullableNumber,
    service_duration: nullableString,
    service_visibility: z.boolean(),
    service_image_count: z.number(),
    created_at: timestamp,
  })
  .describe('A service');
export const ServiceListResponse = ok({ services: z.array(Service), total_count: z.number() });
export const ServiceResponse = ok({ service: Service });
export const ServiceStatsResponse = ok({
  stats: z.object({
    total_services: z.number(),
    visible_services: z.number(),
    hidden_services: z.number(),
    /** null when no service has that price (0 would read as free). */
    average_min_price: z.number().nullable(),
    average_max_price: z.number().nullable(),
    average_cost: z.number(),
    total_capacity: z.number(),
    price_ranges: countsBy('Services per starting-price range'),
    services_by_category: countsBy('Services per category'),
    services_by_price_type: countsBy('Services per price type'),
  }),
});

export const BusinessEvent = z
  .object({
    event_id: z.number(),
    event_title: z.string(),
    event_date: plainDate,
    event_time: plainDate.nullable(),
    event_description: nullableString,
    event_status: z.string(),
    event_guest_limit: nullableNumber,
    event_cost: nullableNumber,
    event_price: nullableNumber,
    event_location: nullableString,
    event_visible: z.boolean(),
    event_creation_date: timestamp,
    event_updated_date: timestamp,
  })
  .describe('An event');
export const EventListResponse = ok({ events: z.array(BusinessEvent), total_count: z.number() });
export const EventResponse = ok({ event: BusinessEvent });
export const EventStatsResponse = ok({
  stats: z.object({
    total_events: z.number(),
    visible_events: z.number(),
    hidden_events: z.number(),
    upcoming_events: z.number(),
    past_events: z.number(),
    events_this_month: z.number(),
    events_next_month: z.number(),
    average_event_cost: z.number(),
    average_event_price: z.number(),
    total_revenue: z.number(),
    events_by_status: countsBy('Events per status'),
  }),
});

// Subscriptions
const ProviderDetails = z
  .object({
    subscription_id: z.string().optional(),
    customer_id: z.string().optional(),
    plan_id: z.string().optional(),
    current_amount: z.number().optional(),
    plan_amount: z.number().optional(),
    currency: z.string().optional(),
    billing_interval: z.string().optional(),
    interval_count: z
      .number()
      .optional()
      .describe('Billed every this many billing_interval (3 with month: quarterly); absent when unknown'),
    current_period_start: nullableString.optional(),
    current_period_end: nullableString.optional(),
    trial_end: nullableString.optional(),
    canceled_at: nullableString.optional(),
    cancel_at_period_end: z.boolean().optional(),
    payer_email: z.string().optional(),
  })
  .describe("The provider's details (SPEC §3 stripe_details / paypal_details); amounts in cents");
export const Subscription = z
  .object({
    id: z.number(),
    business_registry_number: z.string(),
    subscription_provider: z.enum(['stripe', 'paypal']),
    subscription_tier: z.string(),
    subscription_status: z.string(),
    subscription_renews: z.boolean(),
    billing_email: nullableString,
    created_at: timestamp,
    updated_at: timestamp,
    updated_by: nullableString.describe(
      "Who wrote the subscription last: 'Stripe' or 'PayPal' for a webhook, null otherwise",
    ),
    stripe_details: ProviderDetails.optional(),
    paypal_details: ProviderDetails.optional(),
  })
  .describe('The current subscription');
export const SubscriptionResponse = ok({ subscription: Subscription });
export const SubscriptionHistoryResponse = ok({
  history: z.array(
    z
      .object({
        id: z.number(),
        amount: z.number().describe('cents'),
        currency: z.string(),
        transaction_date: timestamp,
        provider: z.string(),
        tier: z.string(),
        status: z
          .string()
          .describe(
            "The payment's status, or its dispute's while it has one: disputed, dispute_won, dispute_lost",
          ),
      })
      .describe('A billing history entry'),
  ),
  total_count: z.number(),
});

// Payment webhooks (beyond SPEC)
export const WebhookReceivedResponse = ok({
  received: z.literal(true).describe('The event was accepted (applied, or known and left as it is)'),
});
export const UnmatchedWebhookEvent = z
  .object({
    id: z.number(),
    provider: z.enum(['stripe', 'paypal']),
    event_id: z.string(),
    event_type: z.string(),
    event_created: timestamp,
    received_at: timestamp,
    reason: z
      .string()
      .describe(
        'registry_missing, business_not_found, tier_unknown, invoice_not_found or charge_not_found (see docs/payments.md)',
      ),
    business_registry_number: nullableString.describe('The registry number the event named, if any'),
    provider_object_id: nullableString.describe("The provider's subscription, invoice or charge id"),
    resolved_at: timestamp
      .nullable()
      .describe('When a master marked it resolved; null while it is work left'),
    resolved_by: nullableString.describe('Who marked it resolved'),
  })
  .describe('A well-signed payment event that named no business of the portal');
export const UnmatchedWebhookEventsResponse = ok({
  events: z.array(UnmatchedWebhookEvent),
  total_count: z.number(),
});
export const UnmatchedWebhookEventResponse = ok({ event: UnmatchedWebhookEvent });

// Access
/** null for the master record; 'current_user' for the caller's own record. */
const AccessAdminId = z.union([z.number(), z.literal('current_user'), z.null()]);
export const AccessControl = z
  .object({
    access_id: z.number(),
    admin_id: AccessAdminId,
    is_master_access: z.boolean(),
    public_access: z.boolean(),
    product_access: z.boolean(),
    service_access: z.boolean(),
    employee_access: z.boolean(),
    event_access: z.boolean(),
    qr_access: z.boolean(),
    last_update: timestamp,
    admin_email: nullableString,
    admin_name: nullableString,
    version: z.string().describe('opaque; send it back as If-Match: "<version>"'),
    turned_off_by_master: z
      .array(z.enum(ACCESS_TYPES))
      .optional()
      .describe(
        "The toggles whose last change was a master turning them off: only a master turns them back on. On an admin's record, for that admin and for masters",
      ),
  })
  .describe('An access record; admin_id reads current_user for the caller');
export const AccessListResponse = ok({
  business: z
    .object({ business_registry_number: z.string(), business_name: z.string(), business_owner: z.string() })
    .describe('The business the records belong to'),
  access_controls: z.array(AccessControl),
  total_count: z.number(),
});
export const AccessControlResponse = ok({ access_control: AccessControl });
export const AccessChangedResponse = ok({ message: z.string(), access_control: AccessControl });
export const AccessHistoryResponse = ok({
  history: z.array(
    z
      .object({
        id: z.number(),
        access_type: z.string(),
        target_admin_id: AccessAdminId,
        target_admin_email: nullableString,
        is_master_access: z.boolean(),
        old_value: z.boolean().nullable(),
        new_value: z.boolean(),
        changed_by: z.string(),
        changed_at: timestamp,
        ip_address: nullableString,
        user_agent: nullableString,
      })
      .describe('A change of an access record'),
  ),
  total_count: z.number(),
  has_more: z.boolean(),
});

// Registration management
export const Registration = z
  .object({
    id: z.number(),
    business_registry_number: z.string(),
    business_name: z.string(),
    business_owner: z.string(),
    business_email: z.string(),
    business_phone: z.string(),
    business_address: nullableString,
    business_terms: z.boolean(),
    business_category: nullableString,
    business_description: nullableString,
    business_year: nullableNumber,
    verified_email: z.boolean(),
    verified_phone: z.boolean(),
    admin_verified: z.boolean(),
    registration_date: timestamp,
    business_created_at: timestamp,
    ip_address: nullableString,
    device_type: nullableString,
    referral_source: nullableString,
    email_verified: z.boolean().describe('verified_email, by its other SPEC §3 name'),
    phone_verified: z.boolean().describe('verified_phone, by its other SPEC §3 name'),
  })
  .describe('A business registration (never its password hash)');
export const RegistrationListResponse = ok({ registrations: z.array(Registration), total_count: z.number() });
export const RegistrationResponse = ok({ registration: Registration });
const LocationFields = {
  location_id: z.number(),
  location_latitude: z.number(),
  location_longitude: z.number(),
  location_address_1: z.string(),
  location_address_2: nullableString,
  location_city: z.string(),
  location_country: z.string(),
  location_zip: z.string(),
  location_scenery_type: nullableString,
  location_count: z.number(),
  location_main: z.boolean(),
  location_visibility: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
};
export const BusinessLocation = z.object(LocationFields).describe('A location of the business');
export const LocationListResponse = ok({ locations: z.array(BusinessLocation), total_count: z.number() });
export const LocationCreatedResponse = ok({ location: BusinessLocation });
/** A location on its own (location-coordinate family): with the registry number of its business. */
export const LocationResponse = ok({
  location: z
    .object({ ...LocationFields, business_registry_number: z.string() })
    .describe('A location and the registry number of its business'),
});
export const ScheduleResponse = ok({
  schedule: z.array(
    z
      .object({
        weekday: z.number(),
        opens_at: plainDate.nullable(),
        closes_at: plainDate.nullable(),
        is_closed: z.boolean(),
      })
      .describe('One weekday of the opening hours'),
  ),
});

// Public registration
export const BusinessRegisteredResponse = ok({
  message: z.string(),
  business_registry_number: z.string(),
  business_name: z.string(),
  verified_email: z.boolean(),
  verified_phone: z.boolean(),
  admin_verified: z.boolean(),
  must_change_password: z.boolean(),
  temporary_password_sent: z.boolean().optional(),
});
export const ExistsResponse = ok({ field: z.string(), exists: z.boolean() });

// Health
export const ServerHealthResponse = ok({ database: z.string() });

// Business page (beyond SPEC): /negocios/:registro's first paint in one answer, and its
// content section's four stats in another.
export const BusinessPageBusiness = Business.extend({
  admin_verified: z.boolean(),
  business_terms: z.boolean(),
  device_type: nullableString,
  referral_source: nullableString,
  ip_address: nullableString,
  updated_at: timestamp,
}).describe('A business of the directory with its registration data');
export const BusinessPageCounts = z
  .object({ products: z.number(), services: z.number(), employees: z.number(), events: z.number() })
  .describe('How many rows of each content family the business has');
export const BusinessPageSubscription = Subscription.pick({
  subscription_tier: true,
  subscription_status: true,
  subscription_provider: true,
  subscription_renews: true,
}).describe('The current subscription, in short');
export const BusinessPageOwnerAccess = z
  .object({
    status: z
      .enum(['pending', 'sent', 'failed', 'cancelled'])
      .describe(
        "'failed': refused on every try, POST …/owner-access/retry sends it again; 'cancelled': not needed any more (also a failed one whose business has another password since)",
      ),
    attempts: z.number().describe('Tries made since it was queued (or queued again)'),
    next_attempt_at: timestamp
      .nullable()
      .describe(
        'Pending only: when the next try may start (a try under way holds the mail until then); null otherwise, and while it waits for the trash',
      ),
    pending_state: z
      .enum(['queued', 'sending', 'retrying', 'in_trash'])
      .nullable()
      .describe(
        "Pending only: 'queued' not tried yet, 'sending' a try under way, 'retrying' waiting to be tried again after a refused try, 'in_trash' waiting for its business to leave the trash; null otherwise",
      ),
  })
  .describe(
    "The business's latest temporary-password mail to its owner (a staff registration's or an import's)",
  );
export const BusinessPageResponse = ok({
  business: BusinessPageBusiness,
  locations: z.array(BusinessLocation).describe('Every location, the main one first'),
  counts: BusinessPageCounts,
  subscription: BusinessPageSubscription.nullable().describe('null when the business has none'),
  owner_access: BusinessPageOwnerAccess.nullable().describe('null when no mail was ever queued for it'),
});
export const BusinessOwnerAccessRetryResponse = ok({
  owner_access: BusinessPageOwnerAccess.nullable().describe(
    'The mail after this try (null only if the 30-day retention removed it meanwhile)',
  ),
  sent: z
    .boolean()
    .describe(
      "Sent by this call; false: the mail server refused it and it is tried again later, or (owner_access 'cancelled') the business has another password since and nothing is sent",
    ),
});
export const BusinessContentStatsResponse = ok({
  stats: z
    .object({
      products: ProductStatsResponse.shape.stats,
      services: ServiceStatsResponse.shape.stats,
      employees: EmployeeStatsResponse.shape.stats,
      events: EventStatsResponse.shape.stats,
    })
    .describe('The stats of the four content families (their /registry/:registry/stats answers)'),
});

// Saved views (beyond SPEC): a staff member's named directory searches.
export const SavedView = z
  .object({
    id: z.number(),
    name: z.string(),
    position: z.number().describe("Order among the owner's views, from 0"),
    query: z
      .record(z.string(), z.string())
      .describe(
        'The directory list parameters as saved (search, category, year, verified_email, ' +
          'verified_phone, date_from, date_to, sort_by, sort_order, limit); may no longer all validate',
      ),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .describe("A saved view of the directory, the caller's own");
export const SavedViewListResponse = ok({ saved_views: z.array(SavedView).describe('In their order') });
export const SavedViewResponse = ok({ saved_view: SavedView });

// My sessions (beyond SPEC): a staff member's live sessions.
export const SessionInfo = z
  .object({
    session_id: z.string(),
    created_at: timestamp,
    last_seen_at: timestamp.describe('Last use, kept to the minute (written at most once a minute)'),
    ip_address: nullableString,
    user_agent: nullableString,
    current: z.boolean().describe('The session of this call'),
  })
  .describe('A live session (not ended, not expired)');
export const SessionListResponse = ok({
  sessions: z.array(SessionInfo).describe('Most recently used first'),
});
export const EndOtherSessionsResponse = ok({ message: z.string(), ended_count: z.number() });

// Imports of businesses from a spreadsheet.
const ImportSummary = z
  .object({ create: z.number(), update: z.number(), unchanged: z.number(), error: z.number() })
  .describe('Rows by what the import does (preview) or did (commit) with them');
const ImportFieldName = z.string().describe('A business field (contract business-import.ts IMPORT_FIELDS)');
export const BusinessImport = z.object({
  import_id: z.string(),
  file_name: z.string(),
  status: z.enum(['uploaded', 'previewed', 'queued', 'running', 'done', 'failed', 'cancelled']),
  total_rows: z.number(),
  processed_rows: z
    .number()
    .describe("Rows its job has run (a cancelled import's: those run before the cancel)"),
  cancel_requested: z
    .boolean()
    .describe('Cancelling was asked for: a running import stops once its batch in progress commits'),
  failure_reason: z
    .enum(IMPORT_FAILURE_REASONS)
    .nullable()
    .describe(
      'Why a failed import stopped (null unless failed): owner_inactive (the admin who started it is no longer active), database (the database failed on every try) or unexpected',
    ),
  row_results: z
    .enum(IMPORT_ROW_RESULTS)
    .describe(
      'Which rows GET …/results lists: all (those not run marked as such), rows_run (only the rows its job ran: still running, or failed before its rows not run were marked) or none',
    ),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), ImportFieldName.nullable()),
  summary: ImportSummary.nullable(),
  error_count: z.number().describe('Rows in error (the errors file keeps the first 1,000)'),
  send_owner_access: z.boolean(),
  owner_access: z
    .object({
      sent: z.number(),
      pending: z.number().describe('Waiting for their first try, or to be tried again'),
      in_trash: z.number().describe('Waiting for their business to be restored from the trash'),
      failed: z.number().describe('Refused on every try; POST …/owner-access/retry queues them again'),
      cancelled: z
        .number()
        .describe('Not needed any more: the business was deleted, or has another password'),
    })
    .nullable()
    .describe("The owners' temporary-password mails by status (null without send_owner_access)"),
  created_by: z.string(),
  created_at: timestamp,
  finished_at: timestamp.nullable(),
});
export const ImportRowResult = z.object({
  row: z.number().describe("The row's line in the file (the header is line 1)"),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  business_registry_number: z.string().optional(),
  business_name: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export const BusinessImportResponse = ok({ import: BusinessImport });
export const BusinessImportPreviewResponse = ok({
  import: BusinessImport,
  rows: z.array(ImportRowResult).describe('The first 100 rows and every row in error, up to 1,000'),
});
export const BusinessImportListResponse = ok({ imports: z.array(BusinessImport), total_count: z.number() });
export const BusinessImportErrorRowsResponse = ok({
  rows: z
    .array(ImportRowResult.extend({ action: z.literal('error') }))
    .describe('The rows in error by row, the first 1,000 (those the errors file lists)'),
  total_count: z.number().describe('Every row in error, also those past the first 1,000 (error_count)'),
});
// Bulk actions on the directory (business-bulk.ts)
export const BusinessBulkResponse = ok({
  results: z.array(
    z
      .object({
        business_registry_number: z.string(),
        status: z.number().describe('200, or what the single action answers: 404, 409, 412, 503…'),
        message: z.string().optional(),
        version: z.string().optional().describe("200 after verify or update: the business's version now"),
        changed_by: z.string().nullable().optional().describe('412: who changed the business last'),
        changed_at: z.string().nullable().optional().describe('412: when (ISO 8601)'),
      })
      .describe("One registry number's outcome"),
  ),
  summary: z.object({ succeeded: z.number(), failed: z.number() }),
});
export const RegistryNumbersResponse = ok({
  registry_numbers: z.array(z.string()),
  total_count: z.number(),
  total_count_capped: z.boolean().optional(),
  truncated: z.boolean().describe('true when the search matches more registry numbers than were sent'),
});
