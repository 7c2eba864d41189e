// es-PR dates and relative times. Invalid dates show the raw value, or 'N/A' when there is none (SPEC §8).
// The format itself is the contract's: the server writes dates into its files the same way.
import { DATE_LOCALE, DATE_OPTIONS, DATE_TIME_OPTIONS } from '@portal/contract/date-format';

// Made on first use: a page's first Intl formatter loads the locale's data, tens of milliseconds on a
// slow phone, which loading a module should not cost.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

function dateFormatter(): Intl.DateTimeFormat {
  dateFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, DATE_OPTIONS);
  return dateFormat;
}

function dateTimeFormatter(): Intl.DateTimeFormat {
  dateTimeFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, DATE_TIME_OPTIONS);
  return dateTimeFormat;
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function fallback(value: DateInput): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  return String(value);
}

export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormatter().format(date) : fallback(value);
}

export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormatter().format(date) : fallback(value);
}

/** Seconds since epoch (as `expires_at` arrives from /auth/login) to a date-time. */
export function formatEpochSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return 'N/A';
  return formatDateTime(seconds * 1000);
}

function plural(count: number, one: string, many: string): string {
  return `hace ${count} ${count === 1 ? one : many}`;
}

/** 'hace N minutos/horas/días'; older than 30 days shows the date itself. */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return fallback(value);
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return plural(minutes, 'minuto', 'minutos');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hora', 'horas');
  const days = Math.floor(hours / 24);
  if (days <= 30) return plural(days, 'día', 'días');
  return formatDate(date);
}
