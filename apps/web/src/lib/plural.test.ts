import { describe, expect, it } from 'vitest';
import { plural, shownSpan } from './plural.ts';

describe('plural', () => {
  it('is singular only for exactly one', () => {
    expect(plural(1, 'registro', 'registros')).toBe('registro');
    expect(plural(0, 'registro', 'registros')).toBe('registros');
    expect(plural(2, 'registro', 'registros')).toBe('registros');
  });

  it('names one row by itself and a span with its ends', () => {
    expect(shownSpan(1, 1)).toBe('1');
    expect(shownSpan(11, 20)).toBe('11-20');
    expect(shownSpan(1001, 1010)).toBe('1,001-1,010');
  });
});
