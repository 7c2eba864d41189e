// Admin accounts, master only (SPEC §5 "Admin creation", "Password strength", "Bulk action";
// SPEC §7 "Admin registration"). The portal's forms and the server validate with these.
import { z } from 'zod';
import { ADMIN_STATUSES, BULK_ACTIONS } from './enums.ts';
import { idParams, PG_INTEGER_MAX } from './ids.ts';
import { LIMITS } from './limits.ts';
import { limitSchema, sortBySchema, sortOrderSchema } from './list-filters.ts';
import { MSG } from './messages.ts';
import { nationalDigits } from './phone.ts';

export const ADMIN_MSG = {
  created: 'Admin account created successfully',
  updated: 'Admin account updated successfully',
  deleted: 'Admin account deleted successfully',
  passwordReset: 'Admin password reset successfully',
  notFound: 'Admin account not found',
  registrationNotFound: 'Registration record not found',
  phoneDigits: 'Phone number must be 10 digits',
  adminIdMismatch: 'admin_id does not match the account in the path',
  bulkDone: (action: string, count: number) => `Bulk ${action} completed for ${count} admin(s)`,
  bulkNotFound: (ids: number[]) => `Admin accounts not found: ${ids.join(', ')}`,
} as const;

/** The special characters a password may use to satisfy the strength rule (SPEC §5). */
export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

/**
 * Every strength rule the password breaks, in SPEC §5 order (empty when strong).
 * `minMessage` lets admin creation use its own wording for the length rule.
 */
export function passwordProblems(password: string, minMessage: string = MSG.passwordMinLong): string[] {
  const problems: string[] = [];
  if (password.length < LIMITS.passwordMin) problems.push(minMessage);
  if (!/[A-Z]/.test(password)) problems.push(MSG.passwordUpper);
  if (!/[a-z]/.test(password)) problems.push(MSG.passwordLower);
  if (!/[0-9]/.test(password)) problems.push(MSG.passwordNumber);
  if (![...password].some((char) => PASSWORD_SPECIAL_CHARS.includes(char))) {
    problems.push(MSG.passwordSpecial);
  }
  return problems;
}

/** A password under SPEC §5's strength rule; the first rule it breaks is the message. */
export const strongPassword = (minMessage: string) =>
  z
    .string({ error: minMessage })
    .max(256)
    .superRefine((password, ctx) => {
      const first = passwordProblems(password, minMessage)[0];
      if (first) ctx.addIssue({ code: 'custom', message: first });
    });

const name = (message: string) =>
  z.string({ error: message }).trim().min(LIMITS.nameMin, message).max(LIMITS.text.name);
const email = z
  .string({ error: MSG.validEmailRequired })
  .trim()
  .max(LIMITS.text.email, MSG.validEmailRequired)
  .pipe(z.email(MSG.validEmailRequired));
/** Digits only once the usual formatting ((787) 555-0100) and a country code (+1) are removed. */
const phone = z
  .string({ error: ADMIN_MSG.phoneDigits })
  .transform((value) => (/^[\d\s().+-]*$/.test(value) ? nationalDigits(value) : value))
  .pipe(z.string().regex(/^[0-9]{10}$/, ADMIN_MSG.phoneDigits));
const accessStatus = z.enum(ADMIN_STATUSES, { error: MSG.invalidAccessStatus });

/** '' and null mean "not given" (SPEC §5 "Edit admin": empty values are omitted). */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const AdminCreateBody = z.object({
  admin_first_name: name(MSG.firstNameMin),
  admin_last_name: name(MSG.lastNameMin),
  admin_email: email,
  admin_phone: optional(phone),
  admin_password: strongPassword(MSG.passwordMin),
  access_status: optional(accessStatus),
});
export type AdminCreateBody = z.infer<typeof AdminCreateBody>;

export const AdminUpdateBody = z.object({
  admin_first_name: optional(name(MSG.firstNameMin)),
  admin_last_name: optional(name(MSG.lastNameMin)),
  admin_email: optional(email),
  admin_phone: optional(phone),
  access_status: optional(accessStatus),
  /** The name SPEC §3 also uses for the status. */
  admin_access_status: optional(accessStatus),
});
export type AdminUpdateBody = z.infer<typeof AdminUpdateBody>;

export const ResetPasswordBody = z.object({
  admin_id: z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional()),
  new_password: strongPassword(MSG.passwordMinLong),
});

export const AdminIdParams = idParams();

