// The signed-in staff member's own account: change my password, new recovery codes.
// Both ask for a proof (the current password, or a current code) and count a wrong one like a
// failed sign-in: the attempt is reserved against the lockouts before it is checked
// (auth.service.ts reserveOrRefuse), so 40 parallel guesses are checked at most as often as a
// sign-in's would be. A wrong proof is also a row of the staff audit.
import { ACCOUNT_MSG } from '@portal/contract/account';
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { type Actor, writeTransaction } from '../db/audit.ts';
import type { AppContext } from '../http/context.ts';
import { badRequest, conflict, type HttpError } from '../http/http-error.ts';
import { recordStaffAction, type StaffActionTarget } from '../modules/staff-audit/record.ts';
import { adminPasswordHash, lockAdminPasswordHash, saveAdminPassword } from './account.repository.ts';
import { reserveOrRefuse } from './auth.service.ts';
import { signedOut } from './guard.ts';
import { markAttemptSucceeded, releaseAttempt } from './login-attempts.repository.ts';
import { findMasterPassword, lockMasterPassword, saveMasterPassword } from './master-password.repository.ts';
import { masterPasswordHash } from './master-password.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { AuthContext } from './session.service.ts';
import * as sessions from './sessions.repository.ts';
import {
  deleteOpenChallenges,
  findTwoFactor,
  lockEnabledTwoFactor,
  type Owner,
  replaceRecoveryCodeHashes,
} from './two-factor.repository.ts';
import { acceptTotp, invalidCode, newRecoveryCodeSet, ownerOf } from './two-factor.service.ts';

/** The signed-in person, as the lockouts, the audit and the sessions know them. */
export interface Me {
  auth: AuthContext;
  actor: Actor;
  ip: string;
}

/** The identifier the lockouts count under: what this person types at sign-in, lower case. */
export const identifierOf = (ctx: AppContext, auth: AuthContext) =>
  (auth.email ?? ctx.config.masterIdentifier).trim().toLowerCase();

export const targetOf = (auth: AuthContext): StaffActionTarget | null =>
  auth.adminId === null ? null : { kind: 'admin', adminId: auth.adminId };

/**
 * The hash this person's password is checked against now (the master's: changed, or configured).
 * An admin without one was deleted since the guard let the request in: signed out, not a wrong password.
 */
export async function currentHash(ctx: AppContext, auth: AuthContext): Promise<string> {
  if (auth.adminId === null) return masterPasswordHash(ctx.db, ctx.secrets);
  const hash = await adminPasswordHash(ctx.db, auth.adminId);
  if (hash === null) throw signedOut();
  return hash;
}

/**
 * Checks `password` as a sign-in would: reserved against the lockouts first (429 past them), a
 * wrong one kept as a recorded failure (and written to the audit as `failedAction`), a right one
 * marked as a success. Returns the hash it matched.
 */
async function provePassword(
  ctx: AppContext,
  me: Me,
  password: string,
  failedAction: 'password_change_failed' | 'recovery_codes_regenerate_failed',
  wrongMessage: () => HttpError,
): Promise<string> {
  const attemptId = await reserveOrRefuse(ctx, identifierOf(ctx, me.auth), me.ip);
  let hash: string;
  let right: boolean;
  try {
    hash = await currentHash(ctx, me.auth);
    right = await verifyPassword(hash, password);
  } catch (error) {
    await releaseAttempt(ctx.db, attemptId).catch(() => {}); // not a guess: our failure, or no account
    throw error;
  }
  if (!right) {
    await recordStaffAction(ctx.db, me.actor, failedAction, targetOf(me.auth), { proof: 'password' });
    throw wrongMessage();
  }
  await markAttemptSucceeded(ctx.db, attemptId);
  return hash;
}

/**
 * POST /auth/password: the current password proves it is the owner; the new one replaces it (an
 * admin's is then no longer one someone else set), every other session of the person and every
 * sign-in of theirs still at the second step ends, and the change is a staff audit row, all in one
 * transaction. How many sessions ended.
 */
