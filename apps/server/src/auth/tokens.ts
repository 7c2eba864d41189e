// HS256 JWTs naming the session (DESIGN §4). Only HS256 is accepted: `alg: none` and others fail.
// Signed with jose; verified here with node:crypto (signedPayload).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

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

const decodeJson = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The payload of a compact HS256 JWT whose signature is right, or null. node:crypto's HMAC, on
 * the request's own thread: every signed-in request verifies a token, and WebCrypto's promise
 * job (jose) cost a tenth of the list request's time.
 */
function signedPayload(token: string, secret: Uint8Array): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const protectedHeader = decodeJson(header);
  // Only HS256 ('none' and every other algorithm fail); no extensions we would have to honour.
  if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader || 'b64' in protectedHeader) return null;
  const given = Buffer.from(signature, 'base64url');
  if (given.toString('base64url') !== signature) return null; // not canonical base64url
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return decodeJson(payload);
}

const isTime = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Verifies signature and time. With allowExpired, a token whose only fault is its age passes. */
export async function verifyToken(
  token: string,
  secret: Uint8Array,
  options: { allowExpired?: boolean } = {},
): Promise<TokenClaims | null> {
  return checkToken(token, secret, options)?.claims ?? null;
}

/** verifyToken's check, with the token's expiry (seconds since the epoch) for verified-tokens.ts. */
export function checkToken(
  token: string,
  secret: Uint8Array,
  options: { allowExpired?: boolean } = {},
): { claims: TokenClaims; exp: number } | null {
  const payload = signedPayload(token, secret);
  if (!payload) return null;
  const { exp, nbf, iat } = payload;
  if (!isTime(exp) || (nbf !== undefined && !isTime(nbf)) || (iat !== undefined && !isTime(iat))) return null;
  const now = Math.floor(Date.now() / 1000);
  if (typeof nbf === 'number' && nbf > now) return null;
  if ((exp as number) <= now && !options.allowExpired) return null;
  const claims = toClaims(payload);
  return claims && { claims, exp: exp as number };
}