/**
 * What the admin list can be sorted by: the columns, and 'name' (first then last
 * name, any case), 'email' and 'status' (then creation date); every key takes sort_order and admin_id
 * ends the order.
 */
export const ADMIN_SORT_FIELDS = [
  'name',
  'email',
  'status',
  'created_at',
  'updated_at',
  'admin_id',
  'admin_first_name',
  'admin_last_name',
  'admin_email',
  'access_status',
] as const;

const page = z.coerce.number().int().min(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(LIMITS.defaultPageSize);

export const AdminListQuery = z.object({
  page,
  page_size: pageSize,
  access_status: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    accessStatus.optional(),
  ),
  search: z.preprocess(blankToUndefined, z.string().trim().max(255).optional()),
  sort_by: sortBySchema(ADMIN_SORT_FIELDS, MSG.adminSortBy).default('created_at'),
  sort_order: sortOrderSchema.default('desc'),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;

export const AdminSearchQuery = z.object({
  q: z.string({ error: MSG.searchMin }).trim().min(LIMITS.searchMinLength, MSG.searchMin).max(255),
  // The limit, its range and its message are those of every list (SPEC §5 "List filters").
  limit: limitSchema(LIMITS.defaultSearchLimit),
});

export const RegistrationsQuery = z.object({ page, page_size: pageSize });

export const BulkActionBody = z.object({
  action: z.enum(BULK_ACTIONS, { error: MSG.invalidBulkAction }),
  admin_ids: z
    .array(z.coerce.number().int().positive().max(PG_INTEGER_MAX), { error: MSG.bulkIdsRequired })
    .min(1, MSG.bulkIdsRequired)
    .max(LIMITS.bulkMaxAdmins, MSG.bulkMax),
  /**
   * Optional, per admin id: the version the master saw (the bulk form of If-Match). An admin no
   * longer at it is left alone and answers 412 on its line; the others are applied. An id without
   * a version is applied as the account is now.
   */
  versions: z
    .record(z.string().regex(/^[1-9][0-9]{0,9}$/), z.string().min(1).max(64))
    .refine((map) => Object.keys(map).length <= LIMITS.bulkMaxAdmins, { error: MSG.bulkMax })
    .optional()
    .describe('Optional: admin id → the version shown (as If-Match); an admin changed since answers 412'),
});
export type BulkActionBody = z.infer<typeof BulkActionBody>;

/** One admin's outcome in a bulk answer, in the order the ids were sent. */
export const AdminBulkResultLine = z
  .object({
    admin_id: z.number(),
    status: z.number().describe('200 applied, 412 changed since the version sent'),
    message: z.string().optional(),
    version: z.string().optional().describe("200 (not after a delete) and 412: the account's version now"),
    changed_by: z.string().nullable().optional().describe('412: who changed the account last'),
    changed_at: z.string().nullable().optional().describe('412: when (ISO 8601)'),
    access_status: z.enum(ADMIN_STATUSES).optional().describe("412: the account's status now"),
  })
  .describe("One admin's outcome");
export type AdminBulkResultLine = z.infer<typeof AdminBulkResultLine>;

/** What a bulk answer adds to SPEC's fields: a line per admin, and the count of each outcome. */
export const AdminBulkLines = {
  results: z.array(AdminBulkResultLine),
  summary: z.object({ succeeded: z.number(), failed: z.number() }),
};

/** SPEC §3 "Pagination". */
export interface Pagination {
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

export function paginationOf(page: number, pageSize: number, totalRecords: number): Pagination {
  const totalPages = Math.ceil(totalRecords / pageSize);
  return {
    currentPage: page,
    pageSize,
    totalPages,
    totalRecords,
    hasNext: page < totalPages,
    hasPrevious: page > 1,
  };
}

/** An admin as the server returns it: never a password or its hash. */
export interface AdminAccount {
  admin_id: number;
  admin_first_name: string;
  admin_last_name: string;
  admin_email: string;
  admin_phone: string | null;
  access_status: string;
  admin_access_status: string;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  /** Opaque; sent back as If-Match: "<version>". */
  version: string;
}

export interface AdminRegistrationRecord {
  id: number;
  admin_id: number;
  admin_first_name: string;
  admin_last_name: string;
  admin_email: string;
  master_user: string;
  registration_date: string;
  registration_time: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
}

export interface AdminStats {
  total_admins: number;
  pending_admins: number;
  active_admins: number;
  inactive_admins: number;
  suspended_admins: number;
  /** Created in the last 30 days. */
  recent_registrations: number;
}
