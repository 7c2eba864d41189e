// POST /auth/2fa/enable: turning one's own second factor on from a session takes the current
// password besides a code, so a stolen session cannot enrol the thief's authenticator (and keep
// the recovery codes). The password is checked as at /auth/password (an admin's hash, or the
// master's changed or configured one) and counted as /2fa/disable counts a code: reserved against
// the sign-in lockouts first, kept as a failure when wrong, released otherwise.
import { ACCOUNT_MSG } from '@portal/contract/account';
import type { AppContext } from '../http/context.ts';
import { unauthorized } from '../http/http-error.ts';
import { recordStaffAction } from '../modules/staff-audit/record.ts';
import { currentHash, identifierOf, type Me, targetOf } from './account.service.ts';
import { reserveOrRefuse } from './auth.service.ts';
import { releaseAttempt } from './login-attempts.repository.ts';
import { verifyPassword } from './passwords.ts';
import { enable, ownerOf, type WithinChange } from './two-factor.service.ts';

/** The pending secret confirmed with a current code, after the password: the 10 recovery codes. */
export async function enableWithPassword(
  ctx: AppContext,
  me: Me,
  body: { code: string; current_password: string },
  now: number,
  within?: WithinChange,
): Promise<string[]> {
  const attemptId = await reserveOrRefuse(ctx, identifierOf(ctx, me.auth), me.ip);
  let right: boolean;
  try {
    right = await verifyPassword(await currentHash(ctx, me.auth), body.current_password);
  } catch (error) {
    await releaseAttempt(ctx.db, attemptId).catch(() => {}); // not a guess: our failure, or no account
    throw error;
  }
  if (!right) {
    // The reservation stays: it is the recorded failure.
    await recordStaffAction(ctx.db, me.actor, 'two_factor_failed', targetOf(me.auth), {
      during: 'enable',
      reason: 'wrong_password',
    });
    throw unauthorized(ACCOUNT_MSG.currentPasswordIncorrect);
  }
  // The password was right: whatever follows (a wrong code, no setup yet) is not a guess of it.
  await releaseAttempt(ctx.db, attemptId);
  return enable(ctx, ownerOf(me.auth), body.code, now, within);
}
