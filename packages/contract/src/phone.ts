// Phone numbers: 10 digits shown as (XXX) XXX-XXXX (SPEC §5), formatted progressively while typing.
import { LIMITS } from './limits.ts';

export function phoneDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, LIMITS.phoneDigits);
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
