// The callers every guarded route is tried with: broken tokens, the wrong role, the wrong headers,
// and the right one. Each broken token names a live master session and carries its master key, so
// the token itself is the only fault.
import { createSession, revokeSession } from '../src/auth/session.service.ts';
import { signToken } from '../src/auth/tokens.ts';
import { createAdmin, type Headers, masterHeaders, type TestApp } from './helpers.ts';

export const CALLERS = [
  'no token',
  'forged',
  'alg none',
  'expired',
  'revoked',
  'pending admin',
  'active admin',
  "admin with someone else's X-Admin-Id",
  'master without X-Master-Key',
  'master',
] as const;
export type Caller = (typeof CALLERS)[number];

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with `alg: none` and no signature, naming a real session. */
export function unsignedToken(claims: { sub: string; sid: string; login_type: string }): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iat: now, exp: now + 600 })}.`;
}

export async function callerHeaders(t: TestApp): Promise<Record<Caller, Headers>> {
  const live = await createSession(t.db, t.tokens, { loginType: 'master', adminId: null });
  const claims = { sub: 'master', sid: live.sessionId, login_type: 'master' as const };
  const withKey = (jwt: string): Headers => ({
    authorization: `Bearer ${jwt}`,
    'x-master-key': live.masterKey!,
  });
  const wrongSecret = new TextEncoder().encode('another-secret-another-secret-another-1');

  const revoked = await createSession(t.db, t.tokens, { loginType: 'master', adminId: null });
  await revokeSession(t.db, revoked.sessionId);

  const pending = await createAdmin(t, 'pending');
  const active = await createAdmin(t, 'active');
  const other = await createAdmin(t, 'active');
  const master = await masterHeaders(t);

  return {
    'no token': {},
    forged: withKey(await signToken(claims, wrongSecret, 600)),
    'alg none': withKey(unsignedToken(claims)),
    expired: withKey(await signToken(claims, t.tokens.secret, -60)),
    revoked: { authorization: `Bearer ${revoked.jwt}`, 'x-master-key': revoked.masterKey! },
    'pending admin': pending.headers,
    'active admin': active.headers,
    "admin with someone else's X-Admin-Id": {
      ...active.headers,
      'x-admin-id': String(other.admin.admin_id),
    },
    'master without X-Master-Key': { authorization: master.authorization },
    master,
  };
}
