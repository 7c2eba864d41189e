import { describe, expect, it } from 'vitest';
import { employeeTenure, formatTenure, TENURE_NOT_STARTED, tenureBetween } from './tenure.ts';

const day = (text: string) => {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
};

describe('tenureBetween', () => {
  it('counts whole years, months and days', () => {
    expect(tenureBetween(day('2020-01-15'), day('2023-04-20'))).toEqual({ years: 3, months: 3, days: 5 });
  });
  it('borrows days when the end day is before the start day', () => {
    expect(tenureBetween(day('2024-01-20'), day('2024-03-05'))).toEqual({ years: 0, months: 1, days: 14 });
  });
  it('clamps to the end of a shorter month', () => {
    expect(tenureBetween(day('2023-01-31'), day('2023-03-01'))).toEqual({ years: 0, months: 1, days: 1 });
    expect(tenureBetween(day('2023-01-31'), day('2023-02-28'))).toEqual({ years: 0, months: 0, days: 28 });
  });
  it('handles leap days', () => {
    expect(tenureBetween(day('2020-02-29'), day('2021-02-28'))).toEqual({ years: 0, months: 11, days: 30 });
    expect(tenureBetween(day('2020-02-29'), day('2024-02-29'))).toEqual({ years: 4, months: 0, days: 0 });
  });
  it('is zero on the same day and null when the end comes first', () => {
    expect(tenureBetween(day('2024-05-05'), day('2024-05-05'))).toEqual({ years: 0, months: 0, days: 0 });
    expect(tenureBetween(day('2024-05-06'), day('2024-05-05'))).toBeNull();
  });
});

describe('formatTenure', () => {
  it('writes every part in Spanish with singulars and plurals', () => {
    expect(formatTenure({ years: 2, months: 3, days: 5 })).toBe('2 años, 3 meses y 5 días');
    expect(formatTenure({ years: 1, months: 1, days: 1 })).toBe('1 año, 1 mes y 1 día');
  });
  it('leaves out the zero parts', () => {
    expect(formatTenure({ years: 0, months: 4, days: 0 })).toBe('4 meses');
    expect(formatTenure({ years: 1, months: 0, days: 9 })).toBe('1 año y 9 días');
    expect(formatTenure({ years: 0, months: 0, days: 0 })).toBe('0 días');
  });
});

describe('employeeTenure', () => {
  const now = new Date(2026, 10, 23, 9, 30);
  it('runs to today while the employee stays', () => {
    expect(employeeTenure('2025-09-06', null, now)).toBe('1 año, 2 meses y 17 días');
  });
  it('stops at the departure date', () => {
    expect(employeeTenure('2020-01-01', '2022-07-01', now)).toBe('2 años y 6 meses');
  });
  it('reads the date part of an ISO timestamp', () => {
    expect(employeeTenure('2026-11-20T00:00:00.000Z', null, now)).toBe('3 días');
  });
  it('says so for a start in the future and N/A without a start date', () => {
    expect(employeeTenure('2027-01-01', null, now)).toBe(TENURE_NOT_STARTED);
    expect(employeeTenure(null, null, now)).toBe('N/A');
    expect(employeeTenure('pronto', null, now)).toBe('N/A');
  });
});
