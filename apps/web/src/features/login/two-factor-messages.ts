// What the login's second step shows for a failed POST /auth/login/2fa(/setup|/enable). Only the
// lazy code step (components/two-factor-step.tsx) imports this, so the login page's first download
// does not carry the 2FA texts; every other answer reads as the login's (login-messages.ts).
import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import { errorMessage } from '../../api/http-client.ts';
import { type LoginFailure, loginMessage } from './login-messages.ts';

/** TWO_FACTOR_MSG.invalidCode (contract/two-factor.ts, which brings zod: written out). */
export const INVALID_CODE = 'Invalid two-factor code';
/** TWO_FACTOR_MSG.recoveryCodeSpent: a recovery code that was already used. */
export const SPENT_RECOVERY_CODE = 'This recovery code has already been used';

/** The second step's own answers (TWO_FACTOR_MSG), in the portal's Spanish. */
const SPANISH: Readonly<Record<string, string>> = {
  [INVALID_CODE]: 'Código de verificación incorrecto.',
  [SPENT_RECOVERY_CODE]: 'Este código de recuperación ya se usó: cada código sirve una sola vez.',
  'The sign-in step expired or is no longer valid: sign in again':
    'El paso de verificación expiró o ya no es válido. Inicie sesión de nuevo.',
  'Code is required': 'El código es requerido.',
};

/** The text for a failed second step's message; anything else reads as a failed sign-in does. */
export function twoFactorMessage(serverMessage: string | undefined, status?: number): string {
  return (
    (serverMessage !== undefined && SPANISH[serverMessage.trim()]) || loginMessage(serverMessage, status)
  );
}

/** A failed second step (status null: no answer): the login's words, and the server's. */
export function describeStepFailure(
  status: number | null,
  body: unknown,
): LoginFailure & { serverMessage?: string } {
  if (status === null) return { kind: 'connection', message: MSG.loginConnectionError };
  const serverMessage = errorMessage(body, MSG.loginError);
  return { kind: 'server', message: twoFactorMessage(serverMessage, status), serverMessage };
}
