// Every message SPEC §5, §6 and §8 quotes, word for word. Server messages stay in English.
import { MSG_CORE } from './messages-core.ts';

export const MSG = {
  ...MSG_CORE,

  // Generic (§8)
  resourceNotFound: 'Resource not found',
  dataAlreadyExists: 'Data already exists',

  // Roles (§6, §8)
  onlyAdminAndMaster: 'Only admin and master users can access this service',
  onlyAdminAndMasterBusinessData: 'Only admin and master users can access business data',
  onlyMaster: 'Only master users can access this service',
  onlyMasterAdminAccounts: 'Only master users can manage admin accounts',
  adminIdMismatch: 'Admin ID does not match the session',
  masterKeyInvalid: 'Invalid master credential',
  deletionMasterOnly: 'Access denied: Business deletion is a master-level-only function.',
  exportAllMasterOnly: 'Access denied: Exporting the whole directory is a master-level-only function.',
  accessDenied: 'Access Denied.',

  // Login (§5, §8) — shown by the portal in Spanish

  // Admin creation (§5)
  firstNameMin: 'First name must be at least 2 characters',
  lastNameMin: 'Last name must be at least 2 characters',
  validEmailRequired: 'Valid email address is required',
  passwordMin: 'Password must be at least 8 characters',
  invalidAccessStatus: 'Invalid access status',
  adminEmailAlreadyRegistered: 'Email is already registered',

  // Password strength (§5)
  passwordMinLong: 'Password must be at least 8 characters long',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',

  // Bulk (§8)
  invalidBulkAction: 'Invalid bulk action. Supported actions: activate, deactivate, suspend, delete',
  bulkIdsRequired: 'Admin IDs array is required for bulk actions',
  bulkMax: 'Maximum 50 admins can be processed at once',

  // Per-operation fallbacks (§8)
  failedCreateAdmin: 'Failed to create admin account',
  failedListAdmins: 'Failed to list admin accounts',
  failedGetAdmin: 'Failed to get admin account',
  failedUpdateAdmin: 'Failed to update admin account',
  failedDeleteAdmin: 'Failed to delete admin account',
  failedResetPassword: 'Failed to reset admin password',
  failedSearchAdmins: 'Failed to search admin accounts',
  failedAdminStats: 'Failed to get admin statistics',
  failedRegistrationHistory: 'Failed to get registration history',
  failedRegistrationRecord: 'Failed to get registration record',
  failedBulk: 'Failed to perform bulk action',
  healthCheckFailed: 'Health check failed',
  failedFetchBusinesses: 'Failed to fetch businesses',

  // List filters (§5)
  limitRange: 'Limit must be between 1 and 1000',
  offsetNonNegative: 'Offset must be non-negative',
  dateFromBeforeTo: 'Date from must be before date to',
  invalidYear: 'Invalid year provided',
  minPriceBelowMax: 'Minimum price must be less than maximum price',
  minCapacityBelowMax: 'Minimum capacity must be less than maximum capacity',
  priceNonNegative: 'Price must be non-negative',
  capacityNonNegative: 'Capacity must be non-negative',
  searchMin: 'Search term must be at least 2 characters',
  invalidOperationType: 'Operation type must be INSERT, UPDATE or DELETE',
  invalidProductStatus: 'Invalid product status',
  invalidEmployeeStatus: 'Invalid employee status',
  startDateRange: 'Start date from must be before start date to',
  registryRequired: 'Registry number is required',
  productIdRequired: 'Product ID is required',
  serviceIdRequired: 'Service ID is required',
  eventIdRequired: 'Event ID is required',
  employeeIdRequired: 'Employee ID is required',
  locationIdRequired: 'Location ID is required',

  // Business registration (§5)
  missingRequiredFields: (fields: string[]) => `Missing required fields: ${fields.join(', ')}`,
  termsMustBeAccepted: 'Business terms must be accepted',
  validEmailPattern: 'Please enter a valid email address',
  emailAlreadyRegistered: 'A business with this email is already registered',
  phoneAlreadyRegistered: 'A business with this phone is already registered',

  // Location (§5, §8)
  missingLocationFields: (fields: string[]) => `Missing required location fields: ${fields.join(', ')}`,
  requestFailedWithStatus: (status: number) => `Request failed with status ${status}`,

  // Email change (§5, §8)
  emailChangeNotFound: 'Business registration not found',
  emailChangeConflict: 'Conflict: New email is already registered or no pending change was found.',
  emailChangeUnauthorized: 'Unauthorized: Invalid verification code or access.',
  emailChangeAccessDenied: 'Access Denied: You must be an admin or master user to use this service.',
  emailChangeInvalidEmail: 'Por favor, ingrese un email válido.',
  codeSixDigitsEs: 'El código debe ser de 6 dígitos.',
  codeSixDigits: 'Verification Code must be a 6-digit number.',

  // Send code (§5, §8)
  sendCodeInvalid: 'Invalid request.',
  sendCodeServerError: 'Internal server error.',
  sendCodeUnexpected: 'An unexpected error occurred.',
  sendCodeEmailRequired: 'A valid email address is required.',

  // Verification update (§5)
  verificationFieldRequired: 'At least one of verified_email or verified_phone is required',
  verificationBoolean: 'verified_email and verified_phone must be booleans',

  // Access (§8)
  failedUpdateAccess: 'Failed to update access.',
  failedCreateDefaultAccess: 'Failed to create default access.',
  failedCreateMasterAccess: 'Failed to create master access.',
  defaultAccessCreated: 'Default access created for you successfully!',
  masterAccessCreated: 'Master access created successfully!',

  // Deletion (§8)
  businessDeleted: 'Negocio eliminado exitosamente.',

  // Subscriptions (§8)
  subscriptionNotFound: 'Subscription not found',
  businessNotFound: 'Business not found',

  // Sorting (beyond SPEC)
  sortOrder: 'sort_order must be asc or desc',
  directorySortBy: 'sort_by must be one of: name, registration_date, verification',
  exportFormat: 'format must be one of: csv, xlsx',
  adminSortBy:
    'sort_by must be one of: name, email, created_at, status, updated_at, admin_id, admin_first_name, admin_last_name, admin_email, access_status',
  staffAuditSortBy: 'sort_by must be one of: created_at, staff, action',

  // Saved views (beyond SPEC)
  savedViewLimit: 'Saved view limit reached (50)',
  savedViewName: 'View name must be 1 to 60 characters',
  savedViewNameTaken: 'A saved view with this name already exists',
  savedViewNotFound: 'Saved view not found',
  savedViewOrder: 'The order must list each of your saved views once',
  savedViewQueryField: 'A saved view query holds only the directory list parameters',
  savedViewQueryValue: 'Saved view query values must be text',
  savedViewDeleted: 'Saved view deleted',

  // Business page (beyond SPEC)
  ownerAccessNotFailed: 'There is no failed access mail for this business',

  // Payment webhooks (beyond SPEC)
  webhookSignatureInvalid: 'Invalid webhook signature',
  webhookProviderUnavailable: 'Payment provider unavailable, try again later',
  paymentEventNotFound: 'Payment event not found among the unmatched events',
} as const;
