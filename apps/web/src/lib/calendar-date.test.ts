import { describe, expect, it } from 'vitest';
import { formatCalendarDate, parseCalendarDate } from './calendar-date.ts';
import { formatDate, formatDateTime } from './format-date.ts';

describe('parseCalendarDate', () => {
  it('reads YYYY-MM-DD and the date part of an ISO string', () => {
    expect(parseCalendarDate('2026-11-23')).toEqual({ year: 2026, month: 11, day: 23 });
    expect(parseCalendarDate('2026-11-23T02:00:00Z')).toEqual({ year: 2026, month: 11, day: 23 });
  });
  it('refuses days that do not exist and other text', () => {
    expect(parseCalendarDate('2026-02-30')).toBeNull();
    expect(parseCalendarDate('mañana')).toBeNull();
    expect(parseCalendarDate(null)).toBeNull();
  });
});

describe('formatCalendarDate', () => {
  it('shows the same calendar day whatever the time zone', () => {
    expect(formatCalendarDate('2027-03-08')).toBe(formatDate(new Date(2027, 2, 8)));
  });
  it('adds the time of day when given', () => {
    expect(formatCalendarDate('2027-03-08', '19:30:00')).toBe(formatDateTime(new Date(2027, 2, 8, 19, 30)));
  });
  it('falls back to the raw value or N/A', () => {
    expect(formatCalendarDate('pronto')).toBe('pronto');
    expect(formatCalendarDate(null)).toBe('N/A');
  });
});
