import { describe, expect, it } from 'vitest';
import { intervalLabel } from './subscription-labels.ts';

describe('billing interval labels', () => {
  it('names a plan billed every month, week, day or year as before, with or without a count of 1', () => {
    expect(intervalLabel('month')).toBe('Mensual');
    expect(intervalLabel('month', 1)).toBe('Mensual');
    expect(intervalLabel('week', 1)).toBe('Semanal');
    expect(intervalLabel('day', null)).toBe('Diario');
    expect(intervalLabel('year', 1)).toBe('Anual');
  });

  it('names plans of 3, 6 and 12 months', () => {
    expect(intervalLabel('month', 3)).toBe('Trimestral');
    expect(intervalLabel('month', 6)).toBe('Semestral');
    expect(intervalLabel('month', 12)).toBe('Anual');
  });

  it('says how often any other count is billed', () => {
    expect(intervalLabel('month', 2)).toBe('Cada 2 meses');
    expect(intervalLabel('month', 4)).toBe('Cada 4 meses');
    expect(intervalLabel('week', 2)).toBe('Cada 2 semanas');
    expect(intervalLabel('year', 2)).toBe('Cada 2 años');
    expect(intervalLabel('day', 10)).toBe('Cada 10 días');
  });

  it('reads PayPal’s upper-case units like Stripe’s', () => {
    expect(intervalLabel('MONTH', 3)).toBe('Trimestral');
    expect(intervalLabel('WEEK', 2)).toBe('Cada 2 semanas');
  });

  it('shows an unknown interval as written and a missing one as N/A', () => {
    expect(intervalLabel('fortnight')).toBe('fortnight');
    expect(intervalLabel('fortnight', 2)).toBe('Cada 2 fortnight');
    expect(intervalLabel(undefined, 3)).toBe('N/A');
    expect(intervalLabel('month', 0)).toBe('Mensual');
  });
});
