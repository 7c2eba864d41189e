// The sign-in step between a right password and a session.
//   verify  the account has 2FA on: /auth/login/2fa with a code opens the session.
//   setup   an admin without 2FA while the master requires it: the challenge allows only
//           /auth/login/2fa/setup and /auth/login/2fa/enable, which opens the session. No session
//           (and so no other call) exists before 2FA is on.
// The challenge token is random and kept as its SHA-256; it lives 5 minutes (setup: 15) and allows
// 5 codes, counted atomically. Codes at /auth/login/2fa also count toward the sign-in lockouts.
// A challenge holds only while the password that opened it is the account's password: its token
// ends in a MAC of that password's hash, checked against the current hash at every use.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LoginResponse } from '@portal/contract/auth';
import { type LoginChallenge, TWO_FACTOR, TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import type { AppContext } from '../http/context.ts';
import { unauthorized } from '../http/http-error.ts';
import { recordSignInEvent, recordStaffAction } from '../modules/staff-audit/record.ts';
import { openSession, reserveOrRefuse, type StaffAccount, signInState, subjectOf } from './auth.service.ts';
import { markAttemptSucceeded, releaseAttempt } from './login-attempts.repository.ts';
import { sha256 } from './session.service.ts';
import {
  type Challenge,
  completeChallenge,
  createChallenge,
  findChallenge,
  findTwoFactor,
  type Owner,
  recoveryCodesLeft,
  spendTry,
} from './two-factor.repository.ts';
import {
  acceptCode,
  type CodeCheck,
  codeRefusal,
  confirmSetup,
  isRequired,
  ownerOf,
  setup,
  turnOn,
} from './two-factor.service.ts';

const challengeInvalid = () => unauthorized(TWO_FACTOR_MSG.challengeInvalid);

const passwordMark = (ctx: AppContext, passwordHash: string) =>
  createHmac('sha256', ctx.secrets.jwtSecret).update(`login-challenge:${passwordHash}`).digest();

/** The challenge a right password gets instead of a session, or null when a session may open now. */
export async function secondStepFor(
  ctx: AppContext,
  account: StaffAccount,
  passwordHash: string,
  identifier: string,
  userAgent: string | undefined,
): Promise<LoginChallenge | null> {
  const owner = ownerOf(account);
  const row = await findTwoFactor(ctx.db, owner);
  let purpose: Challenge['purpose'];
  if (row?.enabled_at) purpose = 'verify';
  else if (await isRequired(ctx, owner)) purpose = 'setup';
  else return null;
  const ttl = purpose === 'verify' ? TWO_FACTOR.challengeTtlSeconds : TWO_FACTOR.setupChallengeTtlSeconds;
  const mark = passwordMark(ctx, passwordHash).toString('base64url');
  const token = `${randomBytes(32).toString('base64url')}.${mark}`;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await createChallenge(ctx.db, sha256(token), {
    purpose,
    owner,
    identifier,
    userAgent: userAgent?.slice(0, 512) ?? null,
    expiresAt,
  });
  return {
    success: true,
    message: purpose === 'verify' ? TWO_FACTOR_MSG.codeStep : TWO_FACTOR_MSG.setupStep,
    ...(purpose === 'verify' ? { requires_2fa: true } : { requires_2fa_setup: true }),
    challenge_token: token,
    challenge_expires_at: Math.floor(expiresAt.getTime() / 1000),
  };
}

const accountOf = (challenge: Challenge): StaffAccount =>
  challenge.owner.kind === 'admin'
    ? { loginType: 'admin', adminId: challenge.owner.adminId, email: challenge.identifier }
    : { loginType: 'master', adminId: null };

/**
 * The password hash behind a challenge, while it is still the account's and the account may sign
 * in; otherwise the challenge is void (password reset or changed, admin suspended or deleted).
 */
async function passwordBehind(ctx: AppContext, token: string, owner: Owner): Promise<string> {
  const state = await signInState(ctx, { adminId: owner.kind === 'admin' ? owner.adminId : null });
  const mark = Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url');
  const expected = state?.active ? passwordMark(ctx, state.passwordHash) : null;
  if (!state || !expected || mark.length !== expected.length || !timingSafeEqual(mark, expected))
    throw challengeInvalid();
  return state.passwordHash;
}

/** POST /auth/login/2fa: a code for a `verify` challenge; the answer of /auth/login when right. */
export async function loginWithCode(
  ctx: AppContext,
  input: { token: string; code: string; ip: string; userAgent?: string; now: number },
): Promise<LoginResponse> {
  const tokenHash = sha256(input.token);
  const found = await findChallenge(ctx.db, tokenHash, 'verify', TWO_FACTOR.challengeMaxTries);
  if (!found) throw challengeInvalid();
  const passwordHash = await passwordBehind(ctx, input.token, found.owner);
  // Like a password: reserved as a failure before the code is checked (429 past the lockouts).
  const attemptId = await reserveOrRefuse(ctx, found.identifier, input.ip);
  let accepted: CodeCheck;
  let challenge: Challenge | null;
  let twoFactorId: number | undefined;
  try {
    challenge = await spendTry(ctx.db, tokenHash, 'verify', TWO_FACTOR.challengeMaxTries);
    const row = challenge ? await findTwoFactor(ctx.db, challenge.owner) : undefined;
    twoFactorId = row?.id;
    accepted = row?.enabled_at ? await acceptCode(ctx, row, input.code, input.now) : 'wrong';
  } catch (error) {
    await releaseAttempt(ctx.db, attemptId).catch(() => {});
    throw error;
  }
  if (!challenge) {
    await releaseAttempt(ctx.db, attemptId); // no code was checked
    throw challengeInvalid();
  }
  const account = accountOf(challenge);
  const from = { ip: input.ip, userAgent: input.userAgent ?? challenge.userAgent };
  if (accepted === 'spent' || accepted === 'wrong') {
    // The reservation stays: a recorded failure.
    await recordSignInEvent(ctx.db, subjectOf(account), from, 'two_factor_failed', { during: 'sign_in' });
    throw codeRefusal(accepted);
  }
  if (accepted === 'recovery_code') {
    const left = twoFactorId === undefined ? 0 : await recoveryCodesLeft(ctx.db, twoFactorId);
    await recordSignInEvent(ctx.db, subjectOf(account), from, 'recovery_code_used', {
      during: 'sign_in',
      recovery_codes_left: left,
    });
  }
  if (!(await completeChallenge(ctx.db, tokenHash))) {
    await releaseAttempt(ctx.db, attemptId);
    throw challengeInvalid();
  }
  await markAttemptSucceeded(ctx.db, attemptId);
  const userAgent = input.userAgent ?? challenge.userAgent ?? undefined;
  return openSession(ctx, account, passwordHash, input.ip, userAgent, accepted);
}

/** POST /auth/login/2fa/setup: the secret for the admin being led through setup. */
export async function loginSetup(ctx: AppContext, token: string) {
  const challenge = await findChallenge(ctx.db, sha256(token), 'setup', TWO_FACTOR.challengeMaxTries);
  if (!challenge) throw challengeInvalid();
  await passwordBehind(ctx, token, challenge.owner);
  try {
    return await setup(ctx, challenge.owner, challenge.identifier);
  } catch (error) {
    // The account was deleted since it was checked (foreign-key violation): so was its challenge.
    if ((error as { code?: unknown } | null)?.code === '23503') throw challengeInvalid();
    throw error;
  }
}

/**
 * POST /auth/login/2fa/enable: confirms the code; 2FA on, the session opens, recovery codes once.
 * All in one transaction, so 2FA is never on without the session whose answer carries the codes.
 */
export async function loginSetupEnable(
  ctx: AppContext,
  input: { token: string; code: string; ip: string; userAgent?: string; now: number },
): Promise<LoginResponse & { recovery_codes: string[] }> {
  const tokenHash = sha256(input.token);
  const challenge = await spendTry(ctx.db, tokenHash, 'setup', TWO_FACTOR.challengeMaxTries);
  if (!challenge) throw challengeInvalid();
  const passwordHash = await passwordBehind(ctx, input.token, challenge.owner);
  const account = accountOf(challenge);
  const confirmed = await confirmSetup(ctx, challenge.owner, input.code, input.now);
  const userAgent = input.userAgent ?? challenge.userAgent ?? undefined;
  // After the account's row (openSession locks it first, as a deletion of the admin does): the
  // challenge is spent, 2FA turned on and its audit row written with the session, or none of them.
  const session = await openSession(ctx, account, passwordHash, input.ip, userAgent, 'setup', async (trx) => {
    if (!(await completeChallenge(trx, tokenHash))) throw challengeInvalid();
    await turnOn(trx, confirmed);
    await recordStaffAction(
      trx,
      {
        changedBy: challenge.identifier,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
        staff: { role: account.loginType, adminId: account.adminId },
      },
      'two_factor_enable',
      account.adminId === null ? null : { kind: 'admin', adminId: account.adminId },
      { at_sign_in: true },
    );
  });
  return { ...session, recovery_codes: confirmed.codes };
}
