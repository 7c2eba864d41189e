// The password strength validator of SPEC §5 "Password strength", shared by the admin registration
// form and the approval screen's password reset. The rules and their English messages live once, in
// the contract (`passwordProblems`), which the server also enforces.
import { PASSWORD_SPECIAL_CHARS, passwordProblems } from '@portal/contract/admin-registration';
import { LIMITS } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';

export interface PasswordRule {
  id: 'length' | 'upper' | 'lower' | 'number' | 'special';
  /** A short Spanish label for a checklist. */
  label: string;
  /** The English message SPEC §5 gives when the rule is not met. */
  message: string;
}

/** In SPEC §5 order, the order `passwordProblems` reports them. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `Al menos ${LIMITS.passwordMin} caracteres`, message: MSG.passwordMinLong },
  { id: 'upper', label: 'Una letra mayúscula', message: MSG.passwordUpper },
  { id: 'lower', label: 'Una letra minúscula', message: MSG.passwordLower },
  { id: 'number', label: 'Un número', message: MSG.passwordNumber },
  { id: 'special', label: 'Un carácter especial', message: MSG.passwordSpecial },
];

/** The hint under a password field (SPEC §5). */
export const PASSWORD_HINT = `Mínimo ${LIMITS.passwordMin} caracteres, con mayúscula, minúscula, número y carácter especial.`;

export { PASSWORD_SPECIAL_CHARS };

/** The messages of every rule the password breaks, in SPEC order; empty when it is strong. */
export function unmetPasswordRules(password: string): string[] {
  return passwordProblems(password, MSG.passwordMinLong);
}

/** The message to show for a password: the first rule it breaks, or null when it is strong. */
export function firstPasswordProblem(password: string): string | null {
  return unmetPasswordRules(password)[0] ?? null;
}

export function isStrongPassword(password: string): boolean {
  return unmetPasswordRules(password).length === 0;
}

/** Each rule with whether the password meets it, for a live checklist. */
export function passwordRuleStatus(password: string): Array<PasswordRule & { met: boolean }> {
  const unmet = new Set(unmetPasswordRules(password));
  return PASSWORD_RULES.map((rule) => ({ ...rule, met: !unmet.has(rule.message) }));
}
