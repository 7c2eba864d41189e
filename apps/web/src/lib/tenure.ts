// An employee's time at the business in years, months and days (SPEC §9).
import { type CalendarDate, parseCalendarDate, todayCalendarDate } from './calendar-date.ts';

export interface Tenure {
  years: number;
  months: number;
  days: number;
}

const DAY_MS = 86_400_000;
const utc = (date: CalendarDate) => Date.UTC(date.year, date.month - 1, date.day);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `start` moved forward by whole months, the day clamped to the target month's length (Jan 31 + 1 = Feb 28). */
function addMonths(start: CalendarDate, count: number): CalendarDate {
  const index = start.year * 12 + (start.month - 1) + count;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(start.day, daysInMonth(year, month)) };
}

/** Whole years, months and days from `start` to `end`; null when `end` is before `start`. */
export function tenureBetween(start: CalendarDate, end: CalendarDate): Tenure | null {
  if (utc(end) < utc(start)) return null;
  let months = (end.year - start.year) * 12 + (end.month - start.month);
  if (end.day < start.day) months -= 1;
  const anchor = addMonths(start, months);
  const days = Math.round((utc(end) - utc(anchor)) / DAY_MS);
  return { years: Math.floor(months / 12), months: months % 12, days };
}

const unit = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '2 años, 3 meses y 5 días'; zero parts are left out, and nothing at all reads '0 días'. */
export function formatTenure({ years, months, days }: Tenure): string {
  const parts = [
    years > 0 ? unit(years, 'año', 'años') : null,
    months > 0 ? unit(months, 'mes', 'meses') : null,
    days > 0 ? unit(days, 'día', 'días') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return '0 días';
  if (parts.length === 1) return parts[0] as string;
  return `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
}

export const TENURE_NOT_STARTED = 'Aún no comienza';

/** From the start date to the departure date, or to today while still employed. */
export function employeeTenure(
  startDate: string | null | undefined,
  departureDate?: string | null,
  now: Date = new Date(),
): string {
  const start = parseCalendarDate(startDate);
  if (!start) return 'N/A';
  const end = parseCalendarDate(departureDate) ?? todayCalendarDate(now);
  const tenure = tenureBetween(start, end);
  return tenure ? formatTenure(tenure) : TENURE_NOT_STARTED;
}

/** An average tenure kept in days, read as years (365 days), months (30 days) and days. */
export function tenureFromDays(totalDays: number): Tenure {
  const whole = Math.max(0, Math.round(totalDays));
  return { years: Math.floor(whole / 365), months: Math.floor((whole % 365) / 30), days: (whole % 365) % 30 };
}
