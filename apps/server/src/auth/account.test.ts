// A staff member changes their own password, a password someone else set must be changed, sign-in
// events are rows of the staff audit, and recovery codes are replaced.
import { hash } from '@node-rs/argon2';
import { ACCOUNT_MSG } from '@portal/contract/account';
import { SESSION } from '@portal/contract/limits';
import { MSG } from '@portal/contract/messages';
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
import { rfc6238 } from '../../test/totp-codes.ts';
import { NOT_AN_EMAIL } from './auth.service.ts';
import { settleMasterPassword } from './master-password.ts';

const NEW_PASSWORD = 'Nueva#Clave2030';
const ADMIN_PATH = '/master/registration/api/v1/admin-registration';
const AUDIT_PATH = '/master/staff-audit/api/v1/staff-actions';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

describe('my own account over HTTP', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);
  let ipCounter = 0;
  const nextIp = () => `10.30.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const post = (url: string, payload: object | undefined, headers: Headers = {}, remoteAddress = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'user-agent': BROWSER, ...headers },
      remoteAddress,
    });
  const signIn = (email: string, password: string, remoteAddress = nextIp()) =>
    post('/auth/login', { email, password }, {}, remoteAddress);
  const headersOf = (answer: { jwt: string; admin_id: number | null; master_key?: string }): Headers =>
    answer.master_key
      ? { authorization: `Bearer ${answer.jwt}`, 'x-master-key': answer.master_key }
      : { authorization: `Bearer ${answer.jwt}`, 'x-admin-id': String(answer.admin_id) };
  const valid = async (headers: Headers) =>
    (await t.app.inject({ method: 'POST', url: '/auth/validate', headers })).json().valid as boolean;
  /** The audit rows of an action, newest first, through the master's audit list. */
  const auditRows = async (action: string, staff?: string) => {
    const query = new URLSearchParams({ action, limit: '100', ...(staff ? { staff } : {}) });
    const res = await t.app.inject({ method: 'GET', url: `${AUDIT_PATH}?${query}`, headers: master });
    expect(res.statusCode).toBe(200);
    return res.json().staff_actions as Array<Record<string, unknown>>;
  };

  describe('POST /auth/password', () => {
    it('refuses a wrong current password, a missing one, a weak new one and the same one, word for word', async () => {
      const admin = await createAdmin(t);
      const wrong = await post(
        '/auth/password',
        { current_password: 'Wrong#Pass1', new_password: NEW_PASSWORD },
        admin.headers,
      );
      expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'Current password is incorrect']);
      const missing = await post('/auth/password', { new_password: NEW_PASSWORD }, admin.headers);
      expect([missing.statusCode, missing.json().error]).toEqual([400, 'Current password is required']);
      const weak: Array<[string, string]> = [
        ['Ab#1', 'Password must be at least 8 characters long'],
        ['sinmayuscula#1', 'Password must contain at least one uppercase letter'],
        ['SINMINUSCULA#1', 'Password must contain at least one lowercase letter'],
        ['SinNumero#x', 'Password must contain at least one number'],
        ['SinEspecial1x', 'Password must contain at least one special character'],
      ];
      for (const [password, message] of weak) {
        const res = await post(
          '/auth/password',
          { current_password: admin.password, new_password: password },
          admin.headers,
        );
        expect([res.statusCode, res.json().error], password).toEqual([400, message]);
      }
      const same = await post(
        '/auth/password',
        { current_password: admin.password, new_password: admin.password },
        admin.headers,
      );
      expect([same.statusCode, same.json().error]).toEqual([
        400,
        'The new password must be different from the current one',
      ]);
      // Nothing changed: the old password still signs in.
      expect((await signIn(admin.admin.admin_email, admin.password)).statusCode).toBe(200);
      // The wrong try is in the audit, with who, IP and browser.
      const [failed] = await auditRows('password_change_failed', admin.admin.admin_email);
      expect(failed).toMatchObject({
        actor_role: 'admin',
        actor_admin_id: admin.admin.admin_id,
        user_agent: BROWSER,
        ip_address: expect.stringMatching(/^10\.30\./),
      });
    });

    it('changes an admin password, ends every other session of theirs (the current stays) and audits it', async () => {
      const admin = await createAdmin(t);
      const other1 = headersOf((await signIn(admin.admin.admin_email, admin.password)).json());
      const other2 = headersOf((await signIn(admin.admin.admin_email, admin.password)).json());
      const someoneElse = await createAdmin(t);

      const res = await post(
        '/auth/password',
        { current_password: admin.password, new_password: NEW_PASSWORD },
        admin.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Password changed; your other sessions were ended',
        ended_sessions: 2,
      });
      expect(await valid(admin.headers)).toBe(true);
      expect(await valid(other1)).toBe(false);
      expect(await valid(other2)).toBe(false);
      expect(await valid(someoneElse.headers)).toBe(true);

      const old = await signIn(admin.admin.admin_email, admin.password);
      expect([old.statusCode, old.json().error]).toEqual([401, MSG.loginInvalidCredentials]);
      expect((await signIn(admin.admin.admin_email, NEW_PASSWORD)).statusCode).toBe(200);

      const [row] = await auditRows('password_change', admin.admin.admin_email);
      expect(row).toMatchObject({
        actor_role: 'admin',
        actor_admin_id: admin.admin.admin_id,
        target_admin_id: admin.admin.admin_id,
        details: { ended_count: 2 },
        user_agent: BROWSER,
      });
    });

    it('changes the master password: it overrides the configured one and ends the other master sessions', async () => {
      const first = await signIn(TEST_MASTER.identifier, TEST_MASTER.password);
      expect(first.statusCode).toBe(200);
      const current = headersOf(first.json());
      const other = headersOf((await signIn(TEST_MASTER.identifier, TEST_MASTER.password)).json());

      const wrong = await post(
        '/auth/password',
        { current_password: 'Wrong#Pass1', new_password: NEW_PASSWORD },
        current,
      );
      expect([wrong.statusCode, wrong.json().error]).toEqual([400, ACCOUNT_MSG.currentPasswordIncorrect]);
      const res = await post(
        '/auth/password',
        { current_password: TEST_MASTER.password, new_password: NEW_PASSWORD },
        current,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().ended_sessions).toBeGreaterThanOrEqual(1);
      expect(await valid(current)).toBe(true);
      expect(await valid(other)).toBe(false);
      expect(await valid(master)).toBe(false); // the test's own master session was another one
      const old = await signIn(TEST_MASTER.identifier, TEST_MASTER.password);
      expect(old.statusCode).toBe(401);
      const fresh = await signIn(TEST_MASTER.identifier, NEW_PASSWORD);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).not.toHaveProperty('must_change_password');

      // At start: the same configured password keeps the change; a new MASTER_PASSWORD drops it.
      const configuredHash = await hash(TEST_MASTER.password);
      expect(await settleMasterPassword(t.db, { password: TEST_MASTER.password, hash: configuredHash })).toBe(
        true,
      );
      expect((await signIn(TEST_MASTER.identifier, NEW_PASSWORD)).statusCode).toBe(200);
      expect(
        await settleMasterPassword(t.db, { password: 'Otra#Clave99', hash: await hash('Otra#Clave99') }),
      ).toBe(false);
      expect((await signIn(TEST_MASTER.identifier, NEW_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(TEST_MASTER.identifier, TEST_MASTER.password)).statusCode).toBe(200);
      // The test's master session for the rest of the file.
      Object.assign(master, headersOf((await signIn(TEST_MASTER.identifier, TEST_MASTER.password)).json()));
    });

    it(`40 parallel wrong current passwords from one address: at most ${SESSION.loginFailuresBeforeLock} are checked, the rest 429, and sign-in is locked too`, async () => {
      const admin = await createAdmin(t);
      const ip = '10.31.0.1';
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(
            '/auth/password',
            { current_password: `Wrong#Pass${i}`, new_password: NEW_PASSWORD },
            admin.headers,
            ip,
          ),
        ),
      );
      const checked = answers.filter((res) => res.statusCode === 400);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(checked).toHaveLength(SESSION.loginFailuresBeforeLock);
      expect(refused).toHaveLength(40 - SESSION.loginFailuresBeforeLock);
      for (const res of checked) expect(res.json().error).toBe('Current password is incorrect');
      for (const res of refused) expect(res.json().error).toBe(MSG.loginLocked);
      // Counted like failed sign-ins: the right password at sign-in from that address waits too.
      const locked = await signIn(admin.admin.admin_email, admin.password, ip);
      expect([locked.statusCode, locked.json().error]).toEqual([429, MSG.loginLocked]);
      // And the right current password is refused there as well, so the password is unchanged.
      const right = await post(
        '/auth/password',
        { current_password: admin.password, new_password: NEW_PASSWORD },
        admin.headers,
        ip,
      );
      expect(right.statusCode).toBe(429);
      expect((await signIn(admin.admin.admin_email, admin.password)).statusCode).toBe(200);
      expect(await auditRows('password_change_failed', admin.admin.admin_email)).toHaveLength(
        SESSION.loginFailuresBeforeLock,
      );
    });
  });

  describe('must_change_password', () => {
    async function masterCreatesAdmin(password: string) {
      const email = `nuevo.${Date.now()}.${ipCounter}@portal.test`;
      const res = await post(
        ADMIN_PATH,
        {
          admin_first_name: 'Nora',
          admin_last_name: 'Vega',
          admin_email: email,
          admin_phone: '7875550111',
          admin_password: password,
          access_status: 'active',
        },
        master,
      );
      expect(res.statusCode).toBe(201);
      return { email, adminId: res.json().admin_id as number };
    }

    it('is set for an admin the master created, until they change the password; set again by a reset', async () => {
      const { email, adminId } = await masterCreatesAdmin('Temporal#2026');
      const first = await signIn(email, 'Temporal#2026');
      expect(first.statusCode).toBe(200);
      expect(Object.keys(first.json()).sort()).toEqual(
        [...SIGN_IN_FIELDS, 'admin_name', 'must_change_password'].sort(),
      );
      expect(first.json().must_change_password).toBe(true);
      const headers = headersOf(first.json());

      // The API keeps working for them (existing clients).
      const list = await t.app.inject({
        method: 'GET',
        url: '/admin/business-data/api/v1/business-data?limit=1',
        headers,
      });
      expect(list.statusCode).toBe(200);
      // Refresh says so too.
      const refreshed = await post('/auth/refresh', undefined, headers);
      expect(refreshed.json().must_change_password).toBe(true);

      const changed = await post(
        '/auth/password',
        { current_password: 'Temporal#2026', new_password: NEW_PASSWORD },
        headers,
      );
      expect(changed.statusCode).toBe(200);
      const after = await signIn(email, NEW_PASSWORD);
      expect(Object.keys(after.json()).sort()).toEqual([...SIGN_IN_FIELDS, 'admin_name'].sort());
      expect((await post('/auth/refresh', undefined, headersOf(after.json()))).json()).not.toHaveProperty(
        'must_change_password',
      );

      const reset = await post(
        `${ADMIN_PATH}/${adminId}/reset-password`,
        { new_password: 'Reinicio#2027' },
        master,
      );
      expect(reset.statusCode).toBe(200);
      const again = await signIn(email, 'Reinicio#2027');
      expect(again.json().must_change_password).toBe(true);
    });

    it('is on the answer of the 2FA step as well', async () => {
      const { email } = await masterCreatesAdmin('Temporal#2026');
      const headers = headersOf((await signIn(email, 'Temporal#2026')).json());
      const setup = await post('/auth/2fa/setup', undefined, headers);
      const { secret } = setup.json();
      expect(
        (
          await post(
            '/auth/2fa/enable',
            { code: rfc6238(secret, Date.now()), current_password: 'Temporal#2026' },
            headers,
          )
        ).statusCode,
      ).toBe(200);
      await sql`update staff_two_factor set last_used_step = null`.execute(t.db);
      const step = await signIn(email, 'Temporal#2026');
      expect(step.json().requires_2fa).toBe(true);
      const second = await post('/auth/login/2fa', {
        challenge_token: step.json().challenge_token,
        code: rfc6238(secret, Date.now()),
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().must_change_password).toBe(true);
    });

    it('is never set for admins who chose their own password, nor for the master', async () => {
      const admin = await createAdmin(t);
      expect((await signIn(admin.admin.admin_email, admin.password)).json()).not.toHaveProperty(
        'must_change_password',
      );
      expect((await signIn(TEST_MASTER.identifier, TEST_MASTER.password)).json()).not.toHaveProperty(
        'must_change_password',
      );
    });
  });

  describe('sign-in events in the staff audit', () => {
    it('records sign-ins, failed sign-ins, wrong codes and recovery codes used, with who, IP and browser', async () => {
      const admin = await createAdmin(t);
      const email = admin.admin.admin_email;
      const ok = await signIn(email, admin.password, '10.32.0.1');
      const [signInRow] = await auditRows('sign_in', email);
      expect(signInRow).toMatchObject({
        actor_role: 'admin',
        actor_admin_id: admin.admin.admin_id,
        actor_identifier: email,
        ip_address: '10.32.0.1',
        user_agent: BROWSER,
        details: { session_id: ok.json().session_id },
      });

      await signIn(email, 'Wrong#Pass1', '10.32.0.2');
      const [wrongRow] = await auditRows('sign_in_failed', email);
      expect(wrongRow).toMatchObject({
        actor_role: 'admin',
        actor_admin_id: admin.admin.admin_id,
        ip_address: '10.32.0.2',
        user_agent: BROWSER,
        details: { reason: 'wrong_password' },
      });

      const stranger = `nadie.${Date.now()}@portal.test`;
      const unknown = await signIn(stranger, 'Wrong#Pass1', '10.32.0.3');
      expect(unknown.statusCode).toBe(401);
      const [unknownRow] = await auditRows('sign_in_failed', stranger);
      expect(unknownRow).toMatchObject({
        actor_role: 'unknown',
        actor_admin_id: null,
        actor_identifier: stranger,
        details: { reason: 'unknown_account' },
      });

      // A password typed into the identifier field is not kept in the master's audit.
      await signIn('Secreta#2026mía', 'Wrong#Pass1', '10.32.0.3');
      const [typo] = await auditRows('sign_in_failed', NOT_AN_EMAIL);
      expect(typo).toMatchObject({ actor_role: 'unknown', details: { reason: 'unknown_account' } });
      const kept = await t.db
        .selectFrom('staff_actions')
        .select('actor_identifier')
        .where('actor_identifier', 'ilike', '%secreta%')
        .execute();
      expect(kept).toEqual([]);

      const suspended = await createAdmin(t, 'suspended');
      await signIn(suspended.admin.admin_email, suspended.password);
      const [notActive] = await auditRows('sign_in_failed', suspended.admin.admin_email);
      expect(notActive?.details).toEqual({ reason: 'account_not_active', access_status: 'suspended' });

      const setup = await post('/auth/2fa/setup', undefined, admin.headers);
      const { secret } = setup.json();
      const enabled = await post(
        '/auth/2fa/enable',
        { code: rfc6238(secret, Date.now()), current_password: admin.password },
        admin.headers,
      );
      const codes: string[] = enabled.json().recovery_codes;
      const step = await signIn(email, admin.password);
      const wrongCode = await post('/auth/login/2fa', {
        challenge_token: step.json().challenge_token,
        code: '000000',
      });
      expect(wrongCode.statusCode).toBe(401);
      const [codeRow] = await auditRows('two_factor_failed', email);
      expect(codeRow).toMatchObject({ actor_admin_id: admin.admin.admin_id, details: { during: 'sign_in' } });

      const withRecovery = await post('/auth/login/2fa', {
        challenge_token: step.json().challenge_token,
        code: codes[0],
      });
      expect(withRecovery.statusCode).toBe(200);
      const [recoveryRow] = await auditRows('recovery_code_used', email);
      expect(recoveryRow).toMatchObject({ details: { during: 'sign_in', recovery_codes_left: 9 } });
      const [latest] = await auditRows('sign_in', email);
      expect(latest?.details).toEqual({
        session_id: withRecovery.json().session_id,
        second_factor: 'recovery_code',
      });

      // The audit list filters by the new actions like any other.
      const all = await auditRows('sign_in');
      expect(all.every((row) => row.action === 'sign_in')).toBe(true);
    });
  });

  describe('POST /auth/2fa/recovery-codes', () => {
    async function withTwoFactor() {
      const admin = await createAdmin(t);
      const { secret } = (await post('/auth/2fa/setup', undefined, admin.headers)).json();
      const enabled = await post(
        '/auth/2fa/enable',
        { code: rfc6238(secret, Date.now()), current_password: admin.password },
        admin.headers,
      );
      await sql`update staff_two_factor set last_used_step = null`.execute(t.db);
      return { admin, secret: secret as string, codes: enabled.json().recovery_codes as string[] };
    }

    it('replaces the codes after a current code: the old ones stop working, the new ones work', async () => {
      const { admin, secret, codes } = await withTwoFactor();
      const res = await post(
        '/auth/2fa/recovery-codes',
        { code: rfc6238(secret, Date.now()) },
        admin.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('New recovery codes generated; the previous ones no longer work');
      const fresh: string[] = res.json().recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh.some((code) => codes.includes(code))).toBe(false);

      const step = await signIn(admin.admin.admin_email, admin.password);
      const old = await post('/auth/login/2fa', {
        challenge_token: step.json().challenge_token,
        code: codes[1],
      });
      expect([old.statusCode, old.json().error]).toEqual([401, TWO_FACTOR_MSG.invalidCode]);
      const next = await post('/auth/login/2fa', {
        challenge_token: step.json().challenge_token,
        code: fresh[1],
      });
      expect(next.statusCode).toBe(200);
      const [row] = await auditRows('recovery_codes_regenerate', admin.admin.admin_email);
      expect(row).toMatchObject({ actor_admin_id: admin.admin.admin_id, details: { proof: 'totp' } });
    });

    it('takes the password instead, refuses wrong proofs word for word, and a recovery code as the proof', async () => {
      const { admin, codes } = await withTwoFactor();
      const none = await post('/auth/2fa/recovery-codes', {}, admin.headers);
      expect([none.statusCode, none.json().error]).toEqual([
        400,
        'Enter a current two-factor code or your password',
      ]);
      const both = await post(
        '/auth/2fa/recovery-codes',
        { code: '123456', password: admin.password },
        admin.headers,
      );
      expect([both.statusCode, both.json().error]).toEqual([
        400,
        'Enter a current two-factor code or your password',
      ]);
      const wrongCode = await post('/auth/2fa/recovery-codes', { code: '000000' }, admin.headers);
      expect([wrongCode.statusCode, wrongCode.json().error]).toEqual([401, 'Invalid two-factor code']);
      const recovery = await post('/auth/2fa/recovery-codes', { code: codes[0] }, admin.headers);
      expect([recovery.statusCode, recovery.json().error]).toEqual([401, 'Invalid two-factor code']);
      const wrongPassword = await post(
        '/auth/2fa/recovery-codes',
        { password: 'Wrong#Pass1' },
        admin.headers,
      );
      expect([wrongPassword.statusCode, wrongPassword.json().error]).toEqual([
        400,
        'Current password is incorrect',
      ]);
      expect(await auditRows('recovery_codes_regenerate_failed', admin.admin.admin_email)).toHaveLength(1);
      expect(await auditRows('two_factor_failed', admin.admin.admin_email)).toHaveLength(2);

      const res = await post('/auth/2fa/recovery-codes', { password: admin.password }, admin.headers);
      expect(res.statusCode).toBe(200);
      const [row] = await auditRows('recovery_codes_regenerate', admin.admin.admin_email);
      expect(row?.details).toEqual({ proof: 'password' });
    });

    it('answers 409 when the second factor is off', async () => {
      const admin = await createAdmin(t);
      const res = await post('/auth/2fa/recovery-codes', { password: admin.password }, admin.headers);
      expect([res.statusCode, res.json().error]).toEqual([409, 'Two-factor authentication is not enabled']);
    });
  });
});
