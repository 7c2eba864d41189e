// Enumerations of SPEC §3 and §4.
export const LOGIN_TYPES = ['admin', 'master'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

export const ADMIN_STATUSES = ['pending', 'active', 'inactive', 'suspended'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** The Spanish word the portal puts into 'Su cuenta está {estado}. …' (DESIGN §4). */
export const ACCOUNT_STATUS_ES: Record<Exclude<AdminStatus, 'active'>, string> = {
  pending: 'pendiente',
  inactive: 'inactiva',
  suspended: 'suspendida',
};

export const BULK_ACTIONS = ['activate', 'deactivate', 'suspend', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const OPERATION_TYPES = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export const PRODUCT_STATUSES = ['in stock', 'out of stock', 'discontinued', 'coming soon'] as const;
export const EMPLOYEE_STATUSES = ['Active', 'Inactive', 'Terminated', 'On Leave'] as const;
export const EVENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'postponed'] as const;
export const SERVICE_PRICE_TYPES = ['fixed', 'hourly', 'per_person', 'other'] as const;

export const SUBSCRIPTION_PROVIDERS = ['stripe', 'paypal'] as const;
export const SUBSCRIPTION_TIERS = ['premium', 'standard', 'basic'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'ended', 'past_due', 'incomplete'] as const;
export const BILLING_STATUSES = [
  'succeeded',
  'past_due',
  'incomplete',
  'canceled',
  'failed',
  'refunded',
  // A dispute (chargeback) of the payment: open, won, or lost (the money gone). See billingItemStatus.
  'disputed',
  'dispute_won',
  'dispute_lost',
] as const;

export const ACCESS_TYPES = [
  'public_access',
  'product_access',
  'service_access',
  'employee_access',
  'event_access',
  'qr_access',
] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

export const VERIFY_FIELDS = ['email', 'phone', 'registry_number'] as const;

export const ESTABLISHMENT_TYPES = [
  'Local Comercial',
  'Plaza Comercial',
  'Centro Comercial',
  'Kiosco',
  'Food Truck',
  'Casa/Residencia',
  'Oficina',
  'Almacen',
  'Otro',
] as const;

export const VERIFICATION_STATUS = { full: 'Fully Verified', partial: 'Partially Verified' } as const;
/** SPEC §3: 'Fully Verified' when both flags are true, otherwise 'Partially Verified'. */
export const verificationStatusOf = (email: boolean, phone: boolean): string =>
  email && phone ? VERIFICATION_STATUS.full : VERIFICATION_STATUS.partial;
