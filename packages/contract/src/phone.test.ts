import { describe, expect, it } from 'vitest';
import { formatPhone, isCompletePhone, phoneDigits } from './phone.ts';

describe('phone formatting', () => {
  it('formats ten digits as (XXX) XXX-XXXX', () => {
    expect(formatPhone('7875551234')).toBe('(787) 555-1234');
    expect(formatPhone('787-555-1234')).toBe('(787) 555-1234');
  });
  it('formats progressively while typing', () => {
    expect(formatPhone('7')).toBe('(7');
    expect(formatPhone('7875')).toBe('(787) 5');
    expect(formatPhone('7875551')).toBe('(787) 555-1');
    expect(formatPhone('')).toBe('');
  });
  it('keeps at most ten digits, so the text fits in 14 characters', () => {
    expect(formatPhone('78755512349999')).toBe('(787) 555-1234');
    expect(formatPhone('78755512349999')).toHaveLength(14);
  });
  it('extracts digits and checks completeness', () => {
    expect(phoneDigits('(787) 555-1234')).toBe('7875551234');
    expect(isCompletePhone('(787) 555-1234')).toBe(true);
    expect(isCompletePhone('(787) 555-12')).toBe(false);
  });
});
