// Pure helpers of the registration history (SPEC §5 "Searches and filters", §9).
import type { AdminRegistrationRecord } from '@portal/contract/admin-registration';
import { MASTER_NAME } from '../../lib/actor-name.ts';
import { formatCalendarDate } from '../../lib/calendar-date.ts';
import { formatDate } from '../../lib/format-date.ts';
import { MASTER_USER_LABEL } from '../../session/session-storage.ts';

export const USER_AGENT_MAX = 25;
const TIME_LENGTH = 8;

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The master's stored name ('Master User', SPEC §3) in the portal's words, as the header says it. */
export function masterUserLabel(masterUser: string): string {
  return masterUser === MASTER_USER_LABEL ? MASTER_NAME : masterUser;
}

/** Client-side search over names, email, master user (stored and shown) and IP; accents and case do not matter. */
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
        masterUserLabel(record.master_user),
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

type RegistrationWhen = Pick<
  AdminRegistrationRecord,
  'created_at' | 'registration_date' | 'registration_time'
>;

// registration_date/registration_time are the server's clock (UTC); created_at is the instant, shown
// in the reader's time zone as every other date of the portal.
function createdAt(record: RegistrationWhen): Date | null {
  const at = record.created_at ? new Date(record.created_at) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 'HH:MM:SS' (SPEC §9: 8 characters) of created_at; the recorded time's first 8 characters without it. */
export function registrationTime(record: RegistrationWhen): string {
  const at = createdAt(record);
  if (at) return `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
  return record.registration_time ? record.registration_time.slice(0, TIME_LENGTH) : 'N/A';
}

/** The day of created_at; the recorded calendar day (read as that day, not UTC midnight) without it. */
export function registrationDate(record: RegistrationWhen): string {
  const at = createdAt(record);
  return at ? formatDate(at) : formatCalendarDate(record.registration_date);
}

export function pageOf<T>(items: T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}
