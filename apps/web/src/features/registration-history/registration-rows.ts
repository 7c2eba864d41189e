// Pure helpers of the registration history (SPEC §5 "Searches and filters", §9).
import type { AdminRegistrationRecord } from '@portal/contract/admin-registration';
import { formatDate } from '../../lib/format-date.ts';

export const USER_AGENT_MAX = 25;
const TIME_LENGTH = 8;

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Client-side search over names, email, master user and IP; accents and case do not matter. */
export function filterRegistrations(
  records: AdminRegistrationRecord[],
  query: string,
): AdminRegistrationRecord[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return records;
  return records.filter((record) => {
    const haystack = fold(
      [
        record.admin_first_name,
        record.admin_last_name,
        record.admin_email,
        record.master_user,
        record.ip_address ?? '',
      ].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

/** The user agent cut at 25 characters (SPEC §9), with an ellipsis when cut. */
export function truncateUserAgent(userAgent: string): string {
  return userAgent.length > USER_AGENT_MAX ? `${userAgent.slice(0, USER_AGENT_MAX)}...` : userAgent;
}

/** The registration time's first 8 characters (SPEC §9): 'HH:MM:SS'. */
export function registrationTime(time: string | null | undefined): string {
  return time ? time.slice(0, TIME_LENGTH) : 'N/A';
}

/** A calendar date ('2026-03-05') is read as that local day, not as UTC midnight. */
export function registrationDate(date: string | null | undefined): string {
  if (date && /^\d{4}-\d{2}-\d{2}$/.test(date)) return formatDate(`${date}T00:00:00`);
  return formatDate(date);
}

export function pageOf<T>(items: T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}
