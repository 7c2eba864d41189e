// The second factor for staff sign-in: TOTP (RFC 6238) and recovery codes.
//   POST /auth/2fa/setup            a new secret (not active until enabled)
//   POST /auth/2fa/enable {code, current_password}  turns it on, answers the 10 recovery codes once
//   POST /auth/2fa/disable {code}   a TOTP or a recovery code
//   GET  /auth/2fa                  whether it is on, whether it is required, recovery codes left
//   POST /auth/login/2fa {challenge_token, code}       second step of a sign-in: the session
//   POST /auth/login/2fa/setup {challenge_token}       forced setup (admins while required)
//   POST /auth/login/2fa/enable {challenge_token, code}  forced setup: the session + recovery codes
//   GET/PUT /master/two-factor/api/v1/policy           whether admins must use 2FA
import { z } from 'zod';
import { ChangePasswordBody } from './account.ts';
import { ok, SessionResponse, timestamp } from './responses.ts';

export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of now (clock drift). */
  window: 1,
  recoveryCodes: 10,
  challengeTtlSeconds: 5 * 60,
  /** An admin led through setup at sign-in has longer: installing an app takes a while. */
  setupChallengeTtlSeconds: 15 * 60,
  challengeMaxTries: 5,
} as const;

export const TWO_FACTOR_MSG = {
  codeRequired: 'Code is required',
  invalidCode: 'Invalid two-factor code',
  recoveryCodeSpent: 'This recovery code has already been used',
  challengeInvalid: 'The sign-in step expired or is no longer valid: sign in again',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  setupFirst: 'Start the two-factor setup first',
  requiredForAdmins: 'Two-factor authentication is required for admins and cannot be turned off',
  enabled: 'Two-factor authentication enabled',
  disabled: 'Two-factor authentication disabled',
  policyUpdated: 'Two-factor policy updated',
  policyInvalid: 'admins_require_2fa must be true or false',
  codeStep: 'Enter the code from your authenticator app',
  setupStep: 'Two-factor authentication is required: set it up to continue',
} as const;

const code = z
  .string({ error: TWO_FACTOR_MSG.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MSG.codeRequired)
  .max(32, TWO_FACTOR_MSG.invalidCode);
const challengeToken = z
  .string({ error: TWO_FACTOR_MSG.challengeInvalid })
  .trim()
  .min(1, TWO_FACTOR_MSG.challengeInvalid)
  .max(200, TWO_FACTOR_MSG.challengeInvalid);

/** A current 6-digit code, or (disable, sign-in) a recovery code. */
export const TwoFactorCodeBody = z.object({ code });
/**
 * Turning it on from a session also takes the current password (limits and messages as at
 * /auth/password): a stolen session alone must not enrol the thief's authenticator.
 */
export const TwoFactorEnableBody = z.object({
  code,
  current_password: ChangePasswordBody.shape.current_password,
});
export const ChallengeBody = z.object({ challenge_token: challengeToken });
export const ChallengeCodeBody = z.object({ challenge_token: challengeToken, code });
export const TwoFactorPolicyBody = z.object({
  admins_require_2fa: z.boolean({ error: TWO_FACTOR_MSG.policyInvalid }),
});

/** `/auth/login` with the right password of an account that needs a second step: no jwt, no session. */
export const LoginChallengeResponse = ok({
  message: z.string(),
  requires_2fa: z.boolean().optional().describe('2FA is on: send a code to /auth/login/2fa'),
  requires_2fa_setup: z
    .boolean()
    .optional()
    .describe('admins must use 2FA and this one has not set it up: /auth/login/2fa/setup, then /enable'),
  challenge_token: z.string(),
  challenge_expires_at: z.number().describe('seconds since the epoch'),
});
export const LoginAnswer = z.union([SessionResponse, LoginChallengeResponse]);

export const TwoFactorSetupResponse = ok({
  secret: z.string().describe('base32; shown once, never answered again'),
  otpauth_url: z.string(),
  qr_svg: z.string().describe('the otpauth URL as an SVG QR code'),
});
export const TwoFactorEnableResponse = ok({
  message: z.string(),
  recovery_codes: z.array(z.string()).describe('shown once; stored hashed'),
});
export const LoginSetupEnableResponse = SessionResponse.extend({
  recovery_codes: z.array(z.string()).describe('shown once; stored hashed'),
});
export const TwoFactorStatusResponse = ok({
  enabled: z.boolean(),
  required: z.boolean().describe('the master requires 2FA for this account'),
  recovery_codes_left: z.number(),
});
export const TwoFactorPolicyResponse = ok({
  admins_require_2fa: z.boolean(),
  updated_at: timestamp.nullable(),
  updated_by: z.string().nullable(),
  admins_signed_in_without_2fa: z
    .number()
    .describe('Admins without 2FA who have a session open now: requiring it would sign them out'),
});

export interface LoginChallenge {
  success: true;
  message: string;
  requires_2fa?: boolean;
  requires_2fa_setup?: boolean;
  challenge_token: string;
  challenge_expires_at: number;
}
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponse>;
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusResponse>;
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicyResponse>;
