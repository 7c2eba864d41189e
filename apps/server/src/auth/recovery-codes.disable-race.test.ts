// New recovery codes asked for while another tab turns 2FA off: the answer is the codes (2FA on
// with them stored, or 2FA off with none left behind) or the route's own "not enabled" refusal,
// never 404 or 500. The seam: a check of the proof may run a request first (the other tab).
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createAdmin, createTestApp, type Headers } from '../../test/helpers.ts';
import { usePostgres } from '../../test/test-db.ts';
import { rfc6238 } from '../../test/totp-codes.ts';

const meanwhile = vi.hoisted(() => ({ run: null as null | (() => Promise<void>) }));
/** Runs the pending `meanwhile.run`, once. */
const runMeanwhile = async () => {
  const run = meanwhile.run;
  meanwhile.run = null;
  await run?.();
};
// After the password is checked, and between a right code and the record that it was used.
vi.mock('./passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./passwords.ts')>();
  return {
    ...actual,
    verifyPassword: async (...args: Parameters<typeof actual.verifyPassword>) => {
      const right = await actual.verifyPassword(...args);
      await runMeanwhile();
      return right;
    },
  };
});
vi.mock('./two-factor.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./two-factor.repository.ts')>();
  return {
    ...actual,
    useStep: async (...args: Parameters<typeof actual.useStep>) => {
      await runMeanwhile();
      return actual.useStep(...args);
    },
  };
});

describe('new recovery codes while 2FA is turned off', async () => {
  const t = await createTestApp();
  let ipCounter = 0;
  const nextIp = () => `10.31.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const post = (url: string, payload: object | undefined, headers: Headers) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });
  async function adminWithTwoFactor() {
    const admin = await createAdmin(t);
    const { secret } = (await post('/auth/2fa/setup', undefined, admin.headers)).json();
    const on = await post(
      '/auth/2fa/enable',
      { code: rfc6238(secret, Date.now()), current_password: admin.password },
      admin.headers,
    );
    expect(on.statusCode).toBe(200);
    await sql`update staff_two_factor set last_used_step = null`.execute(t.db);
    const [row] = (
      await sql<{ id: number }>`select id from staff_two_factor
        where owner_admin_id = ${admin.admin.admin_id}`.execute(t.db)
    ).rows;
    return { ...admin, secret: secret as string, twoFactorId: row!.id };
  }

  const turnOff = (admin: { headers: Headers; secret: string }) =>
    post('/auth/2fa/disable', { code: rfc6238(admin.secret, Date.now()) }, admin.headers);
  const status = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/auth/2fa', headers })).json();
  const codeRows = async (twoFactorId: number) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from staff_two_factor_recovery_codes
        where two_factor_id = ${twoFactorId}`.execute(t.db)
    ).rows[0]?.n;
  const regenerations = async (adminId: number) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from staff_actions
        where action = 'recovery_codes_regenerate' and actor_admin_id = ${adminId}`.execute(t.db)
    ).rows[0]?.n;

  it.each([
    ['the password', (admin: { password: string }) => ({ password: admin.password })],
    ['a current code', (admin: { secret: string }) => ({ code: rfc6238(admin.secret, Date.now()) })],
  ])('answers "not enabled" and writes nothing when 2FA goes off after %s is checked', async (_, proofOf) => {
    const admin = await adminWithTwoFactor();
    let disabled: Awaited<ReturnType<typeof turnOff>> | undefined;
    meanwhile.run = async () => {
      disabled = await turnOff(admin);
    };
    const res = await post('/auth/2fa/recovery-codes', proofOf(admin), admin.headers);
    expect(disabled?.statusCode).toBe(200);
    expect([res.statusCode, res.json().error]).toEqual([409, TWO_FACTOR_MSG.notEnabled]);
    expect(await status(admin.headers)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await codeRows(admin.twoFactorId)).toBe(0);
    expect(await regenerations(admin.admin.admin_id)).toBe(0);
  });

  // PostgreSQL only: the two requests really run at once, each on its own connection. The
  // disable starts a little later each round, so it lands before, during and after the write.
  it.runIf(usePostgres())(
    'gives codes or "not enabled", never 404 or 500, across 20 real races',
    async () => {
      const answers = new Set<number>();
      for (let round = 0; round < 20; round++) {
        const admin = await adminWithTwoFactor();
        const [res, off] = await Promise.all([
          post('/auth/2fa/recovery-codes', { password: admin.password }, admin.headers),
          new Promise((resolve) => setTimeout(resolve, round * 5)).then(() => turnOff(admin)),
        ]);
        expect(off.statusCode).toBe(200);
        expect((await status(admin.headers)).enabled).toBe(false);
        // Turned off before or after the write: either way no code of that second factor is left.
        expect(await codeRows(admin.twoFactorId)).toBe(0);
        if (res.statusCode === 200) {
          expect(res.json().recovery_codes).toHaveLength(10);
          expect(await regenerations(admin.admin.admin_id)).toBe(1);
        } else {
          expect([res.statusCode, res.json().error]).toEqual([409, TWO_FACTOR_MSG.notEnabled]);
          expect(await regenerations(admin.admin.admin_id)).toBe(0);
        }
        answers.add(res.statusCode);
      }
      expect([...answers].filter((code) => code !== 200 && code !== 409)).toEqual([]);
    },
  );
});
