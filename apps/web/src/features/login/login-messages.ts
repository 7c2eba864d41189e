// What the login page shows for each answer POST /auth/login can give (apps/server/src/auth and the
// server's error handler). The portal's Spanish table loads only behind sign-in, so the login page keeps
// these few texts itself; login-messages.test.ts checks they match that table.
import { MSG_CORE as MSG } from '@portal/contract/messages-core';

/** The server's English messages, in the portal's Spanish. */
const SPANISH: Readonly<Record<string, string>> = {
  [MSG.invalidRequestData]: 'Los datos enviados no son válidos.',
  [MSG.tooManyRequests]: 'Demasiadas solicitudes. Por favor intente más tarde.',
  [MSG.serviceUnavailable]:
    'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.',
  [MSG.internalServerError]: 'Error interno del servidor.',
  [MSG.requestTimeout]: 'La solicitud tardó demasiado en llegar al servidor. Intente de nuevo.',
  // The second step (issue 25; TWO_FACTOR_MSG of contract/two-factor.ts, which brings zod: written out)
  'Invalid two-factor code': 'Código de verificación incorrecto.',
  'The sign-in step expired or is no longer valid: sign in again':
    'El paso de verificación expiró o ya no es válido. Inicie sesión de nuevo.',
  'Code is required': 'El código es requerido.',
};

/** Messages the server already writes in Spanish: shown as they are. */
const ALREADY_SPANISH: ReadonlySet<string> = new Set([
  MSG.loginInvalidCredentials,
  MSG.loginLocked,
  MSG.loginEmailRequired,
  MSG.loginPasswordRequired,
  // AUTH_MSG.ipLocked and AUTH_MSG.identifierSlowed (auth.ts, which brings zod: written out here)
  'Demasiados intentos fallidos desde esta dirección. Por favor espere 15 minutos e intente nuevamente.',
  'Demasiados intentos fallidos para esta cuenta. Por favor espere un momento e intente nuevamente.',
]);

/** The text for a failed sign-in's message; anything unknown reads as the generic login error. */
export function loginMessage(serverMessage: string | undefined): string {
  if (serverMessage === undefined) return MSG.loginError;
  const text = serverMessage.trim();
  if (ALREADY_SPANISH.has(text)) return text;
  return SPANISH[text] ?? MSG.loginError;
}
