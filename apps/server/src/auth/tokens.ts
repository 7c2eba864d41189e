// HS256 JWTs naming the session (DESIGN §4). Only HS256 is accepted: `alg: none` and others fail.
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string; // admin id or 'master'
  sid: string; // session id
  login_type: 'admin' | 'master';
}

export async function signToken(
  claims: TokenClaims,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sid, login_type: claims.login_type })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

function toClaims(payload: Record<string, unknown>): TokenClaims | null {
  const { sub, sid, login_type } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string') return null;
  if (login_type !== 'admin' && login_type !== 'master') return null;
  return { sub, sid, login_type };
}

/** Verifies signature and time. With allowExpired, a token whose only fault is its age passes. */
export async function verifyToken(
  token: string,
  secret: Uint8Array,
  options: { allowExpired?: boolean } = {},
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return toClaims(payload);
  } catch (error) {
    if (options.allowExpired && error instanceof errors.JWTExpired) return toClaims(error.payload);
    return null;
  }
}
