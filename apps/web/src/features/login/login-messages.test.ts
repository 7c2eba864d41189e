import { AUTH_MSG } from '@portal/contract/auth';
import { MSG } from '@portal/contract/messages';
import { spanishMessage } from '@portal/contract/messages-es';
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { describe, expect, it } from 'vitest';
import { loginMessage } from './login-messages.ts';

// Every message POST /auth/login answers with (apps/server/src/auth/auth.service.ts, the LoginBody
// schema, and apps/server/src/http/error-handler.ts for the requests no route answers).
const ENGLISH_ANSWERS = [
  MSG.invalidRequestData, // 400 malformed body, 413, 415
  MSG.tooManyRequests, // 429 from the global rate limit
  MSG.serviceUnavailable, // 503 database down
  MSG.internalServerError, // 500
  MSG.requestTimeout, // 408
  TWO_FACTOR_MSG.invalidCode, // 401 /auth/login/2fa, /auth/login/2fa/enable
  TWO_FACTOR_MSG.challengeInvalid, // 401 expired or spent challenge
  TWO_FACTOR_MSG.codeRequired, // 400 ChallengeCodeBody
];
const SPANISH_ANSWERS = [
  MSG.loginInvalidCredentials, // 401
  MSG.loginLocked, // 429 identifier locked
  AUTH_MSG.ipLocked, // 429 address locked
  AUTH_MSG.identifierSlowed, // 429 identifier slowed
  MSG.loginEmailRequired, // 400 LoginBody
  MSG.loginPasswordRequired, // 400 LoginBody
];

describe('loginMessage: the login page reads Spanish for every answer of /auth/login', () => {
  it.each(ENGLISH_ANSWERS)('"%s" reads as the portal’s Spanish for it', (message) => {
    const spanish = spanishMessage(message);
    expect(spanish).toBeDefined();
    expect(spanish).not.toBe(message);
    expect(loginMessage(message)).toBe(spanish);
  });

  it.each(SPANISH_ANSWERS)('"%s" is shown as it is', (message) => {
    expect(spanishMessage(message)).toBe(message);
    expect(loginMessage(message)).toBe(message);
  });

  it('an unknown message, or none, reads as the generic Spanish login error', () => {
    expect(loginMessage('Bad Gateway')).toBe('Error de inicio de sesión');
    expect(loginMessage(undefined)).toBe('Error de inicio de sesión');
  });
});
