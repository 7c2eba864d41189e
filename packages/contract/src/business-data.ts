// Business directory calls (SPEC §7 "Business data"): list filters in both spellings SPEC uses
// (snake_case and camelCase), the CSV export's filters, and the lookups' path parameters.
import { z } from 'zod';
import { businessColumnLabel } from './business-columns.ts';
import { type ExportFormat, exportFormatSchema } from './exports.ts';
import { idParams } from './ids.ts';
import { LIMITS } from './limits.ts';
import {
  booleanQuery,
  dateQuery,
  datesInOrder,
  limitSchema,
  offsetSchema,
  type SortOrder,
  searchSchema,
  sortBySchema,
  sortOrderSchema,
  yearSchema,
} from './list-filters.ts';
import { MSG } from './messages.ts';
import { nationalDigits } from './phone.ts';

export const EXPORT_LIMIT_MESSAGE = `Limit must be between 1 and ${LIMITS.exportMaxRows}`;

/** What the directory can be sorted by; without `sort_by`, newest first. */
export const DIRECTORY_SORT_FIELDS = ['name', 'registration_date', 'verification'] as const;
export type DirectorySortField = (typeof DIRECTORY_SORT_FIELDS)[number];
/** The page sizes the portal offers; the server takes any `limit` from 1 to 1000. */
export const DIRECTORY_PAGE_SIZES = [10, 25, 50] as const;
/** `sort_order` when only `sort_by` is given: names A→Z, dates and verification highest first. */
export const DIRECTORY_DEFAULT_ORDER: Record<DirectorySortField, SortOrder> = {
  name: 'asc',
  registration_date: 'desc',
  verification: 'desc',
};

const filterFields = {
  search: searchSchema.optional(),
  category: z.string().trim().max(LIMITS.text.category).optional(),
  year: yearSchema.optional(),
  verified_email: booleanQuery.optional(),
  verifiedEmail: booleanQuery.optional(),
  verified_phone: booleanQuery.optional(),
  verifiedPhone: booleanQuery.optional(),
  date_from: dateQuery.optional(),
  dateFrom: dateQuery.optional(),
  date_to: dateQuery.optional(),
  dateTo: dateQuery.optional(),
  sort_by: sortBySchema(DIRECTORY_SORT_FIELDS, MSG.directorySortBy).optional(),
  sort_order: sortOrderSchema.optional(),
};

export interface BusinessFilters {
  search?: string;
  category?: string;
  year?: number;
  verifiedEmail?: boolean;
  verifiedPhone?: boolean;
  dateFrom?: string;
  dateTo?: string;
  /**
   * Absent: a search is ranked by relevance, a list is newest first (registration_date desc).
   * Every order ends with the id in the same direction, so pages never repeat a row.
   */
  sortBy?: DirectorySortField;
  sortOrder?: SortOrder;
  limit: number;
  offset: number;
}

type RawFilters = {
  search?: string;
  category?: string;
  year?: number;
  verified_email?: boolean;
  verifiedEmail?: boolean;
  verified_phone?: boolean;
  verifiedPhone?: boolean;
  date_from?: string;
  dateFrom?: string;
  date_to?: string;
  dateTo?: string;
  sort_by?: DirectorySortField;
  sort_order?: SortOrder;
  limit: number;
  offset: number;
};

/** sort_order alone orders by registration date; sort_by alone takes its field's usual order. */
function sortOf(by: DirectorySortField | undefined, order: SortOrder | undefined) {
  if (!by && !order) return {};
  const sortBy = by ?? 'registration_date';
  return { sortBy, sortOrder: order ?? DIRECTORY_DEFAULT_ORDER[sortBy] };
}

function normalise(raw: RawFilters): BusinessFilters {
  return {
    search: raw.search,
    category: raw.category === '' ? undefined : raw.category,
    year: raw.year,
    verifiedEmail: raw.verified_email ?? raw.verifiedEmail,
    verifiedPhone: raw.verified_phone ?? raw.verifiedPhone,
    dateFrom: raw.date_from ?? raw.dateFrom,
    dateTo: raw.date_to ?? raw.dateTo,
    ...sortOf(raw.sort_by, raw.sort_order),
    limit: raw.limit,
    offset: raw.offset,
  };
}

const inOrder = (f: BusinessFilters) => datesInOrder(f.dateFrom, f.dateTo);

export const BusinessListQuery = z
  .object({ ...filterFields, limit: limitSchema(LIMITS.directoryPageSize), offset: offsetSchema })
  .transform(normalise)
  .refine(inOrder, { error: MSG.dateFromBeforeTo, path: ['date_from'] });

/**
 * The export takes the list's filters and up to 10,000 rows (SPEC §9), as CSV or XLSX. `all=true`
 * (master only) exports every match: `limit` no longer applies, `offset` still does.
 */
export const BusinessExportQuery = z
  .object({
    ...filterFields,
    limit: limitSchema(LIMITS.exportMaxRows, LIMITS.exportMaxRows, EXPORT_LIMIT_MESSAGE),
    offset: offsetSchema,
    format: exportFormatSchema,
    all: booleanQuery.default(false).describe('Every match, past 10,000 (master only)'),
  })
  .transform((raw): BusinessExportFilters => ({ ...normalise(raw), format: raw.format, all: raw.all }))
  .refine(inOrder, { error: MSG.dateFromBeforeTo, path: ['date_from'] });

export interface BusinessExportFilters extends BusinessFilters {
  format: ExportFormat;
  all: boolean;
}

export const BusinessIdParams = idParams();
export const BusinessEmailParams = z.object({ email: z.string().trim().min(3).max(LIMITS.text.email) });
export const BusinessPhoneParams = z.object({
  phone: z
    .string()
    .transform(nationalDigits)
    .refine((digits) => digits.length >= 7 && digits.length <= 15),
});

/** The directory CSV's fields after 'ID', headed as the screens name them (business-columns.ts). */
const BUSINESS_CSV_FIELDS = [
  'business_registry_number',
  'business_name',
  'business_owner',
  'business_email',
  'business_phone',
  'business_address',
  'business_category',
  'business_year',
  'verified_email',
  'verified_phone',
] as const;

/** Spanish column headers of the directory CSV: the table's words ('Nombre', 'Email', 'Estado'). */
export const BUSINESS_CSV_HEADERS: readonly string[] = [
  'ID',
  ...BUSINESS_CSV_FIELDS.map(businessColumnLabel),
  'Estado',
  businessColumnLabel('registration_date'),
];

/**
 * The list's filters and order without a page ('Seleccionar los N resultados'): the
 * registry numbers of the whole search, up to `cap`.
 */
export const businessSearchQuery = (cap: number) =>
  z
    .object(filterFields)
    .transform((raw) => normalise({ ...raw, limit: cap, offset: 0 }))
    .refine(inOrder, { error: MSG.dateFromBeforeTo, path: ['date_from'] });
