import { describe, expect, it } from 'vitest';
import {
  firstPasswordProblem,
  isStrongPassword,
  PASSWORD_RULES,
  PASSWORD_SPECIAL_CHARS,
  passwordRuleStatus,
  unmetPasswordRules,
} from './password-rules.ts';

const LENGTH = 'Password must be at least 8 characters long';
const UPPER = 'Password must contain at least one uppercase letter';
const LOWER = 'Password must contain at least one lowercase letter';
const NUMBER = 'Password must contain at least one number';
const SPECIAL = 'Password must contain at least one special character';

describe('password strength (SPEC §5)', () => {
  it('reports every rule an empty password breaks, in SPEC order', () => {
    expect(unmetPasswordRules('')).toEqual([LENGTH, UPPER, LOWER, NUMBER, SPECIAL]);
    expect(firstPasswordProblem('')).toBe(LENGTH);
  });

  it('names each missing class on its own', () => {
    expect(unmetPasswordRules('abcdefg1!')).toEqual([UPPER]);
    expect(unmetPasswordRules('ABCDEFG1!')).toEqual([LOWER]);
    expect(unmetPasswordRules('Abcdefgh!')).toEqual([NUMBER]);
    expect(unmetPasswordRules('Abcdefg12')).toEqual([SPECIAL]);
    expect(unmetPasswordRules('Ab1!')).toEqual([LENGTH]);
  });

  it('accepts exactly 8 characters with every class', () => {
    expect(unmetPasswordRules('Abcdef1!')).toEqual([]);
    expect(firstPasswordProblem('Abcdef1!')).toBeNull();
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('Abcdef1')).toBe(false);
  });

  it('counts each character of the special set, and not a letter with an accent or a space', () => {
    for (const special of PASSWORD_SPECIAL_CHARS) expect(isStrongPassword(`Abcdef1${special}`)).toBe(true);
    expect(firstPasswordProblem('Abcdef1é')).toBe(SPECIAL);
    expect(firstPasswordProblem('Abcdef1 x')).toBe(SPECIAL);
  });

  it('gives a checklist with each rule met or not', () => {
    const status = passwordRuleStatus('abc');
    expect(status.map((rule) => rule.id)).toEqual(['length', 'upper', 'lower', 'number', 'special']);
    expect(status.filter((rule) => rule.met).map((rule) => rule.id)).toEqual(['lower']);
    expect(passwordRuleStatus('Abcdef1!').every((rule) => rule.met)).toBe(true);
    expect(PASSWORD_RULES.map((rule) => rule.message)).toEqual([LENGTH, UPPER, LOWER, NUMBER, SPECIAL]);
  });
});
