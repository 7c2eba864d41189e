// Tokens checked once: a token is kept only after it passed the full check, and never
// past its expiry. The master key check the guard shares with the public registration.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, masterHeaders } from '../../test/helpers.ts';
import { masterKeyMatches } from './master-key.ts';
import { sha256 } from './session.service.ts';
import { signToken } from './tokens.ts';
import { VERIFIED_TOKEN_TTL_MS, VerifiedTokens } from './verified-tokens.ts';

const secret = new TextEncoder().encode('verified-tokens-secret-verified-tokens');
const claims = { sub: '12', sid: '0b7c4f2e-9d1a-4c55-8e3b-2f6a7d8e9c01', login_type: 'admin' as const };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

afterEach(() => {
  vi.useRealTimers();
});

describe('VerifiedTokens', () => {
  it('checks a token once, then answers from memory with the same claims', async () => {
    const tokens = new VerifiedTokens(secret);
    const token = await signToken(claims, secret, 60);
    const first = tokens.verify(token);
    expect(first).toEqual(claims);
    expect(tokens.verify(token)).toBe(first); // the kept object: no second check
    expect(tokens.size()).toBe(1);
  });

  it('never accepts a token it did not check, even while a real one is kept', async () => {
    const tokens = new VerifiedTokens(secret);
    const token = await signToken(claims, secret, 60);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(tokens.verify(token)).toEqual(claims);
    const other = new TextEncoder().encode('another-secret-another-secret-another');
    const refused = [
      // The first character of the signature carries six bits that count (the last carries only
      // four, so changing it can decode to the same bytes); flip it to a different letter.
      `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      `${header}.${b64({ ...claims, sub: 'master', login_type: 'master', exp: 9_999_999_999 })}.${signature}`,
      `${b64({ alg: 'none' })}.${payload}.`,
      await signToken(claims, other, 60),
      await signToken(claims, secret, -10), // expired
      `${token} `,
    ];
    for (const forged of refused) {
      expect(tokens.verify(forged), forged).toBeNull();
      expect(tokens.verify(forged), `${forged}, again`).toBeNull();
    }
    expect(tokens.size()).toBe(1);
  });

  it('refuses a kept token from the second it expires, and checks it again after the TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-01T12:00:00.000Z') });
    const tokens = new VerifiedTokens(secret);
    const shortLived = await signToken(claims, secret, 2);
    expect(tokens.verify(shortLived)).toEqual(claims);
    vi.setSystemTime(new Date('2026-05-01T12:00:01.999Z'));
    expect(tokens.verify(shortLived)).toEqual(claims);
    vi.setSystemTime(new Date('2026-05-01T12:00:02.000Z'));
    expect(tokens.verify(shortLived)).toBeNull();
    expect(tokens.verify(shortLived)).toBeNull();

    const longLived = await signToken(claims, secret, 600);
    const first = tokens.verify(longLived);
    vi.setSystemTime(Date.now() + VERIFIED_TOKEN_TTL_MS);
    const second = tokens.verify(longLived);
    expect(second).toEqual(claims);
    expect(second).not.toBe(first); // checked again
  });

  it('keeps nothing with a TTL of 0, and stays bounded', async () => {
    const token = await signToken(claims, secret, 60);
    const off = new VerifiedTokens(secret, 0);
    expect(off.verify(token)).toEqual(claims);
    expect(off.size()).toBe(0);

    const tokens = new VerifiedTokens(secret);
    const exp = Math.floor(Date.now() / 1000) + 60;
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    for (let i = 0; i < 10_001; i++) {
      const body = `${header}.${b64({ ...claims, sid: `s-${i}`, exp })}`;
      expect(
        tokens.verify(`${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`),
      ).not.toBeNull();
    }
    expect(tokens.size()).toBeLessThanOrEqual(10_000);
  });
});

describe('masterKeyMatches', () => {
  it('accepts only the key whose hash is stored, every time, and no key for another hash', () => {
    const key = 'k1-'.repeat(10);
    const hash = sha256(key);
    expect(masterKeyMatches(key, hash)).toBe(true);
    expect(masterKeyMatches(key, hash)).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect(masterKeyMatches(`${key}x`, hash)).toBe(false);
      expect(masterKeyMatches('', hash)).toBe(false);
      expect(masterKeyMatches(undefined, hash)).toBe(false);
      expect(masterKeyMatches([key], hash)).toBe(false);
      expect(masterKeyMatches(key, null)).toBe(false);
      expect(masterKeyMatches(key, sha256('another key'))).toBe(false);
      expect(masterKeyMatches(key, 'not-a-hash')).toBe(false);
    }
  });
});

describe('guard with verified tokens', async () => {
  const t = await createTestApp();
  const url = '/master/business-data/api/v1/business-data?limit=1';
  const get = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url, headers })).statusCode;

  it('refuses a wrong master key on every request, before and after the right one', async () => {
    const master = await masterHeaders(t);
    const wrong = { ...master, 'x-master-key': `${master['x-master-key']}x` };
    const { 'x-master-key': _, ...withoutKey } = master;
    expect(await get(wrong)).toBe(403);
    expect(await get(master)).toBe(200);
    expect(await get(master)).toBe(200);
    expect(await get(wrong)).toBe(403);
    expect(await get(withoutKey)).toBe(403);
    const other = await masterHeaders(t); // another session's key does not open this one
    expect(await get({ ...master, 'x-master-key': other['x-master-key']! })).toBe(403);
    expect(await get(master)).toBe(200);
  });

  it('refuses a token it has accepted once it expires', async () => {
    const master = await masterHeaders(t);
    expect(await get(master)).toBe(200);
    expect(await get(master)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (t.tokens.jwtTtlSeconds + 1) * 1000 });
    expect(await get(master)).toBe(401);
    expect(await get(master)).toBe(401);
  });
});
