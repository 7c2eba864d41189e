import { describe, expect, it } from 'vitest';
import { BUSINESS_CATEGORIES } from './categories.ts';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('BUSINESS_CATEGORIES', () => {
  it('holds at least 300 categories', () => {
    expect(BUSINESS_CATEGORIES.length).toBeGreaterThanOrEqual(300);
  });

  it('has no duplicates, ignoring case and accents', () => {
    const folded = new Set(BUSINESS_CATEGORIES.map(fold));
    expect(folded.size).toBe(BUSINESS_CATEGORIES.length);
  });

  it('is sorted with Spanish collation', () => {
    const sorted = [...BUSINESS_CATEGORIES].sort(new Intl.Collator('es').compare);
    expect(BUSINESS_CATEGORIES).toEqual(sorted);
  });

  it('keeps every name trimmed, capitalised and within 255 characters', () => {
    for (const category of BUSINESS_CATEGORIES) {
      expect(category).toBe(category.trim());
      expect(category.length).toBeLessThanOrEqual(255);
      expect(category[0]).toBe(category[0]!.toLocaleUpperCase('es'));
    }
  });

  it('spells categories with their Spanish accents', () => {
    expect(BUSINESS_CATEGORIES).toContain('Panaderías');
    expect(BUSINESS_CATEGORIES).toContain('Talleres de Mecánica');
    expect(BUSINESS_CATEGORIES).toContain('Ferreterías');
  });
});
