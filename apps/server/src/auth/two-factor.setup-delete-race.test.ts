// The master deletes an admin while that admin finishes the required 2FA setup at sign-in: the two
// writes lock the admin's row before anything else, so one waits for the other and neither loses
// to a deadlock. Either the setup ends first (its session, then gone with the admin) or the
// deletion does (the setup is refused as no longer valid); nothing of the admin is left.

import { MSG } from '@portal/contract/messages';
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../test/helpers.ts';
import { usePostgres } from '../../test/test-db.ts';
import { rfc6238 } from '../../test/totp-codes.ts';

const ROUNDS = 40;

// PostgreSQL only: the two requests really run at once, each on its own connection.
describe.runIf(usePostgres())('deleting an admin during their 2FA setup at sign-in', async () => {
  const t = await createTestApp();
  let master: Headers;
  let ipCounter = 0;
  const nextIp = () => `10.47.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
  const requireTwoFactor = (on: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/master/two-factor/api/v1/policy',
      payload: { admins_require_2fa: on },
      headers: master,
    });

  beforeAll(async () => {
    master = await masterHeaders(t);
    expect((await requireTwoFactor(true)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await requireTwoFactor(false);
  });

  /** An admin at the setup step of a sign-in: the challenge and the new secret. */
  async function adminAtSetup() {
    const admin = await createAdmin(t);
    const first = await post('/auth/login', { email: admin.admin.admin_email, password: admin.password });
    expect(first.json().requires_2fa_setup).toBe(true);
    const token = first.json().challenge_token as string;
    const setup = await post('/auth/login/2fa/setup', { challenge_token: token });
    expect(setup.statusCode).toBe(200);
    return { adminId: admin.admin.admin_id, token, secret: setup.json().secret as string };
  }

  const leftOf = async (adminId: number) =>
    (
      await sql<{ admins: number; two_factor: number; sessions: number; challenges: number }>`select
        (select count(*)::int from admins where admin_id = ${adminId}) as admins,
        (select count(*)::int from staff_two_factor where owner_admin_id = ${adminId}) as two_factor,
        (select count(*)::int from sessions where admin_id = ${adminId}) as sessions,
        (select count(*)::int from login_challenges where admin_id = ${adminId}) as challenges`.execute(t.db)
    ).rows[0];

  it(`never answers 5xx across ${ROUNDS} real races, and leaves nothing of the admin`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { adminId, token, secret } = await adminAtSetup();
      // The deletion starts a little later each few rounds, so it lands before, during and after.
      const [enabled, deleted] = await Promise.all([
        post('/auth/login/2fa/enable', { challenge_token: token, code: rfc6238(secret, Date.now()) }),
        new Promise((resolve) => setTimeout(resolve, round % 8)).then(() =>
          t.app.inject({
            method: 'DELETE',
            url: `/master/registration/api/v1/admin-registration/${adminId}`,
            headers: master,
          }),
        ),
      ]);
      expect([deleted.statusCode, deleted.json().error]).toEqual([200, undefined]);
      if (enabled.statusCode === 200) {
        expect(enabled.json().recovery_codes).toHaveLength(10);
      } else {
        // Refused as a sign-in step no longer valid, as an account that may no longer sign in, or
        // (deleted between the checks of the step) as a setup that is not there any more.
        expect([
          [401, TWO_FACTOR_MSG.challengeInvalid],
          [401, MSG.loginInvalidCredentials],
          [409, TWO_FACTOR_MSG.setupFirst],
        ]).toContainEqual([enabled.statusCode, enabled.json().error]);
      }
      expect(await leftOf(adminId)).toEqual({ admins: 0, two_factor: 0, sessions: 0, challenges: 0 });
    }
  }, 120_000);
});
