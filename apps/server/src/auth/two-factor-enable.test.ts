// Turning one's own second factor on from a session takes the current password besides a code: a
// stolen session alone must not enrol an authenticator. A wrong password is refused like a wrong
// code at /2fa/disable (counted toward the sign-in lockouts, a row of the staff audit), for an
// admin and for the master (whose password is the changed or configured one).
import { ACCOUNT_MSG } from '@portal/contract/account';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type Headers, masterHeaders, TEST_MASTER } from '../../test/helpers.ts';
import { NEW_PASSWORD } from '../../test/password-changes.ts';
import { rfc6238 } from '../../test/totp-codes.ts';

describe('POST /auth/2fa/enable asks for the current password', async () => {
  const t = await createTestApp();
  let ipCounter = 0;
  const nextIp = () => `10.26.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const post = (url: string, payload: object | undefined, headers: Headers, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const enabled = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/auth/2fa', headers })).json().enabled as boolean;
  const setupSecret = async (headers: Headers) => {
    const setup = await post('/auth/2fa/setup', undefined, headers);
    expect(setup.statusCode).toBe(200);
    return setup.json().secret as string;
  };
  const failures = async (actorRole: 'admin' | 'master') =>
    (
      await sql<{ details: unknown }>`select details from staff_actions
        where action = 'two_factor_failed' and actor_role = ${actorRole} order by id`.execute(t.db)
    ).rows.map((row) => row.details);

  afterEach(async () => {
    await sql`delete from staff_two_factor`.execute(t.db);
    await sql`delete from login_attempts`.execute(t.db);
    await sql`delete from master_password`.execute(t.db);
  });

  const accounts = [
    {
      who: 'an admin',
      role: 'admin' as const,
      account: async () => {
        const admin = await createAdmin(t);
        return { headers: admin.headers, password: admin.password, identifier: admin.admin.admin_email };
      },
    },
    {
      who: 'the master',
      role: 'master' as const,
      account: async () => ({
        headers: await masterHeaders(t),
        password: TEST_MASTER.password,
        identifier: TEST_MASTER.identifier,
      }),
    },
  ];

  describe.each(accounts)('for $who', ({ role, account }) => {
    it('refuses a missing or wrong password with a right code: 2FA stays off, the failure is audited', async () => {
      const { headers, password } = await account();
      const secret = await setupSecret(headers);
      const code = () => rfc6238(secret, Date.now());
      const before = (await failures(role)).length;

      const missing = await post('/auth/2fa/enable', { code: code() }, headers);
      expect([missing.statusCode, missing.json().message]).toEqual([
        400,
        ACCOUNT_MSG.currentPasswordRequired,
      ]);
      const wrong = await post(
        '/auth/2fa/enable',
        { code: code(), current_password: `${password}x` },
        headers,
      );
      expect([wrong.statusCode, wrong.json().message]).toEqual([401, ACCOUNT_MSG.currentPasswordIncorrect]);
      expect(wrong.json()).not.toHaveProperty('recovery_codes');
      expect(await enabled(headers)).toBe(false);
      expect((await failures(role)).slice(before)).toEqual([{ during: 'enable', reason: 'wrong_password' }]);

      // The code was not spent by the refused call: the same one turns it on with the password.
      const right = await post('/auth/2fa/enable', { code: code(), current_password: password }, headers);
      expect(right.statusCode).toBe(200);
      expect(right.json().recovery_codes).toHaveLength(10);
      expect(await enabled(headers)).toBe(true);
    });

    it('counts wrong passwords toward the sign-in lockout: past it, even the right one waits', async () => {
      const { headers, password, identifier } = await account();
      const secret = await setupSecret(headers);
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        const res = await post(
          '/auth/2fa/enable',
          { code: rfc6238(secret, Date.now()), current_password: 'Wrong#Pass1' },
          headers,
          ip,
        );
        expect(res.statusCode).toBe(401);
      }
      const locked = await post(
        '/auth/2fa/enable',
        { code: rfc6238(secret, Date.now()), current_password: password },
        headers,
        ip,
      );
      expect(locked.statusCode).toBe(429);
      expect(await enabled(headers)).toBe(false);
      // The same lockout as a sign-in's: the password step from that address waits too.
      const signIn = await post('/auth/login', { email: identifier, password }, {}, ip);
      expect(signIn.statusCode).toBe(429);
      // From another address the right password and code turn it on.
      const right = await post(
        '/auth/2fa/enable',
        { code: rfc6238(secret, Date.now()), current_password: password },
        headers,
      );
      expect(right.statusCode).toBe(200);
    });

    it('a right password with a wrong code enables nothing and is not counted', async () => {
      const { headers, password } = await account();
      await setupSecret(headers);
      const ip = nextIp();
      for (let i = 0; i < 6; i++) {
        const res = await post(
          '/auth/2fa/enable',
          { code: '000000', current_password: password },
          headers,
          ip,
        );
        expect(res.statusCode).toBe(401);
      }
      expect(await enabled(headers)).toBe(false);
      const attempts = await sql<{ n: number }>`select count(*)::int as n from login_attempts
        where ip_address = ${ip}`.execute(t.db);
      expect(attempts.rows[0]?.n).toBe(0);
    });
  });

  it("checks the master's changed password, not the configured one", async () => {
    const master = await masterHeaders(t);
    const changed = await post(
      '/auth/password',
      { current_password: TEST_MASTER.password, new_password: NEW_PASSWORD },
      master,
    );
    expect(changed.statusCode).toBe(200);
    const secret = await setupSecret(master);
    const old = await post(
      '/auth/2fa/enable',
      { code: rfc6238(secret, Date.now()), current_password: TEST_MASTER.password },
      master,
    );
    expect([old.statusCode, old.json().message]).toEqual([401, ACCOUNT_MSG.currentPasswordIncorrect]);
    const now = await post(
      '/auth/2fa/enable',
      { code: rfc6238(secret, Date.now()), current_password: NEW_PASSWORD },
      master,
    );
    expect(now.statusCode).toBe(200);
  });
});
