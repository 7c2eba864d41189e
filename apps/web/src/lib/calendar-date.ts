// Calendar dates ('2026-11-23', as employee start dates and event dates arrive) are days, not instants:
// read as UTC midnight they would show the day before in Puerto Rico (UTC-4).
import { formatDate, formatDateTime } from './format-date.ts';

export interface CalendarDate {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
}

const DATE_PART = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_PART = /^(\d{1,2}):(\d{2})/;

/** The day a 'YYYY-MM-DD' value (or the date part of an ISO string) names; null when it names none. */
export function parseCalendarDate(value: string | null | undefined): CalendarDate | null {
  const match = DATE_PART.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Today in the browser's time zone. */
export function todayCalendarDate(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** es-PR date of a calendar date, with its time of day ('19:30:00') when given. Invalid: raw or N/A. */
export function formatCalendarDate(value: string | null | undefined, time?: string | null): string {
  const date = parseCalendarDate(value);
  if (!date) return formatDate(value);
  const clock = TIME_PART.exec(time ?? '');
  if (!clock) return formatDate(new Date(date.year, date.month - 1, date.day));
  return formatDateTime(new Date(date.year, date.month - 1, date.day, Number(clock[1]), Number(clock[2])));
}
