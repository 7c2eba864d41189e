// Sessions (DESIGN §4): a row per sign-in, a short JWT naming it, a master key for master sessions.
import { hash, randomBytes, randomUUID } from 'node:crypto';
import { SESSION } from '@portal/contract/limits';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { signToken, type TokenClaims } from './tokens.ts';
import { deleteOpenChallenges } from './two-factor.repository.ts';

export interface AuthContext {
  loginType: 'admin' | 'master';
  adminId: number | null;
  sessionId: string;
  email: string | null;
  /** Who the change log names: the admin's email, or 'Master'. */
  actor: string;
  expiresAt: Date;
  masterKeyHash: string | null;
}

export interface IssuedSession {
  jwt: string;
  sessionId: string;
  expiresAt: Date;
  masterKey?: string;
}

/** How the change logs name the master (an admin is named by email, so never this). */
export const MASTER_ACTOR = 'Master';

// crypto.hash is the one-shot form: no Hash object per call (the guard hashes every master request's key).
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export interface TokenSettings {
  secret: Uint8Array;
  jwtTtlSeconds: number;
}

export async function createSession(
  db: Kysely<Database>,
  tokens: TokenSettings,
  input: { loginType: 'admin' | 'master'; adminId: number | null; ip?: string; userAgent?: string },
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + SESSION.sessionTtlSeconds * 1000);
  const masterKey = input.loginType === 'master' ? randomBytes(32).toString('base64url') : undefined;
  await db
    .insertInto('sessions')
    .values({
      session_id: sessionId,
      login_type: input.loginType,
      admin_id: input.adminId,
      master_key_hash: masterKey ? sha256(masterKey) : null,
      ip_address: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 512) ?? null,
      expires_at: expiresAt,
    })
    .execute();
  const jwt = await issueToken(tokens, { sessionId, loginType: input.loginType, adminId: input.adminId });
  return { jwt, sessionId, expiresAt, masterKey };
}

export function issueToken(
  tokens: TokenSettings,
  session: { sessionId: string; loginType: 'admin' | 'master'; adminId: number | null },
): Promise<string> {
  const sub = session.loginType === 'master' ? 'master' : String(session.adminId);
  return signToken(
    { sub, sid: session.sessionId, login_type: session.loginType },
    tokens.secret,
    tokens.jwtTtlSeconds,
  );
}

/** The live session a token names: not revoked, not past expires_at, admin still active. */
export async function findLiveSession(
  db: Kysely<Database>,
  claims: TokenClaims,
): Promise<AuthContext | null> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('admins', 'admins.admin_id', 'sessions.admin_id')
    .select([
      'sessions.session_id',
      'sessions.login_type',
      'sessions.admin_id',
      'sessions.expires_at',
      'sessions.master_key_hash',
      'admins.admin_email',
      'admins.access_status',
    ])
    .where('sessions.session_id', '=', claims.sid)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.login_type !== claims.login_type) return null;
  if (row.login_type === 'admin') {
    if (row.access_status !== 'active' || String(row.admin_id) !== claims.sub) return null;
  } else if (claims.sub !== 'master') {
    return null;
  }
  return {
    loginType: row.login_type,
    adminId: row.admin_id,
    sessionId: row.session_id,
    email: row.admin_email ?? null,
    actor: row.login_type === 'master' ? MASTER_ACTOR : (row.admin_email ?? 'Sistema'),
    expiresAt: new Date(row.expires_at),
    masterKeyHash: row.master_key_hash,
  };
}

/** Whether the session a token names was ended by a person (the account itself still signs in). */
export async function wasEndedByStaff(db: Kysely<Database>, claims: TokenClaims): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('admins', 'admins.admin_id', 'sessions.admin_id')
    .select(['sessions.login_type', 'admins.access_status'])
    .where('sessions.session_id', '=', claims.sid)
    .where('sessions.revoked_at', 'is not', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined && (row.login_type === 'master' || row.access_status === 'active');
}

export async function revokeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('session_id', '=', sessionId)
    .execute();
}

/**
 * Ends every live session of an admin (deactivated, suspended, deleted or given a new password),
 * and every sign-in of theirs still at the second step.
 */
export async function revokeAdminSessions(db: Kysely<Database>, adminIds: number[]): Promise<void> {
  if (adminIds.length === 0) return;
  await deleteOpenChallenges(db, adminIds);
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('admin_id', 'in', adminIds)
    .where('revoked_at', 'is', null)
    .execute();
}
