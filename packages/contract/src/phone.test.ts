import { describe, expect, it } from 'vitest';
import { AdminUpdateBody } from './admin-registration.ts';
import { formatPhone, isCompletePhone, nationalDigits, phoneDigits } from './phone.ts';
import { RegistrationFields } from './public-registration.ts';

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

  it('drops the country code a pasted number carries, instead of keeping 1 and losing the last digit', () => {
    for (const pasted of [
      '17875551234',
      '1-787-555-1234',
      '+1 (787) 555-1234',
      '+17875551234',
      '1 787 555 1234',
    ]) {
      expect(phoneDigits(pasted)).toBe('7875551234');
      expect(formatPhone(pasted)).toBe('(787) 555-1234');
    }
    expect(nationalDigits('+1 787')).toBe('787');
    expect(nationalDigits('1000000000')).toBe('1000000000');
    expect(nationalDigits('+34 612 345 678')).toBe('34612345678');
    expect(nationalDigits(null)).toBe('');
  });
});

describe('phones in the request schemas', () => {
  it('take a number with its country code as its ten digits, and refuse letters as before', () => {
    expect(AdminUpdateBody.parse({ admin_phone: '+1 (787) 555-0100' }).admin_phone).toBe('7875550100');
    expect(AdminUpdateBody.safeParse({ admin_phone: '787-555-01ab' }).success).toBe(false);
    expect(RegistrationFields.shape.business_phone.parse('1-939-555-0100')).toBe('9395550100');
  });
});
