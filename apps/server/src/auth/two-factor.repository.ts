// Storage of the second factor (migration 045). Every "use once" rule is one conditional UPDATE,
// so parallel requests cannot both win: a TOTP step (last_used_step < step), a recovery code
// (used_at is null), a challenge's tries (tries < max) and its completion (used_at is null).
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

export type Owner = { kind: 'admin'; adminId: number } | { kind: 'master' };

type Db = Kysely<Database> | Transaction<Database>;

const ownerAdminId = (owner: Owner) => (owner.kind === 'admin' ? owner.adminId : null);

export interface TwoFactorRow {
  id: number;
  secret_encrypted: string;
  enabled_at: Date | null;
  last_used_step: number | null;
}

export async function findTwoFactor(db: Db, owner: Owner): Promise<TwoFactorRow | undefined> {
  const row = await db
    .selectFrom('staff_two_factor')
    .select(['id', 'secret_encrypted', 'enabled_at', 'last_used_step'])
    .where('owner_kind', '=', owner.kind)
    .where(sql<number>`coalesce(owner_admin_id, 0)`, '=', ownerAdminId(owner) ?? 0)
    .executeTakeFirst();
  return row
    ? { ...row, last_used_step: row.last_used_step === null ? null : Number(row.last_used_step) }
    : undefined;
}

/** Stores a new, not yet enabled secret (replacing an earlier unconfirmed one); false when 2FA is on. */
export async function savePendingSecret(db: Db, owner: Owner, sealed: string): Promise<boolean> {
  const result = await sql<{ id: number }>`
    insert into staff_two_factor (owner_kind, owner_admin_id, secret_encrypted)
    values (${owner.kind}, ${ownerAdminId(owner)}, ${sealed})
    on conflict (owner_kind, coalesce(owner_admin_id, 0)) do update
      set secret_encrypted = excluded.secret_encrypted, last_used_step = null, created_at = now()
      where staff_two_factor.enabled_at is null
    returning id`.execute(db);
  return result.rows.length > 0;
}

