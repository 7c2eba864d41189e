import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, EVENT_DESCRIPTION_MAX_LENGTH, truncate } from './truncate.ts';

describe('truncate', () => {
  it('keeps text up to the limit as it is', () => {
    const exact = 'a'.repeat(DESCRIPTION_MAX_LENGTH);
    expect(truncate(exact, DESCRIPTION_MAX_LENGTH)).toBe(exact);
    expect(truncate('Pan sobao', DESCRIPTION_MAX_LENGTH)).toBe('Pan sobao');
  });
  it('cuts longer text at the limit and adds an ellipsis', () => {
    const long = 'b'.repeat(EVENT_DESCRIPTION_MAX_LENGTH + 20);
    expect(truncate(long, EVENT_DESCRIPTION_MAX_LENGTH)).toBe(`${'b'.repeat(150)}…`);
    expect(truncate(long, DESCRIPTION_MAX_LENGTH)).toBe(`${'b'.repeat(100)}…`);
  });
  it('does not leave a space before the ellipsis', () => {
    expect(truncate('uno dos tres', 4)).toBe('uno…');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🌴🌴🌴🌴', 2)).toBe('🌴🌴…');
    expect(truncate('Añasco está aquí', 11)).toBe('Añasco está…');
  });
  it('gives an empty string for nothing', () => {
    expect(truncate(null, 10)).toBe('');
    expect(truncate(undefined, 10)).toBe('');
  });
});
