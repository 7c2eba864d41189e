import { describe, expect, it } from 'vitest';
import { formatPriceRange, formatServicePrice } from './price-range.ts';

describe('formatPriceRange', () => {
  it('shows a range in dollars with two decimals', () => {
    expect(formatPriceRange(366.25, 583.75)).toBe('$366.25 – $583.75');
    expect(formatPriceRange(8082.25, 20949.99)).toBe('$8,082.25 – $20,949.99');
  });
  it('shows one price when the ends agree or one is missing', () => {
    expect(formatPriceRange(20, 20)).toBe('$20.00');
    expect(formatPriceRange(20, null)).toBe('$20.00');
    expect(formatPriceRange(null, 35.5)).toBe('$35.50');
  });
  it('shows N/A without a price', () => {
    expect(formatPriceRange(null, undefined)).toBe('N/A');
  });
});

describe('formatServicePrice', () => {
  it("shows a 'Precio fijo' service as one price, not a range", () => {
    expect(formatServicePrice('fixed', 40, 75)).toBe('$40.00');
    expect(formatServicePrice('fixed', null, 75)).toBe('$75.00');
  });
  it('shows other price types as their range', () => {
    expect(formatServicePrice('hourly', 40, 75)).toBe('$40.00 – $75.00');
  });
});
