import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars } from './money.ts';

describe('formatCents', () => {
  it('divides by 100 and formats en-US', () => {
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(0)).toBe('$0.00');
  });
  it('honours the currency, case-insensitively', () => {
    expect(formatCents(500, 'eur')).toBe('€5.00');
  });
  it('falls back to USD for an unknown currency code', () => {
    expect(formatCents(500, 'not-a-currency')).toBe('$5.00');
  });
  it('shows N/A without an amount', () => {
    expect(formatCents(null)).toBe('N/A');
    expect(formatCents(Number.NaN)).toBe('N/A');
  });
});

describe('formatDollars', () => {
  it('shows two decimals', () => {
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(undefined)).toBe('N/A');
  });
});
