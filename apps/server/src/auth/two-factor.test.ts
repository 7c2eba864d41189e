// The second factor. Codes are computed with test/totp-codes.ts (not the server's library), for a
// time the test passes in.
import { hash } from '@node-rs/argon2';
import { TWO_FACTOR_MSG } from '@portal/contract/two-factor';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createTestApp,
  type Headers,
  masterHeaders,
  SIGN_IN_FIELDS,
  TEST_MASTER,
} from '../../test/helpers.ts';
import { NEW_PASSWORD, passwordChanges } from '../../test/password-changes.ts';
import { usePostgres } from '../../test/test-db.ts';
import { rfc6238 } from '../../test/totp-codes.ts';
import { verifyTotp } from './totp.ts';
import { lockPolicy, writeRequireAdmins } from './two-factor.repository.ts';

describe('verifyTotp (time passed in)', () => {
  // RFC 6238 appendix B: the ASCII secret '12345678901234567890', T = 59 s → 94287082 (8 digits).
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('accepts the RFC 6238 test vector and the steps either side, nothing further', () => {
    expect(rfc6238(RFC_SECRET, 59_000)).toBe('287082');
    expect(verifyTotp(RFC_SECRET, '287082', 59_000)).toBe(1);
    expect(verifyTotp(RFC_SECRET, '287082', 59_000 + 30_000)).toBe(1); // clock drift: one step late
    expect(verifyTotp(RFC_SECRET, '287082', 59_000 - 30_000)).toBe(1); // one step early
    expect(verifyTotp(RFC_SECRET, '287082', 59_000 + 61_000)).toBeNull();
    expect(verifyTotp(RFC_SECRET, '287083', 59_000)).toBeNull();
    expect(verifyTotp(RFC_SECRET, 'abcdef', 59_000)).toBeNull();
  });

  it('refuses a code whose step was already used (no replay)', () => {
    expect(verifyTotp(RFC_SECRET, '287082', 59_000, 0)).toBe(1);
    expect(verifyTotp(RFC_SECRET, '287082', 59_000, 1)).toBeNull();
    const later = rfc6238(RFC_SECRET, 1_111_111_109_000);
    expect(verifyTotp(RFC_SECRET, later, 1_111_111_109_000, 1)).toBe(Math.floor(1_111_111_109 / 30));
  });
});

