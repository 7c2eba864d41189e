// verifyToken (node:crypto HS256): what it accepts is what jose signs, and nothing else.
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.ts';

const secret = new TextEncoder().encode('tokens-test-secret-tokens-test-secret');
const claims = { sub: '12', sid: '6f1c1c56-4f0e-4a39-9d0e-3f1a2b3c4d5e', login_type: 'admin' as const };
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWT with any header and payload, signed with HMAC-SHA256 over them. */
function handMade(header: unknown, payload: unknown, key: Uint8Array = secret): string {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('verifyToken', () => {
  it('accepts a token jose signed, and reads its claims', async () => {
    expect(await verifyToken(await signToken(claims, secret, 60), secret)).toEqual(claims);
  });

  it('refuses another key, a changed payload or signature, and other algorithms', async () => {
    const token = await signToken(claims, secret, 60);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = new TextEncoder().encode('another-secret-another-secret-another');
    expect(await verifyToken(token, other)).toBeNull();
    expect(
      await verifyToken(`${header}.${b64({ ...claims, sub: '1', exp: now() + 60 })}.${signature}`, secret),
    ).toBeNull();
    expect(await verifyToken(`${header}.${payload}.${signature.slice(0, -2)}`, secret)).toBeNull();
    expect(await verifyToken(`${header}.${payload}.${signature}=`, secret)).toBeNull();
    expect(await verifyToken(`${header}.${payload}.`, secret)).toBeNull();
    expect(await verifyToken(`${b64({ alg: 'none' })}.${payload}.`, secret)).toBeNull();
    const hs512 = await new SignJWT({ sid: claims.sid, login_type: 'admin' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('12')
      .setExpirationTime(now() + 60)
      .sign(new Uint8Array(64).fill(7));
    expect(await verifyToken(hs512, new Uint8Array(64).fill(7))).toBeNull();
    expect(
      await verifyToken(
        handMade({ alg: 'HS256', crit: ['x'], x: 1 }, { ...claims, exp: now() + 60 }),
        secret,
      ),
    ).toBeNull();
    expect(await verifyToken('not.a.token', secret)).toBeNull();
    expect(await verifyToken('', secret)).toBeNull();
  });

  it('needs a numeric expiry in the future and honours nbf', async () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    expect(await verifyToken(handMade(header, { ...claims, exp: now() + 60 }), secret)).toEqual(claims);
    expect(await verifyToken(handMade(header, claims), secret)).toBeNull();
    expect(await verifyToken(handMade(header, { ...claims, exp: String(now() + 60) }), secret)).toBeNull();
    expect(await verifyToken(handMade(header, { ...claims, exp: now() }), secret)).toBeNull();
    expect(
      await verifyToken(handMade(header, { ...claims, exp: now() + 60, nbf: now() + 30 }), secret),
    ).toBeNull();
    expect(await verifyToken(handMade(header, [claims]), secret)).toBeNull();
    expect(
      await verifyToken(handMade(header, { ...claims, login_type: 'root', exp: now() + 60 }), secret),
    ).toBeNull();
  });

  it('with allowExpired, passes a token whose only fault is its age', async () => {
    const expired = await signToken(claims, secret, -10);
    expect(await verifyToken(expired, secret)).toBeNull();
    expect(await verifyToken(expired, secret, { allowExpired: true })).toEqual(claims);
    const forged = await signToken(claims, new TextEncoder().encode('x'.repeat(40)), -10);
    expect(await verifyToken(forged, secret, { allowExpired: true })).toBeNull();
  });
});