/** Turns 2FA on with the step of the confirming code and new recovery codes; false if it lost a race. */
export async function enableTwoFactor(
  trx: Transaction<Database>,
  id: number,
  step: number,
  codeHashes: string[],
): Promise<boolean> {
  const row = await trx
    .updateTable('staff_two_factor')
    .set({ enabled_at: new Date(), last_used_step: step })
    .where('id', '=', id)
    .where('enabled_at', 'is', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await trx.deleteFrom('staff_two_factor_recovery_codes').where('two_factor_id', '=', id).execute();
  await trx
    .insertInto('staff_two_factor_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ two_factor_id: id, code_hash })))
    .execute();
  return true;
}

/**
 * Locks the second factor `id` while it is on, until the transaction ends; false when it is gone (a
 * parallel disable deleted it) or off. A disable then waits for the transaction, or it went first.
 */
export async function lockEnabledTwoFactor(trx: Transaction<Database>, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom('staff_two_factor')
    .select('id')
    .where('id', '=', id)
    .where('enabled_at', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces every recovery code of an enabled second factor (the old ones stop working at once). */
export async function replaceRecoveryCodeHashes(
  trx: Transaction<Database>,
  id: number,
  codeHashes: string[],
): Promise<void> {
  await trx.deleteFrom('staff_two_factor_recovery_codes').where('two_factor_id', '=', id).execute();
  await trx
    .insertInto('staff_two_factor_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ two_factor_id: id, code_hash })))
    .execute();
}

/** Records `step` as used when it is later than the last used one; false: a replay (or a race lost). */
export async function useStep(db: Db, id: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('staff_two_factor')
    .set({ last_used_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a recovery code used: 'ok'; 'spent' when it is one of the account's codes already used, else 'wrong'. */
export async function useRecoveryCode(
  db: Db,
  twoFactorId: number,
  codeHash: string,
): Promise<'ok' | 'spent' | 'wrong'> {
  const row = await db
    .updateTable('staff_two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('two_factor_id', '=', twoFactorId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (row) return 'ok';
  const spent = await db
    .selectFrom('staff_two_factor_recovery_codes')
    .select('id')
    .where('two_factor_id', '=', twoFactorId)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return spent ? 'spent' : 'wrong';
}

export async function recoveryCodesLeft(db: Db, twoFactorId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('two_factor_id', '=', twoFactorId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.left ?? 0);
}

export async function deleteTwoFactor(db: Db, id: number): Promise<void> {
  await db.deleteFrom('staff_two_factor').where('id', '=', id).execute();
}

// Challenges (the step between a right password and a session)

export interface Challenge {
  purpose: 'verify' | 'setup';
  owner: Owner;
  identifier: string;
  userAgent: string | null;
  expiresAt: Date;
}

export async function createChallenge(db: Db, tokenHash: string, challenge: Challenge): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: tokenHash,
      purpose: challenge.purpose,
      login_type: challenge.owner.kind,
      admin_id: ownerAdminId(challenge.owner),
      identifier: challenge.identifier,
      user_agent: challenge.userAgent,
      expires_at: challenge.expiresAt,
    })
    .execute();
  await db
    .deleteFrom('login_challenges')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

function toChallenge(row: {
  purpose: string;
  login_type: string;
  admin_id: number | null;
  identifier: string;
  user_agent: string | null;
  expires_at: Date | string;
}): Challenge {
  return {
    purpose: row.purpose === 'setup' ? 'setup' : 'verify',
    owner:
      row.login_type === 'admin' && row.admin_id !== null
        ? { kind: 'admin', adminId: row.admin_id }
        : { kind: 'master' },
    identifier: row.identifier,
    userAgent: row.user_agent,
    expiresAt: new Date(row.expires_at),
  };
}

const CHALLENGE_COLUMNS = [
  'purpose',
  'login_type',
  'admin_id',
  'identifier',
  'user_agent',
  'expires_at',
] as const;

/** The challenge with this token and purpose while it is live: unused, unexpired, tries left. */
const live =
  (tokenHash: string, purpose: Challenge['purpose'], maxTries: number) =>
  (eb: ExpressionBuilder<Database, 'login_challenges'>) =>
    eb.and([
      eb('token_hash', '=', tokenHash),
      eb('purpose', '=', purpose),
      eb('used_at', 'is', null),
      eb('tries', '<', maxTries),
      eb('expires_at', '>', sql<Date>`now()`),
    ]);

/** A live (unused, unexpired, tries left) challenge of that purpose, without spending a try. */
export async function findChallenge(
  db: Db,
  tokenHash: string,
  purpose: Challenge['purpose'],
  maxTries: number,
): Promise<Challenge | null> {
  const row = await db
    .selectFrom('login_challenges')
    .select(CHALLENGE_COLUMNS)
    .where(live(tokenHash, purpose, maxTries))
    .executeTakeFirst();
  return row ? toChallenge(row) : null;
}

/** Spends one try of a live challenge, atomically; null when none is left (or it is used or expired). */
export async function spendTry(
  db: Db,
  tokenHash: string,
  purpose: Challenge['purpose'],
  maxTries: number,
): Promise<Challenge | null> {
  const row = await db
    .updateTable('login_challenges')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where(live(tokenHash, purpose, maxTries))
    .returning(CHALLENGE_COLUMNS)
    .executeTakeFirst();
  return row ? toChallenge(row) : null;
}

/**
 * Voids the open challenges of an account (or of these admins): the password that opened them was
 * reset or changed, or the admin may no longer sign in.
 */
export async function deleteOpenChallenges(db: Db, of: Owner | number[]): Promise<void> {
  if (Array.isArray(of) && of.length === 0) return;
  const query = db.deleteFrom('login_challenges').where('used_at', 'is', null);
  if (Array.isArray(of)) await query.where('admin_id', 'in', of).execute();
  else if (of.kind === 'admin') await query.where('admin_id', '=', of.adminId).execute();
  else await query.where('login_type', '=', 'master').execute();
}

/** Ends a challenge after its right code; false when a parallel request already did. */
export async function completeChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .updateTable('login_challenges')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

// The master's setting

export const REQUIRE_ADMINS_SETTING = 'admins_require_2fa';

export async function readRequireAdmins(
  db: Db,
): Promise<{ value: boolean; updatedAt: Date | null; updatedBy: string | null }> {
  const row = await db
    .selectFrom('staff_settings')
    .select(['value', 'updated_at', 'updated_by'])
    .where('name', '=', REQUIRE_ADMINS_SETTING)
    .executeTakeFirst();
  return {
    value: row?.value === true,
    updatedAt: row ? new Date(row.updated_at) : null,
    updatedBy: row?.updated_by ?? null,
  };
}

export async function writeRequireAdmins(db: Db, value: boolean, by: string): Promise<void> {
  await db
    .insertInto('staff_settings')
    .values({ name: REQUIRE_ADMINS_SETTING, value: JSON.stringify(value), updated_by: by })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ value: JSON.stringify(value), updated_by: by, updated_at: new Date() }),
    )
    .execute();
}

/** Admins with a session still open who have not turned the second factor on. */
export async function signedInAdminsWithoutTwoFactor(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('sessions.admin_id')
    .distinct()
    .where('sessions.admin_id', 'is not', null)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('staff_two_factor')
            .select(sql`1`.as('one'))
            .where('staff_two_factor.owner_kind', '=', 'admin')
            .whereRef('staff_two_factor.owner_admin_id', '=', 'sessions.admin_id')
            .where('staff_two_factor.enabled_at', 'is not', null),
        ),
      ),
    )
    .execute();
  return rows.map((row) => Number(row.admin_id));
}

/** Any constant of its own (the other advisory locks are 724_110_0xx). */
const POLICY_LOCK = 724_110_089;

/**
 * Orders a change of the policy (exclusive) against an admin's sign-in without a second step
 * (shared), each until its transaction ends: a sign-in either sees the policy already required, or
 * its session exists by the time the change looks for the sessions to end.
 */
export async function lockPolicy(trx: Transaction<Database>, mode: 'change' | 'sign-in'): Promise<void> {
  if (mode === 'change') await sql`select pg_advisory_xact_lock(${POLICY_LOCK})`.execute(trx);
  else await sql`select pg_advisory_xact_lock_shared(${POLICY_LOCK})`.execute(trx);
}