export async function changePassword(
  ctx: AppContext,
  me: Me,
  body: { current_password: string; new_password: string },
): Promise<number> {
  const checked = await provePassword(ctx, me, body.current_password, 'password_change_failed', () =>
    badRequest(ACCOUNT_MSG.currentPasswordIncorrect),
  );
  if (body.new_password === body.current_password) throw badRequest(ACCOUNT_MSG.samePassword);
  const newHash = await hashPassword(body.new_password);
  const { auth } = me;
  return writeTransaction(ctx.db, me.actor, async (trx) => {
    // The password checked must still be the one in force (a parallel change would have replaced it).
    if (auth.adminId === null) {
      await lockMasterPassword(trx);
      const changed = await findMasterPassword(trx);
      if ((changed?.password_hash ?? ctx.secrets.masterPasswordHash) !== checked)
        throw badRequest(ACCOUNT_MSG.currentPasswordIncorrect);
      await saveMasterPassword(trx, newHash, changed?.replaces_hash ?? ctx.secrets.masterPasswordHash);
    } else {
      const locked = await lockAdminPasswordHash(trx, auth.adminId);
      if (locked === null) throw signedOut(); // deleted since the check
      if (locked !== checked) throw badRequest(ACCOUNT_MSG.currentPasswordIncorrect);
      await saveAdminPassword(trx, auth.adminId, newHash);
    }
    const ended = await sessions.endOtherSessions(trx, ownerOf(auth), auth.sessionId);
    await deleteOpenChallenges(trx, ownerOf(auth));
    await recordStaffAction(trx, me.actor, 'password_change', targetOf(auth), {
      ended_count: ended.length,
    });
    return ended.length;
  });
}

/** Whether the second factor `id` is still the owner's, and on. */
async function stillOn(ctx: AppContext, owner: Owner, id: number): Promise<boolean> {
  const current = await findTwoFactor(ctx.db, owner);
  return current?.id === id && current.enabled_at !== null;
}

/**
 * POST /auth/2fa/recovery-codes: ten new recovery codes, the old ones void, after a current code
 * of the authenticator app or the password. A recovery code is not accepted as the proof: the
 * person is replacing those.
 */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  me: Me,
  proof: { code?: string; password?: string },
  now: number,
): Promise<string[]> {
  const owner = ownerOf(me.auth);
  const row = await findTwoFactor(ctx.db, owner);
  if (!row?.enabled_at) throw conflict(TWO_FACTOR_MSG.notEnabled);
  if (proof.password) {
    await provePassword(ctx, me, proof.password, 'recovery_codes_regenerate_failed', () =>
      badRequest(ACCOUNT_MSG.currentPasswordIncorrect),
    );
  } else {
    const attemptId = await reserveOrRefuse(ctx, identifierOf(ctx, me.auth), me.ip);
    let right: boolean;
    try {
      right = await acceptTotp(ctx, row, proof.code ?? '', now);
    } catch (error) {
      await releaseAttempt(ctx.db, attemptId).catch(() => {});
      throw error;
    }
    if (!right && !(await stillOn(ctx, owner, row.id))) {
      // Turned off in the meantime: the code met no second factor, so it is no failed guess.
      await releaseAttempt(ctx.db, attemptId);
      throw conflict(TWO_FACTOR_MSG.notEnabled);
    }
    if (!right) {
      await recordStaffAction(ctx.db, me.actor, 'two_factor_failed', targetOf(me.auth), {
        during: 'regenerate_codes',
      });
      throw invalidCode();
    }
    await releaseAttempt(ctx.db, attemptId);
  }
  const { codes, hashes } = newRecoveryCodeSet(ctx);
  await writeTransaction(ctx.db, me.actor, async (trx) => {
    // 2FA may have been turned off since the check above (another tab): then nothing is written.
    if (!(await lockEnabledTwoFactor(trx, row.id))) throw conflict(TWO_FACTOR_MSG.notEnabled);
    await replaceRecoveryCodeHashes(trx, row.id, hashes);
    await recordStaffAction(trx, me.actor, 'recovery_codes_regenerate', targetOf(me.auth), {
      proof: proof.password ? 'password' : 'totp',
    });
  });
  return codes;
}
