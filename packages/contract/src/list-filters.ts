// Query-string rules of SPEC §5 "List filters", shared by every list call and the portal.
// Query values arrive as text, so numbers and booleans are coerced here.
import { z } from 'zod';
import { currentYear, LIMITS } from './limits.ts';
import { MSG } from './messages.ts';

export const limitSchema = (
  defaultValue: number = LIMITS.defaultPageSize,
  max: number = LIMITS.listLimitMax,
  message: string = MSG.limitRange,
) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(LIMITS.listLimitMin, { error: message })
    .max(max, { error: message })
    .default(defaultValue);

export const offsetSchema = z.coerce
  .number({ error: MSG.offsetNonNegative })
  .int({ error: MSG.offsetNonNegative })
  .min(0, { error: MSG.offsetNonNegative })
  .default(0);

/** `sort_order` of a sortable list: asc or desc, any case. */
export const sortOrderSchema = z
  .string({ error: MSG.sortOrder })
  .trim()
  .toLowerCase()
  .pipe(z.enum(['asc', 'desc'], { error: MSG.sortOrder }));
export type SortOrder = z.output<typeof sortOrderSchema>;

/** `sort_by` of a sortable list: one of `fields`, else `message` (which names them). */
export const sortBySchema = <const T extends readonly [string, ...string[]]>(fields: T, message: string) =>
  z.enum(fields, { error: message });

export const yearSchema = z.coerce
  .number({ error: MSG.invalidYear })
  .int({ error: MSG.invalidYear })
  .refine((year) => year >= LIMITS.yearMin && year <= currentYear(), { error: MSG.invalidYear });

/** 'true' / 'false' (also 1 / 0) in a query string. */
export const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Empty or blank means "no search"; otherwise at least 2 characters after trimming. */
export const searchSchema = z
  .string()
  .max(LIMITS.text.name)
  .transform((value) => value.trim())
  .refine((value) => value === '' || value.length >= LIMITS.searchMinLength, { error: MSG.searchMin })
  .transform((value) => (value === '' ? undefined : value));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day or a timestamp written with a year from 1000 to 9999. */
const DAY_OR_TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}(T.+)?$/;
/**
 * The last instant a filter may name. Date.parse reads years up to 275760, but PGlite sends a
 * Date as toISOString, whose six-digit years past 9999 PostgreSQL does not read.
 */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Date.parse rolls a day the month lacks ('2026-02-31') over into the next month. */
function dayExists(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day (YYYY-MM-DD, read as UTC) or a full ISO timestamp, up to the end of year 9999. */
export const dateQuery = z
  .string()
  .trim()
  .refine((value) => DAY_OR_TIMESTAMP.test(value) && dayExists(value) && Date.parse(value) <= LATEST);

export interface DateRange {
  from?: Date;
  /** Exclusive upper bound: a calendar day `to` includes that whole day. */
  toExclusive?: Date;
}

export function toDateRange(from: string | undefined, to: string | undefined): DateRange {
  const range: DateRange = {};
  if (from) range.from = new Date(from);
  if (to) {
    const end = Date.parse(to) + (DATE_ONLY.test(to) ? 86_400_000 : 1);
    // Only the last millisecond of year 9999 is left out.
    range.toExclusive = new Date(Math.min(end, LATEST));
  }
  return range;
}

/** SPEC §5: date from must not be after date to. */
export const datesInOrder = (from: string | undefined, to: string | undefined): boolean =>
  !from || !to || new Date(from).getTime() <= new Date(to).getTime();

/** The registry number of a per-business call: required, compared upper-case. */
export const registrySchema = z
  .string({ error: MSG.registryRequired })
  .trim()
  .min(1, { error: MSG.registryRequired })
  .max(32)
  .transform((value) => value.toUpperCase());

export const RegistryParams = z.object({ registry: registrySchema });
