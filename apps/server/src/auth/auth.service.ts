// Sign-in, validate, refresh and logout (SPEC §7 "Authentication", DESIGN §4).
import { timingSafeEqual } from 'node:crypto';
import { ACCOUNT_STATUS_ES, AUTH_MSG, type LoginResponse, type SessionResponse } from '@portal/contract/auth';
import { ADMIN_STATUSES } from '@portal/contract/enums';
import { SESSION } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
import type { LoginChallenge } from '@portal/contract/two-factor';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { clientAddressKey } from '../http/client-address.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError, unauthorized } from '../http/http-error.ts';
import { recordSignInEvent, type SignInSubject } from '../modules/staff-audit/record.ts';
import {
  adminMustChangePassword,
  adminSignInState,
  findAdminForLogin,
  markAdminLogin,
} from './auth.repository.ts';
import {
  markAttemptSucceeded,
  pruneAttempts,
  releaseAttempt,
  reserveAttempt,
} from './login-attempts.repository.ts';
import { lockMasterPassword } from './master-password.repository.ts';
import { masterPasswordHash } from './master-password.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  type AuthContext,
  createSession,
  findLiveSession,
  issueToken,
  sha256,
  wasEndedByStaff,
} from './session.service.ts';
import { verifyToken } from './tokens.ts';
import { lockPolicy, readRequireAdmins } from './two-factor.repository.ts';
import { secondStepFor } from './two-factor-login.service.ts';

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string;
}

/** Per (identifier, address): 5 failures in 15 minutes lock that pair for 15 minutes. */
const LOCK_RULE = {
  maxFailures: SESSION.loginFailuresBeforeLock,
  windowSeconds: SESSION.loginWindowSeconds,
  lockSeconds: SESSION.loginLockSeconds,
};

/**
 * Per identifier, from every address (docs/decisions/003-login-lockout.md): past 20 failures in
 * 15 minutes each attempt waits 1, 2, 4, ... seconds after the previous failure, at most 60 s,
 * except from an address the account signed in from within 30 days.
 */
export const SLOW_RULE = {
  slowAfter: 20,
  windowSeconds: SESSION.loginWindowSeconds,
  maxDelaySeconds: 60,
  trustedDays: 30,
};

// Verifying against a throw-away hash when the email is unknown keeps both answers equally slow,
// so timing does not tell whether an account exists.
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword('decoy-password-for-unknown-accounts');
  return decoyHash;
};

function sameText(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(a), 'hex'), Buffer.from(sha256(b), 'hex'));
}

const secondsSinceEpoch = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Reserves this attempt against both limits before any password is checked, so parallel guesses
 * are verified at most as many times as the limits allow (429 with Retry-After beyond them). An
 * IPv6 client counts as its /64 (http/client-address.ts).
 */
export async function reserveOrRefuse(ctx: AppContext, identifier: string, ip: string): Promise<number> {
  const reservation = await reserveAttempt(
    ctx.db,
    { identifier, ip: clientAddressKey(ip) },
    { ipLimit: ctx.config.loginIpLimit, lock: LOCK_RULE, slow: SLOW_RULE },
  );
  if ('id' in reservation) return reservation.id;
  const retryAfter = Math.max(1, Math.ceil((reservation.until.getTime() - Date.now()) / 1000));
  const message = {
    ip: AUTH_MSG.ipLocked,
    identifier: MSG.loginLocked,
    slowed: AUTH_MSG.identifierSlowed,
  }[reservation.refused];
  throw new HttpError(429, message, { retry_after_seconds: retryAfter });
}

/** `passwordHash`: the hash the password was verified against. */
type Credentials =
  | { kind: 'master'; passwordHash: string }
  | { kind: 'admin'; adminId: number; email: string; passwordHash: string }
  | { kind: 'not-active'; status: Exclude<(typeof ADMIN_STATUSES)[number], 'active'>; subject: SignInSubject }
  | { kind: 'invalid'; subject: SignInSubject; known: boolean };

/** Who the audit names for a sign-in of the master. */
export const MASTER_SUBJECT: SignInSubject = { role: 'master', adminId: null, identifier: 'Master' };

const adminSubject = (adminId: number, email: string): SignInSubject => ({
  role: 'admin',
  adminId,
  identifier: email,
});

/** What the audit keeps of an identifier that names no account: not a password typed into the wrong field. */
export const NOT_AN_EMAIL = '(no es un email)';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const auditedIdentifier = (identifier: string) =>
  EMAIL_SHAPE.test(identifier) ? identifier.toLowerCase() : NOT_AN_EMAIL;

