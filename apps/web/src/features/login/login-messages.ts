// What the login page shows for each answer POST /auth/login can give (apps/server/src/auth and the
// server's error handler). The portal's Spanish table loads only behind sign-in, so the login page keeps
// these few texts itself; login-messages.test.ts checks they match that table. They are part of the
// login's first download (about 1 KB gzipped): a refusal then shows its message at once, not after a
// chunk fetched only once the refusal is back.
import { ACCOUNT_STATUS_ES } from '@portal/contract/enums';
import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import { ApiError, bodyField, NetworkError } from '../../api/api-error.ts';
import { errorMessage } from '../../api/http-client.ts';

/** The server's English messages, in the portal's Spanish. */
const SPANISH: Readonly<Record<string, string>> = {
  [MSG.invalidRequestData]: 'Los datos enviados no son válidos.',
  [MSG.tooManyRequests]: 'Demasiadas solicitudes. Por favor intente más tarde.',
  [MSG.serviceUnavailable]:
    'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.',
  [MSG.internalServerError]: 'Error interno del servidor.',
  [MSG.requestTimeout]: 'La solicitud tardó demasiado en llegar al servidor. Intente de nuevo.',
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

/**
 * The text for a failed sign-in's message; anything unknown reads as the generic login error, except
 * on a 503 (Fastify's own while the server shuts down, a proxy's page): the service is unavailable.
 */
export function loginMessage(serverMessage: string | undefined, status?: number): string {
  const text = serverMessage?.trim();
  if (text !== undefined && ALREADY_SPANISH.has(text)) return text;
  const known = text === undefined ? undefined : SPANISH[text];
  return known ?? (status === 503 ? SPANISH[MSG.serviceUnavailable]! : MSG.loginError);
}

export interface LoginFailure {
  /** 'server': yellow banner (the server answered); 'connection': red banner. */
  kind: 'server' | 'connection';
  message: string;
}

/** SPEC §8 "Login": account status first, then the server's words, then the generic fallback. */
export function describeLoginError(error: unknown): LoginFailure {
  if (error instanceof NetworkError) return { kind: 'connection', message: MSG.loginConnectionError };
  if (error instanceof ApiError) {
    const status = bodyField(error.body, 'status');
    if (status) {
      const word = ACCOUNT_STATUS_ES[status as keyof typeof ACCOUNT_STATUS_ES] ?? status;
      return { kind: 'server', message: MSG.accountStatus(word) };
    }
    // A 2xx without a token is a failed sign-in whatever its message says.
    const message =
      error.status >= 200 && error.status < 300 ? undefined : errorMessage(error.body, MSG.loginError);
    return { kind: 'server', message: loginMessage(message, error.status) };
  }
  return { kind: 'server', message: MSG.loginError };
}
