import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEpochSeconds, formatRelative } from './format-date.ts';

const now = new Date('2026-03-10T12:00:00Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);

describe('formatRelative', () => {
  it('says "hace un momento" under a minute', () => {
    expect(formatRelative(new Date(now.getTime() - 30_000), now)).toBe('hace un momento');
  });
  it('counts minutes, with the singular for one', () => {
    expect(formatRelative(minutesAgo(1), now)).toBe('hace 1 minuto');
    expect(formatRelative(minutesAgo(45), now)).toBe('hace 45 minutos');
  });
  it('counts hours', () => {
    expect(formatRelative(minutesAgo(60), now)).toBe('hace 1 hora');
    expect(formatRelative(minutesAgo(23 * 60 + 59), now)).toBe('hace 23 horas');
  });
  it('counts days with the accent', () => {
    expect(formatRelative(minutesAgo(24 * 60), now)).toBe('hace 1 día');
    expect(formatRelative(minutesAgo(3 * 24 * 60), now)).toBe('hace 3 días');
  });
  it('accepts ISO strings', () => {
    expect(formatRelative('2026-03-10T10:00:00Z', now)).toBe('hace 2 horas');
  });
  it('shows the raw value of an invalid date and N/A for none', () => {
    expect(formatRelative('ayer', now)).toBe('ayer');
    expect(formatRelative(null, now)).toBe('N/A');
  });
});

describe('formatDate and formatDateTime (es-PR)', () => {
  it('formats a date in Spanish', () => {
    expect(formatDate('2026-03-10T15:00:00Z')).toMatch(/10.*mar.*2026/);
  });
  it('formats a date and time with a.m./p.m.', () => {
    const text = formatDateTime(new Date(2026, 2, 10, 15, 5));
    expect(text).toMatch(/10.*mar.*2026/);
    expect(text).toMatch(/3:05/);
    expect(text).toMatch(/p\.\s?m\./);
  });
  it('keeps an invalid value as it came, and N/A for empty', () => {
    expect(formatDate('no-es-fecha')).toBe('no-es-fecha');
    expect(formatDate('')).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
  });
  it('reads epoch seconds', () => {
    const seconds = new Date(2026, 2, 10, 15, 5).getTime() / 1000;
    expect(formatEpochSeconds(seconds)).toBe(formatDateTime(new Date(2026, 2, 10, 15, 5)));
    expect(formatEpochSeconds(undefined)).toBe('N/A');
  });
});
