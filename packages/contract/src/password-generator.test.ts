import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword, isValidTemporaryPassword } from './password-generator.ts';

describe('temporary password (SPEC §9)', () => {
  it('always has 12 characters with upper, lower, digit and symbol', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(12);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });

  it('recognises passwords that miss a class or the length', () => {
    expect(isValidTemporaryPassword('Abcdefgh12#x')).toBe(true);
    expect(isValidTemporaryPassword('abcdefgh12#x')).toBe(false);
    expect(isValidTemporaryPassword('ABCDEFGH12#X')).toBe(false);
    expect(isValidTemporaryPassword('Abcdefghij#x')).toBe(false);
    expect(isValidTemporaryPassword('Abcdefgh12xy')).toBe(false);
    expect(isValidTemporaryPassword('Abc12#')).toBe(false);
  });
});