describe('2FA over HTTP', async () => {
  const t = await createTestApp();
  let ipCounter = 0;
  const nextIp = () => `10.25.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const post = (url: string, payload?: object, headers: Headers = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const now = () => Date.now();
  /** Lets the next code of the current step be accepted (the replay rule is tested on its own). */
  const forgetLastStep = () => sql`update staff_two_factor set last_used_step = null`.execute(t.db);

  async function enableFor(headers: Headers, password: string) {
    const setup = await post('/auth/2fa/setup', undefined, headers);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(otpauth_url).toContain('algorithm=SHA1');
    expect(otpauth_url).toContain('digits=6');
    expect(otpauth_url).toContain('period=30');
    expect(qr_svg).toMatch(/^<svg/);
    const enabled = await post(
      '/auth/2fa/enable',
      { code: rfc6238(secret, now()), current_password: password },
      headers,
    );
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    await forgetLastStep();
    return { secret, codes };
  }

  const passwordStep = async (email: string, password: string, ip = nextIp()) => {
    const res = await post('/auth/login', { email, password }, {}, ip);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('turns 2FA on for an admin: sign-in asks for a code, then answers as /auth/login', async () => {
    const admin = await createAdmin(t);
    // Not active until enabled: a setup alone changes nothing at sign-in.
    const pending = await post('/auth/2fa/setup', undefined, admin.headers);
    expect(pending.statusCode).toBe(200);
    expect((await passwordStep(admin.admin.admin_email, admin.password)).jwt).toBeDefined();
    const wrong = await post(
      '/auth/2fa/enable',
      { code: '000000', current_password: admin.password },
      admin.headers,
    );
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, TWO_FACTOR_MSG.invalidCode]);

    const { secret } = await enableFor(admin.headers, admin.password);
    const again = await post('/auth/2fa/setup', undefined, admin.headers);
    expect([again.statusCode, again.json().message]).toEqual([409, TWO_FACTOR_MSG.alreadyEnabled]);

    const first = await passwordStep(admin.admin.admin_email, admin.password);
    expect(first).toMatchObject({ success: true, requires_2fa: true });
    expect(first.challenge_token).toEqual(expect.any(String));
    expect(first).not.toHaveProperty('jwt');
    expect(first).not.toHaveProperty('session_id');
    const sessions = await t.db
      .selectFrom('sessions')
      .select('session_id')
      .where('admin_id', '=', admin.admin.admin_id)
      .execute();
    expect(sessions).toHaveLength(2); // createAdmin's and the one before 2FA: none for the challenge

    const second = await post('/auth/login/2fa', {
      challenge_token: first.challenge_token,
      code: rfc6238(secret, now()),
    });
    expect(second.statusCode).toBe(200);
    expect(Object.keys(second.json()).sort()).toEqual([...SIGN_IN_FIELDS, 'admin_name'].sort());
    expect(second.json()).toMatchObject({ admin_id: admin.admin.admin_id, login_type: 'admin' });
    const status = await t.app.inject({
      method: 'GET',
      url: '/auth/2fa',
      headers: { authorization: `Bearer ${second.json().jwt}`, 'x-admin-id': String(admin.admin.admin_id) },
    });
    expect(status.json()).toEqual({ success: true, enabled: true, required: false, recovery_codes_left: 10 });
    // The challenge is spent.
    const reused = await post('/auth/login/2fa', {
      challenge_token: first.challenge_token,
      code: rfc6238(secret, now()),
    });
    expect([reused.statusCode, reused.json().message]).toEqual([401, TWO_FACTOR_MSG.challengeInvalid]);
  });

  it('accepts a code once (no replay), and each recovery code once', async () => {
    const admin = await createAdmin(t);
    const { secret, codes } = await enableFor(admin.headers, admin.password);
    const code = rfc6238(secret, now());
    const a = await passwordStep(admin.admin.admin_email, admin.password);
    expect((await post('/auth/login/2fa', { challenge_token: a.challenge_token, code })).statusCode).toBe(
      200,
    );
    const b = await passwordStep(admin.admin.admin_email, admin.password);
    const replay = await post('/auth/login/2fa', { challenge_token: b.challenge_token, code });
    expect([replay.statusCode, replay.json().message]).toEqual([401, TWO_FACTOR_MSG.invalidCode]);

    const recovery = codes[3]?.toLowerCase().replace('-', ' ');
    const withRecovery = await post('/auth/login/2fa', {
      challenge_token: b.challenge_token,
      code: recovery,
    });
    expect(withRecovery.statusCode).toBe(200);
    const c = await passwordStep(admin.admin.admin_email, admin.password);
    const twice = await post('/auth/login/2fa', { challenge_token: c.challenge_token, code: codes[3] });
    // A spent recovery code says so, unlike one that was never the account's.
    expect([twice.statusCode, twice.json().message]).toEqual([401, TWO_FACTOR_MSG.recoveryCodeSpent]);
    const made = await post('/auth/login/2fa', { challenge_token: c.challenge_token, code: 'ZZZZZ-ZZZZZ' });
    expect([made.statusCode, made.json().message]).toEqual([401, TWO_FACTOR_MSG.invalidCode]);
    const left = await t.db
      .selectFrom('staff_two_factor_recovery_codes')
      .select(['code_hash', 'used_at'])
      .execute();
    expect(left.some((row) => codes.some((c) => row.code_hash.includes(c)))).toBe(false); // stored hashed
  });

  it('keeps the secret sealed at rest and never answers it after setup', async () => {
    const admin = await createAdmin(t);
    const { secret } = await enableFor(admin.headers, admin.password);
    const rows = await sql<{
      secret_encrypted: string;
    }>`select secret_encrypted from staff_two_factor`.execute(t.db);
    for (const row of rows.rows) {
      expect(row.secret_encrypted).not.toContain(secret);
      expect(Buffer.from(row.secret_encrypted.split('.').at(-1) ?? '', 'base64url').toString()).not.toContain(
        secret,
      );
    }
    const status = await t.app.inject({ method: 'GET', url: '/auth/2fa', headers: admin.headers });
    expect(status.body).not.toContain(secret);
  });

  it('a challenge lives 5 minutes and allows 5 codes', async () => {
    const admin = await createAdmin(t);
    const { secret } = await enableFor(admin.headers, admin.password);
    const expired = await passwordStep(admin.admin.admin_email, admin.password);
    await sql`update login_challenges set expires_at = now() - interval '1 second'`.execute(t.db);
    const late = await post('/auth/login/2fa', {
      challenge_token: expired.challenge_token,
      code: rfc6238(secret, now()),
    });
    expect([late.statusCode, late.json().message]).toEqual([401, TWO_FACTOR_MSG.challengeInvalid]);

    const first = await passwordStep(admin.admin.admin_email, admin.password);
    const row = await sql<{ seconds: number }>`
      select extract(epoch from expires_at - created_at)::int as seconds from login_challenges
      order by created_at desc limit 1`.execute(t.db);
    expect(row.rows[0]?.seconds).toBe(300);
    for (let i = 0; i < 5; i++) {
      const res = await post('/auth/login/2fa', { challenge_token: first.challenge_token, code: '000000' });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await post('/auth/login/2fa', {
      challenge_token: first.challenge_token,
      code: rfc6238(secret, now()),
    });
    expect([sixth.statusCode, sixth.json().message]).toEqual([401, TWO_FACTOR_MSG.challengeInvalid]);
  });

  it('40 parallel wrong codes on one challenge spend at most 5 tries', async () => {
    const admin = await createAdmin(t);
    const { secret } = await enableFor(admin.headers, admin.password);
    const first = await passwordStep(admin.admin.admin_email, admin.password);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/auth/login/2fa', { challenge_token: first.challenge_token, code: String(100000 + i) }),
      ),
    );
    const checked = answers.filter((res) => res.json().message === TWO_FACTOR_MSG.invalidCode);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    const tries = await sql<{
      tries: number;
    }>`select tries from login_challenges order by created_at desc limit 1`.execute(t.db);
    expect(tries.rows[0]?.tries).toBeLessThanOrEqual(5);
    const right = await post('/auth/login/2fa', {
      challenge_token: first.challenge_token,
      code: rfc6238(secret, now()),
    });
    expect(right.statusCode).not.toBe(200);
  });

  it('wrong codes count toward the sign-in lockout like wrong passwords', async () => {
    const admin = await createAdmin(t);
    await enableFor(admin.headers, admin.password);
    const ip = nextIp();
    for (let round = 0; round < 2; round++) {
      const step = await passwordStep(admin.admin.admin_email, admin.password, ip);
      for (let i = 0; i < (round === 0 ? 3 : 2); i++) {
        const res = await post(
          '/auth/login/2fa',
          { challenge_token: step.challenge_token, code: '000000' },
          {},
          ip,
        );
        expect(res.statusCode).toBe(401);
      }
    }
    const locked = await post(
      '/auth/login',
      { email: admin.admin.admin_email, password: admin.password },
      {},
      ip,
    );
    expect(locked.statusCode).toBe(429);
    // Another address is not locked: the owner still signs in from elsewhere.
    expect((await passwordStep(admin.admin.admin_email, admin.password)).requires_2fa).toBe(true);
  });

  it('the master turns 2FA on too; the second step answers the master key', async () => {
    const master = await masterHeaders(t);
    const { secret, codes } = await enableFor(master, TEST_MASTER.password);
    const first = await passwordStep(TEST_MASTER.identifier, TEST_MASTER.password);
    expect(first.requires_2fa).toBe(true);
    const second = await post('/auth/login/2fa', {
      challenge_token: first.challenge_token,
      code: rfc6238(secret, now()),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      login_type: 'master',
      admin_id: null,
      master_key: expect.any(String),
    });
    const disabled = await post('/auth/2fa/disable', { code: codes[0] }, master);
    expect(disabled.statusCode).toBe(200);
    expect((await passwordStep(TEST_MASTER.identifier, TEST_MASTER.password)).jwt).toBeDefined();
  });

  it('the master requires 2FA for admins: logged, and an admin without it is led through setup', async () => {
    const master = await masterHeaders(t);
    const admin = await createAdmin(t);
    const policy = (payload: object, headers = master) =>
      t.app.inject({ method: 'PUT', url: '/master/two-factor/api/v1/policy', payload, headers });
    expect((await policy({ admins_require_2fa: true }, admin.headers)).statusCode).toBe(403);
    expect((await policy({ admins_require_2fa: 'yes' })).statusCode).toBe(400);
    // An admin who has the second factor keeps the session; one without it is signed out.
    const withTwoFactor = await createAdmin(t);
    await enableFor(withTwoFactor.headers, withTwoFactor.password);
    const reads = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/admin/business-data/api/v1/business-data?limit=1', headers });
    expect((await reads(admin.headers)).statusCode).toBe(200);
    // Before: the policy counts the admins requiring it would sign out (the one with 2FA is not).
    const read = () =>
      t.app.inject({ method: 'GET', url: '/master/two-factor/api/v1/policy', headers: master });
    const signedInWithout = (await read()).json().admins_signed_in_without_2fa;
    expect(signedInWithout).toBeGreaterThanOrEqual(1);
    const on = await policy({ admins_require_2fa: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ admins_require_2fa: true, updated_by: 'Master' });
    expect(on.json().admins_signed_out).toBe(signedInWithout);
    expect((await read()).json().admins_signed_in_without_2fa).toBe(0);
    expect((await reads(admin.headers)).statusCode).toBe(401);
    expect((await reads(withTwoFactor.headers)).statusCode).toBe(200);
    expect((await policy({ admins_require_2fa: true })).json().admins_signed_out).toBe(0);
    const audit = await sql<{ action: string; details: unknown }>`
      select action, details from staff_actions where action = 'two_factor_policy'`.execute(t.db);
    expect(audit.rows).toEqual([
      {
        action: 'two_factor_policy',
        details: {
          admins_require_2fa: { from: false, to: true },
          admins_signed_out: on.json().admins_signed_out,
        },
      },
    ]);

    const first = await passwordStep(admin.admin.admin_email, admin.password);
    expect(first).toMatchObject({ success: true, requires_2fa_setup: true });
    expect(first).not.toHaveProperty('jwt');
    // A setup challenge is not a sign-in code challenge, and opens nothing else.
    const asCode = await post('/auth/login/2fa', { challenge_token: first.challenge_token, code: '123456' });
    expect(asCode.statusCode).toBe(401);
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/auth/2fa',
      headers: {
        authorization: `Bearer ${first.challenge_token}`,
        'x-admin-id': String(admin.admin.admin_id),
      },
    });
    expect(asBearer.statusCode).toBe(401);

    const setup = await post('/auth/login/2fa/setup', { challenge_token: first.challenge_token });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const done = await post('/auth/login/2fa/enable', {
      challenge_token: first.challenge_token,
      code: rfc6238(secret, now()),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      login_type: 'admin',
      admin_id: admin.admin.admin_id,
      jwt: expect.any(String),
    });
    expect(done.json().recovery_codes).toHaveLength(10);

    const headers = {
      authorization: `Bearer ${done.json().jwt}`,
      'x-admin-id': String(admin.admin.admin_id),
    };
    const status = await t.app.inject({ method: 'GET', url: '/auth/2fa', headers });
    expect(status.json()).toMatchObject({ enabled: true, required: true });
    const off = await post('/auth/2fa/disable', { code: done.json().recovery_codes[0] }, headers);
    expect([off.statusCode, off.json().message]).toEqual([409, TWO_FACTOR_MSG.requiredForAdmins]);
    // With 2FA on, the next sign-in asks for a code.
    expect((await passwordStep(admin.admin.admin_email, admin.password)).requires_2fa).toBe(true);
    // The master is never forced.
    expect((await passwordStep(TEST_MASTER.identifier, TEST_MASTER.password)).jwt).toBeDefined();
    await policy({ admins_require_2fa: false });
  });

  // PostgreSQL only: the sign-in and the change need two connections.
  it.runIf(usePostgres())(
    'a sign-in whose password passed before 2FA was required gets the setup challenge, not a session',
    async () => {
      const admin = await createAdmin(t);
      const openSessions = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from sessions
            where admin_id = ${admin.admin.admin_id} and revoked_at is null`.execute(t.db)
        ).rows[0]?.n;
      const before = await openSessions();
      let release = () => {};
      let changing = () => {};
      const changed = new Promise<void>((resolve) => {
        changing = resolve;
      });
      // The master's change, held open after it wrote the policy (as PUT …/policy does, in its order).
      const change = t.db.transaction().execute(async (trx) => {
        await lockPolicy(trx, 'change');
        await writeRequireAdmins(trx, true, 'Master');
        changing();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await changed;
      try {
        // Its password is checked against the policy as committed (not required), then it waits.
        const signIn = post('/auth/login', { email: admin.admin.admin_email, password: admin.password });
        await expect
          .poll(
            async () =>
              (
                await sql<{ n: number }>`select count(*)::int as n from pg_locks
                  where not granted and locktype = 'advisory'`.execute(t.db)
              ).rows[0]?.n,
            { timeout: 20_000 },
          )
          .toBe(1);
        release();
        await change;
        const answer = await signIn;
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ requires_2fa_setup: true });
        expect(answer.json()).not.toHaveProperty('jwt');
        expect(await openSessions()).toBe(before);
      } finally {
        release();
        await change.catch(() => {});
        await writeRequireAdmins(t.db, false, 'Master');
      }
    },
  );

  it('disable needs a right code; wrong ones are refused', async () => {
    const admin = await createAdmin(t);
    const { secret } = await enableFor(admin.headers, admin.password);
    const wrong = await post('/auth/2fa/disable', { code: '999999' }, admin.headers);
    expect(wrong.statusCode).toBe(401);
    const empty = await post('/auth/2fa/disable', { code: '' }, admin.headers);
    expect([empty.statusCode, empty.json().message]).toEqual([400, TWO_FACTOR_MSG.codeRequired]);
    const off = await post('/auth/2fa/disable', { code: rfc6238(secret, now()) }, admin.headers);
    expect(off.statusCode).toBe(200);
    expect((await passwordStep(admin.admin.admin_email, admin.password)).jwt).toBeDefined();
  });

  it('wrong codes at disable count toward the lockout; a refusal for 2FA being off does not', async () => {
    const admin = await createAdmin(t);
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      const res = await post('/auth/2fa/disable', { code: '123456' }, admin.headers, ip);
      expect([res.statusCode, res.json().message]).toEqual([409, TWO_FACTOR_MSG.notEnabled]);
    }
    await enableFor(admin.headers, admin.password);
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/2fa/disable', { code: '000000' }, admin.headers, ip)).statusCode).toBe(401);
    }
    expect((await post('/auth/2fa/disable', { code: '000000' }, admin.headers, ip)).statusCode).toBe(429);
  });

  describe('a challenge holds only while the password that opened it does', () => {
    const sessionCount = async (adminId: number | null) => {
      const row = await sql<{ n: number }>`
        select count(*)::int as n from sessions
        where ${adminId === null ? sql`login_type = 'master'` : sql`admin_id = ${adminId}`}`.execute(t.db);
      return row.rows[0]?.n;
    };
    const openChallenges = async (adminId: number) => {
      const row = await sql<{ n: number }>`
        select count(*)::int as n from login_challenges where admin_id = ${adminId} and used_at is null`.execute(
        t.db,
      );
      return row.rows[0]?.n;
    };
    const expectVoid = (res: { statusCode: number; json: () => { message: string } }) =>
      expect([res.statusCode, res.json().message]).toEqual([401, TWO_FACTOR_MSG.challengeInvalid]);
    const policy = async (on: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/master/two-factor/api/v1/policy',
        payload: { admins_require_2fa: on },
        headers: await masterHeaders(t),
      });
      expect(res.statusCode).toBe(200);
    };

    const changes = passwordChanges(t);

    it.each(changes)('setup: %s voids it; no setup, no 2FA, no session', async (_, change) => {
      await policy(true);
      try {
        const admin = await createAdmin(t);
        const [forSetup, forEnable] = [
          await passwordStep(admin.admin.admin_email, admin.password),
          await passwordStep(admin.admin.admin_email, admin.password),
        ];
        expect(forSetup.requires_2fa_setup).toBe(true);
        const started = await post('/auth/login/2fa/setup', { challenge_token: forEnable.challenge_token });
        expect(started.statusCode).toBe(200);
        const sessions = await sessionCount(admin.admin.admin_id);

        expect((await change(admin)).statusCode).toBe(200);
        expect(await openChallenges(admin.admin.admin_id)).toBe(0);

        expectVoid(await post('/auth/login/2fa/setup', { challenge_token: forSetup.challenge_token }));
        expectVoid(
          await post('/auth/login/2fa/enable', {
            challenge_token: forEnable.challenge_token,
            code: rfc6238(started.json().secret, now()),
          }),
        );
        expect(await sessionCount(admin.admin.admin_id)).toBe(sessions);
        const twoFactor = await sql<{ enabled_at: Date | null }>`
          select enabled_at from staff_two_factor where owner_admin_id = ${admin.admin.admin_id}`.execute(
          t.db,
        );
        expect(twoFactor.rows.every((row) => row.enabled_at === null)).toBe(true);
      } finally {
        await policy(false);
      }
    });

    it.each(changes)('verify: %s voids it, even with a right code', async (_, change) => {
      const admin = await createAdmin(t);
      const { secret } = await enableFor(admin.headers, admin.password);
      const first = await passwordStep(admin.admin.admin_email, admin.password);
      expect(first.requires_2fa).toBe(true);
      const sessions = await sessionCount(admin.admin.admin_id);
      expect((await change(admin)).statusCode).toBe(200);
      expectVoid(
        await post('/auth/login/2fa', {
          challenge_token: first.challenge_token,
          code: rfc6238(secret, now()),
        }),
      );
      expect(await sessionCount(admin.admin.admin_id)).toBe(sessions);
    });

    it('is void once the password is no longer the one it was opened with, whatever changed it', async () => {
      const admin = await createAdmin(t);
      const { secret } = await enableFor(admin.headers, admin.password);
      const first = await passwordStep(admin.admin.admin_email, admin.password);
      // Not through the service: the challenge row is still there, only the password differs.
      await sql`update admins set admin_password_hash = ${await hash(NEW_PASSWORD)}
        where admin_id = ${admin.admin.admin_id}`.execute(t.db);
      expect(await openChallenges(admin.admin.admin_id)).toBe(1);
      const code = { challenge_token: first.challenge_token, code: rfc6238(secret, now()) };
      expectVoid(await post('/auth/login/2fa', code));
      // Nor does a token whose mark was cut off or swapped for another's.
      const other = await passwordStep(admin.admin.admin_email, NEW_PASSWORD);
      const forged = `${first.challenge_token.split('.')[0]}.${other.challenge_token.split('.')[1]}`;
      expectVoid(await post('/auth/login/2fa', { ...code, challenge_token: forged }));
      expectVoid(
        await post('/auth/login/2fa', { ...code, challenge_token: first.challenge_token.split('.')[0] }),
      );
      expect(
        (await post('/auth/login/2fa', { ...code, challenge_token: other.challenge_token })).statusCode,
      ).toBe(200);
    });

    it("the master's own password change voids the master's challenges", async () => {
      const master = await masterHeaders(t);
      const { secret } = await enableFor(master, TEST_MASTER.password);
      try {
        const first = await passwordStep(TEST_MASTER.identifier, TEST_MASTER.password);
        expect(first.requires_2fa).toBe(true);
        const sessions = await sessionCount(null);
        const changed = await post(
          '/auth/password',
          { current_password: TEST_MASTER.password, new_password: NEW_PASSWORD },
          master,
        );
        expect(changed.statusCode).toBe(200);
        expectVoid(
          await post('/auth/login/2fa', {
            challenge_token: first.challenge_token,
            code: rfc6238(secret, now()),
          }),
        );
        expect(await sessionCount(null)).toBe(sessions);
      } finally {
        await sql`delete from master_password`.execute(t.db);
        await sql`delete from staff_two_factor where owner_kind = 'master'`.execute(t.db);
      }
    });
  });
});
