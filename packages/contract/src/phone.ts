// Phone numbers: 10 digits shown as (XXX) XXX-XXXX (SPEC §5), formatted progressively while typing.
import { LIMITS } from './limits.ts';

/**
 * A phone's digits without the North American country code, which people often write or paste
 * ('+1 (787) 555-1234', '1-787-555-1234'): no area code starts with 1, so eleven digits from a 1,
 * or a leading '+1', are that code and the ten-digit number.
 */
export function nationalDigits(value: string | null | undefined): string {
  const text = value ?? '';
  const digits = text.replace(/\D/g, '');
  const countryCode =
    /^\s*\+\s*1/.test(text) || (digits.length === LIMITS.phoneDigits + 1 && digits.startsWith('1'));
  return countryCode ? digits.slice(1) : digits;
}

/** The ten digits a phone field keeps (a longer paste loses what follows, never its start). */
export function phoneDigits(value: string | null | undefined): string {
  return nationalDigits(value).slice(0, LIMITS.phoneDigits);
}

export function formatPhone(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isCompletePhone(value: string | null | undefined): boolean {
  return phoneDigits(value).length === LIMITS.phoneDigits;
}