async function checkCredentials(ctx: AppContext, input: LoginInput): Promise<Credentials> {
  const identifier = input.email.trim();
  if (sameText(identifier, ctx.config.masterIdentifier)) {
    const passwordHash = await masterPasswordHash(ctx.db, ctx.secrets);
    const ok = await verifyPassword(passwordHash, input.password);
    return ok ? { kind: 'master', passwordHash } : { kind: 'invalid', subject: MASTER_SUBJECT, known: true };
  }
  const admin = await findAdminForLogin(ctx.db, identifier);
  const ok = await verifyPassword(admin?.admin_password_hash ?? (await decoy()), input.password);
  if (!admin) {
    const subject: SignInSubject = {
      role: 'unknown',
      adminId: null,
      identifier: auditedIdentifier(identifier),
    };
    return { kind: 'invalid', subject, known: false };
  }
  const subject = adminSubject(admin.admin_id, admin.admin_email);
  if (!ok) return { kind: 'invalid', subject, known: true };
  if (admin.access_status === 'active')
    return {
      kind: 'admin',
      adminId: admin.admin_id,
      email: admin.admin_email,
      passwordHash: admin.admin_password_hash,
    };
  const status = ADMIN_STATUSES.find((s) => s === admin.access_status);
  return status && status !== 'active'
    ? { kind: 'not-active', status, subject }
    : { kind: 'invalid', subject, known: true };
}

export async function login(ctx: AppContext, input: LoginInput): Promise<LoginResponse | LoginChallenge> {
  const identifier = input.email.trim().toLowerCase();
  const attemptId = await reserveOrRefuse(ctx, identifier, input.ip);
  const from = { ip: input.ip, userAgent: input.userAgent };

  let credentials: Credentials;
  try {
    credentials = await checkCredentials(ctx, input);
  } catch (error) {
    await releaseAttempt(ctx.db, attemptId).catch(() => {}); // our failure, not the caller's guess
    throw error;
  }
  // A wrong password keeps the reservation: it is the recorded failure.
  if (credentials.kind === 'invalid') {
    await recordSignInEvent(ctx.db, credentials.subject, from, 'sign_in_failed', {
      reason: credentials.known ? 'wrong_password' : 'unknown_account',
    });
    throw unauthorized(MSG.loginInvalidCredentials);
  }
  if (credentials.kind === 'not-active') {
    // The password was right, so this is not a guessing attempt: nothing is counted.
    await releaseAttempt(ctx.db, attemptId);
    await recordSignInEvent(ctx.db, credentials.subject, from, 'sign_in_failed', {
      reason: 'account_not_active',
      access_status: credentials.status,
    });
    const word = ACCOUNT_STATUS_ES[credentials.status];
    throw new HttpError(403, MSG.accountStatus(word), { status: word, access_status: credentials.status });
  }

  const account: StaffAccount =
    credentials.kind === 'admin'
      ? { loginType: 'admin', adminId: credentials.adminId, email: credentials.email }
      : { loginType: 'master', adminId: null };
  // A second factor on, or required and not set up: a challenge instead of a session (two-factor.service.ts).
  const { passwordHash } = credentials;
  const challenge = await secondStepFor(ctx, account, passwordHash, identifier, input.userAgent);
  if (challenge?.requires_2fa) {
    // The password alone proves nothing yet: neither a failure nor a success (a success would give a
    // code guesser a new budget). The codes are counted at /auth/login/2fa.
    await releaseAttempt(ctx.db, attemptId);
    return challenge;
  }
  if (challenge) {
    await markAttemptSucceeded(ctx.db, attemptId);
    await pruneAttempts(ctx.db, SLOW_RULE.trustedDays);
    return challenge;
  }
  // Refused like a wrong password if the password changed meanwhile: the reservation stays a failure.
  let session: LoginResponse;
  try {
    session = await openSession(ctx, account, passwordHash, input.ip, input.userAgent);
  } catch (error) {
    if (!(error instanceof SecondStepRequiredNow)) throw error;
    // Required while this sign-in ran: the setup challenge a sign-in gets from now on.
    const setup = await secondStepFor(ctx, account, passwordHash, identifier, input.userAgent);
    if (!setup) throw error;
    await markAttemptSucceeded(ctx.db, attemptId);
    return setup;
  }
  await markAttemptSucceeded(ctx.db, attemptId);
  await pruneAttempts(ctx.db, SLOW_RULE.trustedDays);
  return session;
}

/** A sign-in without a second step found 2FA required for admins by the time its session would open. */
export class SecondStepRequiredNow extends Error {}

export interface StaffAccount {
  loginType: 'admin' | 'master';
  adminId: number | null;
  /** The admin's email as stored (what the audit names); absent for the master. */
  email?: string;
}

/** Who the audit names for a staff account. */
export const subjectOf = (account: StaffAccount): SignInSubject =>
  account.adminId === null
    ? MASTER_SUBJECT
    : adminSubject(account.adminId, account.email ?? `#${account.adminId}`);

/**
 * What a sign-in of the account is checked against now: its password hash, and whether it may sign
 * in (an admin who is gone: null). Given `trx`, read under the lock a password change takes
 * (the admin's row, or the master password's lock) until that transaction ends.
 */
export async function signInState(
  ctx: AppContext,
  account: Pick<StaffAccount, 'adminId'>,
  trx?: Transaction<Database>,
): Promise<{ passwordHash: string; active: boolean } | null> {
  if (account.adminId === null) {
    if (trx) await lockMasterPassword(trx);
    return { passwordHash: await masterPasswordHash(trx ?? ctx.db, ctx.secrets), active: true };
  }
  const admin = await adminSignInState(trx ?? ctx.db, account.adminId, trx !== undefined);
  return admin ? { passwordHash: admin.admin_password_hash, active: admin.access_status === 'active' } : null;
}

