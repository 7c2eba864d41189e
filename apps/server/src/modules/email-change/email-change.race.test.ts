// A code allows 5 tries however many requests arrive at once. Every comparison of a code with its
// hash is counted here (the real comparison, wrapped).
import { MSG } from '@portal/contract/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { insertBusiness } from '../../../test/business-factory.ts';
import { createAdmin, createTestApp, type Headers } from '../../../test/helpers.ts';
import { claimCodeTry } from '../shared-codes/codes.repository.ts';
import { CODE_MAX_ATTEMPTS, codeExpiry, hashCode } from '../shared-codes/codes.ts';

const compared = vi.hoisted(() => ({ count: 0 }));
vi.mock('../shared-codes/codes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../shared-codes/codes.ts')>();
  return {
    ...actual,
    codeMatches: (code: string, stored: string) => {
      compared.count += 1;
      return actual.codeMatches(code, stored);
    },
  };
});

// PGlite answers inside one turn of the event loop, so without this each request would run to the
// end before the next starts; a network round trip lets parallel requests interleave, as here.
vi.mock('./email-change.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./email-change.repository.ts')>();
  return {
    ...actual,
    findPendingRequest: async (...args: Parameters<typeof actual.findPendingRequest>) => {
      const pending = await actual.findPendingRequest(...args);
      await new Promise((resolve) => setImmediate(resolve));
      return pending;
    },
  };
});

const BASE = '/admin/email-change/api/v1/email-change';
const PARALLEL = 40;

describe('email change code under parallel tries', async () => {
  const t = await createTestApp();
  const { headers } = await createAdmin(t);
  beforeEach(() => {
    compared.count = 0;
  });

  const post = (path: string, payload: object, as: Headers = headers) =>
    t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers: as, payload });

  async function startChange(newEmail: string) {
    const business = await insertBusiness(t);
    const registry = business.business_registry_number;
    expect(
      (await post('/initiate', { business_registry_number: registry, new_email: newEmail })).statusCode,
    ).toBe(200);
    const code = /(\d{6})/.exec(t.mail.at(-1)!.text)![1]!;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const complete = (verification_code: string) =>
      post('/complete', { business_registry_number: registry, new_email: newEmail, verification_code });
    return { business, code, wrong, complete };
  }

  const attemptsOf = async (businessId: number) =>
    (
      await t.db
        .selectFrom('email_change_requests')
        .select('attempts')
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow()
    ).attempts;

  it(`compares a code at most ${CODE_MAX_ATTEMPTS} times for ${PARALLEL} parallel wrong tries; the right one after is refused`, async () => {
    const change = await startChange('paralelo1@correo.test');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => change.complete(change.wrong(i))),
    );
    expect(answers.every((res) => res.statusCode === 401)).toBe(true);

    const right = await change.complete(change.code);
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe(MSG.emailChangeUnauthorized);
    expect(compared.count).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect(await attemptsOf(change.business.id)).toBe(CODE_MAX_ATTEMPTS);
  });

  it('with the right code among parallel wrong ones, still compares at most 5 and changes once at most', async () => {
    const change = await startChange('paralelo2@correo.test');
    const codes = Array.from({ length: PARALLEL }, (_, i) => (i === 30 ? change.code : change.wrong(i)));
    const answers = await Promise.all(codes.map((code) => change.complete(code)));
    expect(compared.count).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(await attemptsOf(change.business.id)).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
  });

  it('counts email-verification code tries the same way', async () => {
    const row = await t.db
      .insertInto('email_verification_codes')
      .values({
        email: 'dueno@correo.test',
        code_hash: hashCode('123456'),
        requested_by: 'test',
        expires_at: codeExpiry(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claims = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        claimCodeTry(t.db, 'email_verification_codes', row.id, CODE_MAX_ATTEMPTS),
      ),
    );
    expect(claims.filter((hash) => hash !== undefined)).toHaveLength(CODE_MAX_ATTEMPTS);
  });

  it('gives one of two businesses completing a change to the same address at once the email change conflict', async () => {
    const newEmail = 'mismo.destino@correo.test';
    const registries: string[] = [];
    for (let i = 0; i < 2; i++) {
      const business = await insertBusiness(t);
      registries.push(business.business_registry_number);
      await t.db
        .insertInto('email_change_requests')
        .values({
          business_id: business.id,
          new_email: newEmail,
          code_hash: hashCode('123456'),
          requested_by: 'test',
          expires_at: codeExpiry(),
        })
        .execute();
    }
    const answers = await Promise.all(
      registries.map((registry) =>
        post('/complete', {
          business_registry_number: registry,
          new_email: newEmail,
          verification_code: '123456',
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().error).toBe(MSG.emailChangeConflict);
  });
});
