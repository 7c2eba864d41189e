// HS256 JWTs naming the session (DESIGN §4). Only HS256 is accepted: `alg: none` and others fail.
import { errors, jwtVerify, SignJWT } from 'jose';

// Importing the raw secret as a CryptoKey costs more than the HMAC itself; every request
// verifies a token, so each secret is imported once.
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

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
    .sign(await hmacKey(secret));
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
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'] });
    return toClaims(payload);
  } catch (error) {
    if (options.allowExpired && error instanceof errors.JWTExpired) return toClaims(error.payload);
    return null;
  }
}
