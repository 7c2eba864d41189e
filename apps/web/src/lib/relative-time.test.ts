import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says ahora inside the first minute, even a little in the future', () => {
    expect(relativeTime(ago(0), NOW)).toBe('ahora');
    expect(relativeTime(ago(59_000), NOW)).toBe('ahora');
    expect(relativeTime(ago(-20_000), NOW)).toBe('ahora');
  });

  it('counts minutes, hours and days in Spanish, singular and plural', () => {
    expect(relativeTime(ago(MINUTE), NOW)).toBe('hace 1 minuto');
    expect(relativeTime(ago(5 * MINUTE + 30_000), NOW)).toBe('hace 5 minutos');
    expect(relativeTime(ago(HOUR), NOW)).toBe('hace 1 hora');
    expect(relativeTime(ago(23 * HOUR + 59 * MINUTE), NOW)).toBe('hace 23 horas');
    expect(relativeTime(ago(DAY), NOW)).toBe('hace 1 día');
    expect(relativeTime(ago(3 * DAY), NOW)).toBe('hace 3 días');
  });

  it('moves to months and years for old changes', () => {
    expect(relativeTime(ago(45 * DAY), NOW)).toBe('hace 1 mes');
    expect(relativeTime(ago(400 * DAY), NOW)).toBe('hace 1 año');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(relativeTime('2026-03-10T13:00:00Z', NOW)).toBe('hace 2 horas');
    expect(relativeTime(NOW.getTime() - 10 * MINUTE, NOW)).toBe('hace 10 minutos');
  });

  it('gives an empty string for missing or invalid input', () => {
    expect(relativeTime(null, NOW)).toBe('');
    expect(relativeTime('', NOW)).toBe('');
    expect(relativeTime('no es una fecha', NOW)).toBe('');
  });
});