/**
 * The answer of a successful sign-in: a new session (also the end of /auth/login/2fa), with its
 * staff audit row in the same transaction. `passwordHash`: the hash the password was verified
 * against; a sign-in whose password was reset or changed since (or whose admin was suspended) is
 * refused as invalid credentials. `secondFactor`: how the second step was passed, if any.
 * `within` runs in the same transaction once the account's row is locked and checked, before the
 * session is created: the session opens with what it writes, or neither is written.
 */
export async function openSession(
  ctx: AppContext,
  account: StaffAccount,
  passwordHash: string,
  ip: string,
  userAgent: string | undefined,
  secondFactor?: 'totp' | 'recovery_code' | 'setup',
  within?: (trx: Transaction<Database>) => Promise<void>,
): Promise<LoginResponse> {
  const { loginType, adminId } = account;
  const opened = await ctx.db.transaction().execute(async (trx) => {
    // Locked first, as every write to the account locks it (a reset, change, suspension or deletion
    // of the admin): one after this waits, then ends the session opened here.
    const state = await signInState(ctx, account, trx);
    if (state?.passwordHash !== passwordHash) return { refused: 'wrong_password' } as const;
    if (!state.active) return { refused: 'account_not_active' } as const;
    if (adminId !== null && secondFactor === undefined) {
      // The master may have required 2FA since the password was checked: then no session.
      await lockPolicy(trx, 'sign-in');
      if ((await readRequireAdmins(trx)).value) return { secondStepNow: true } as const;
    }
    await within?.(trx);
    const login = adminId !== null ? await markAdminLogin(trx, adminId) : null;
    const session = await createSession(trx, ctx.tokens, { loginType, adminId, ip, userAgent });
    await recordSignInEvent(trx, subjectOf(account), { ip, userAgent }, 'sign_in', {
      session_id: session.sessionId,
      ...(secondFactor ? { second_factor: secondFactor } : {}),
    });
    return { session, login };
  });
  if ('secondStepNow' in opened) throw new SecondStepRequiredNow();
  if ('refused' in opened) {
    await recordSignInEvent(ctx.db, subjectOf(account), { ip, userAgent }, 'sign_in_failed', {
      reason: opened.refused,
    });
    throw unauthorized(MSG.loginInvalidCredentials);
  }
  const { session, login } = opened;
  return {
    success: true,
    message: AUTH_MSG.loggedIn,
    jwt: session.jwt,
    admin_id: adminId,
    session_id: session.sessionId,
    expires_at: secondsSinceEpoch(session.expiresAt),
    login_type: loginType,
    ip_address: ip,
    ...(session.masterKey ? { master_key: session.masterKey } : {}),
    ...(login?.mustChange ? { must_change_password: true as const } : {}),
    ...(login?.name ? { admin_name: login.name } : {}),
  };
}

/** The live session behind a token that is valid in signature and time, or null. */
export async function validate(ctx: AppContext, token: string | null): Promise<AuthContext | null> {
  if (!token) return null;
  const claims = await verifyToken(token, ctx.tokens.secret);
  return claims ? findLiveSession(ctx.db, claims) : null;
}

/** A new JWT for a live session, even when the presented JWT's time is up. */
export async function refresh(
  ctx: AppContext,
  token: string | null,
  ip: string,
): Promise<SessionResponse & { message: string; must_change_password?: true }> {
  const claims = token ? await verifyToken(token, ctx.tokens.secret, { allowExpired: true }) : null;
  const session = claims ? await findLiveSession(ctx.db, claims) : null;
  if (!session) {
    // A session ended from another device says so: the portal tells the person why they are out.
    const ended = claims !== null && (await wasEndedByStaff(ctx.db, claims));
    throw unauthorized(ended ? MSG.sessionEndedElsewhere : MSG.unauthorized);
  }
  const jwt = await issueToken(ctx.tokens, session);
  const mustChange = session.adminId !== null && (await adminMustChangePassword(ctx.db, session.adminId));
  return {
    success: true,
    message: AUTH_MSG.refreshed,
    jwt,
    admin_id: session.adminId,
    session_id: session.sessionId,
    expires_at: secondsSinceEpoch(session.expiresAt),
    login_type: session.loginType,
    ip_address: ip,
    ...(mustChange ? { must_change_password: true as const } : {}),
  };
}

/** The session id a token names, when its signature is valid (its time may be up). */
export async function sessionToEnd(ctx: AppContext, token: string | null): Promise<string> {
  const claims = token ? await verifyToken(token, ctx.tokens.secret, { allowExpired: true }) : null;
  if (!claims) throw unauthorized(MSG.unauthorized);
  return claims.sid;
}

export const masterIdentifierHash = (ctx: AppContext) => sha256(ctx.config.masterIdentifier);
