import { AUTH_MSG } from '@portal/contract/auth';
import { MSG } from '@portal/contract/messages';
import { spanishMessage } from '@portal/contract/messages-es';
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { describe, expect, it } from 'vitest';
import { loginMessage } from './login-messages.ts';
import { INVALID_CODE, SPENT_RECOVERY_CODE, twoFactorMessage } from './two-factor-messages.ts';

// Every message POST /auth/login answers with (apps/server/src/auth/auth.service.ts, the LoginBody
// schema, and apps/server/src/http/error-handler.ts for the requests no route answers).
const ENGLISH_ANSWERS = [
  MSG.invalidRequestData, // 400 malformed body, 413, 415
  MSG.tooManyRequests, // 429 from the global rate limit
  MSG.serviceUnavailable, // 503 database down
  MSG.internalServerError, // 500
  MSG.requestTimeout, // 408
];
// What the second step (/auth/login/2fa, /setup, /enable) answers besides those (two-factor-messages.ts).
const TWO_FACTOR_ANSWERS = [
  TWO_FACTOR_MSG.invalidCode, // 401 /auth/login/2fa, /auth/login/2fa/enable
  TWO_FACTOR_MSG.recoveryCodeSpent, // 401 /auth/login/2fa with a recovery code already used
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

// The login page's texts, and the 2FA step's (its own answers, then the login's).
const READERS = [
  { name: 'loginMessage (login page)', read: loginMessage, english: ENGLISH_ANSWERS },
  {
    name: 'twoFactorMessage (2FA step)',
    read: twoFactorMessage,
    english: [...TWO_FACTOR_ANSWERS, ...ENGLISH_ANSWERS],
  },
];

describe.each(READERS)('$name reads Spanish for every answer it can get', ({ read, english }) => {
  it.each(english)('"%s" reads as the portal’s Spanish for it', (message) => {
    const spanish = spanishMessage(message);
    expect(spanish).toBeDefined();
    expect(spanish).not.toBe(message);
    expect(read(message)).toBe(spanish);
  });

  it.each(SPANISH_ANSWERS)('"%s" is shown as it is', (message) => {
    expect(spanishMessage(message)).toBe(message);
    expect(read(message)).toBe(message);
  });

  it('an unknown message, or none, reads as the generic Spanish login error', () => {
    expect(read('Bad Gateway')).toBe('Error de inicio de sesión');
    expect(read(undefined)).toBe('Error de inicio de sesión');
  });

  it('a 503 the server did not word (shutting down, a proxy) reads as the service unavailable', () => {
    const unavailable = spanishMessage(MSG.serviceUnavailable);
    expect(read('Service Unavailable', 503)).toBe(unavailable);
    expect(read(undefined, 503)).toBe(unavailable);
    expect(read(MSG.internalServerError, 503)).toBe(spanishMessage(MSG.internalServerError));
    expect(read('Service Unavailable', 502)).toBe('Error de inicio de sesión');
  });
});

it('the 2FA step knows a wrong code by the contract’s message', () => {
  expect(INVALID_CODE).toBe(TWO_FACTOR_MSG.invalidCode);
  expect(SPENT_RECOVERY_CODE).toBe(TWO_FACTOR_MSG.recoveryCodeSpent);
});
