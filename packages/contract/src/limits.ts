// Business constants and limits of SPEC §9 (and session lifetimes of DESIGN §4).
export const LIMITS = {
  bulkMaxAdmins: 50,
  passwordMin: 8,
  nameMin: 2,
  phoneDigits: 10,
  phoneInputMaxLength: 14,
  emailCodeDigits: 6,
  defaultPageSize: 20,
  defaultSearchLimit: 20,
  directoryPageSize: 10,
  adminHistoryPageSize: 10,
  adminListPageSize: 20,
  historyPageSize: 20,
  exportMaxRows: 10_000,
  contentLookupLimit: 100,
  listLimitMin: 1,
  listLimitMax: 1000,
  searchMinLength: 2,
  yearMin: 1900,
  text: {
    name: 255,
    owner: 255,
    email: 255,
    phone: 255,
    category: 255,
    address: 255,
    description: 2000,
    city: 50,
    country: 50,
    zip: 10,
    sceneryType: 80,
  },
  temporaryPasswordLength: 12,
  toastLimit: 20,
  toastMaxWidthPx: 350,
} as const;

export const TIMING = {
  searchDebounceMs: 500,
  existenceCheckDebounceMs: 500,
  emailChangeResendSeconds: 60,
  registrationCodeResendSeconds: 120,
  verificationModalCloseMs: 2000,
  deleteModalCloseMs: 3000,
  adminRegistrationSuccessHideMs: 5000,
} as const;

export const SESSION = {
  jwtTtlSeconds: 15 * 60,
  sessionTtlSeconds: 12 * 60 * 60,
  codeTtlSeconds: 10 * 60,
  codeMaxAttempts: 5,
  loginFailuresBeforeLock: 5,
  loginWindowSeconds: 15 * 60,
  loginLockSeconds: 15 * 60,
} as const;

export const PUERTO_RICO_DEFAULT_LOCATION = {
  location_latitude: 18.2208,
  location_longitude: -66.5901,
  location_country: 'Puerto Rico',
  location_count: 1,
  location_main: true,
  location_visibility: true,
} as const;

export const REGISTRATION_DEFAULTS = {
  device_type: 'web',
  referral_source: 'admin_registration',
  business_terms: true,
} as const;

export const currentYear = (): number => new Date().getFullYear();
