// An admin's sign-in lock: whether it is in force, until when, and its release by the
// master. The lock itself is decided by src/auth (login-attempts.repository.ts), with the same rule.
import {
  type AdminLockoutReleaseAnswer,
  type AdminLockoutState,
  LOCK_RELEASE_ACTION,
  LOCKOUT_MSG,
  type LockedAdmin,
} from '@portal/contract/admin-lockout';
import { ADMIN_MSG } from '@portal/contract/admin-registration';
import { SESSION } from '@portal/contract/limits';
import type { Kysely } from 'kysely';
import { lockedUntil } from '../../auth/login-attempts.repository.ts';
import { type Actor, writeTransaction } from '../../db/audit.ts';
import type { Database } from '../../db/types.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/http-error.ts';
import { recordStaffAction } from '../staff-audit/record.ts';
import * as repo from './admin-lockout.repository.ts';

/** The rule src/auth/auth.service.ts signs in with (SPEC-less: 5 failures, 15 minutes). */
const LOCK_RULE = {
  maxFailures: SESSION.loginFailuresBeforeLock,
  windowSeconds: SESSION.loginWindowSeconds,
  lockSeconds: SESSION.loginLockSeconds,
};

/** The identifier src/auth records an admin's sign-ins under. */
export const identifierOf = (email: string) => email.trim().toLowerCase();

async function requireAdmin(db: Kysely<Database>, adminId: number) {
  const admin = await repo.findAdmin(db, adminId);
  if (!admin) throw notFound(ADMIN_MSG.notFound);
  return { adminId: admin.admin_id, email: admin.admin_email, identifier: identifierOf(admin.admin_email) };
}

const stateOf = (adminId: number, until: Date | null): AdminLockoutState => ({
  admin_id: adminId,
  locked: until !== null,
  locked_until: until ? until.toISOString() : null,
});

export async function lockoutOf(ctx: AppContext, adminId: number): Promise<AdminLockoutState> {
  const admin = await requireAdmin(ctx.db, adminId);
  return stateOf(admin.adminId, await lockedUntil(ctx.db, admin.identifier, LOCK_RULE));
}

/** Every admin locked out right now (few: only identifiers with enough recent failures are checked). */
export async function lockedAdmins(ctx: AppContext): Promise<LockedAdmin[]> {
  const candidates = await repo.adminsWithRecentFailures(
    ctx.db,
    LOCK_RULE.windowSeconds + LOCK_RULE.lockSeconds,
    LOCK_RULE.maxFailures,
  );
  const locked: LockedAdmin[] = [];
  for (const candidate of candidates) {
    const until = await lockedUntil(ctx.db, candidate.identifier, LOCK_RULE);
    if (until) {
      locked.push({
        admin_id: candidate.admin_id,
        admin_email: candidate.admin_email,
        locked_until: until.toISOString(),
      });
    }
  }
  return locked;
}

/**
 * Ends the lock by forgetting the identifier's failed sign-ins, and logs who did it, from where,
 * what the lock was and which addresses the failures came from (they are gone from login_attempts).
 */
export async function releaseLockout(
  ctx: AppContext,
  actor: Actor,
  adminId: number,
): Promise<AdminLockoutReleaseAnswer> {
  const admin = await requireAdmin(ctx.db, adminId);
  return writeTransaction(ctx.db, actor, async (trx) => {
    const until = await lockedUntil(trx, admin.identifier, LOCK_RULE);
    const cleared = await repo.clearFailures(trx, admin.identifier);
    await recordStaffAction(
      trx,
      actor,
      LOCK_RELEASE_ACTION,
      { kind: 'admin', adminId: admin.adminId },
      {
        target_identifier: admin.identifier,
        was_locked: until !== null,
        locked_until: until?.toISOString() ?? null,
        cleared_failures: cleared.count,
        failure_ip_addresses: cleared.ipAddresses,
      },
    );
    return {
      success: true,
      message: until ? LOCKOUT_MSG.released : LOCKOUT_MSG.notLocked,
      ...stateOf(admin.adminId, null),
      was_locked: until !== null,
      cleared_failures: cleared.count,
    };
  });
}
