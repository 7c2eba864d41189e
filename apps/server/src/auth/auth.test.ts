import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { AUTH_MSG } from '@portal/contract/auth';
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CALLERS, callerHeaders } from '../../test/callers.ts';
import {
  createAdmin,
  createTestApp,
  type Headers,
  SIGN_IN_FIELDS,
  TEST_MASTER,
  testConfig,
} from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { SLOW_RULE } from './auth.service.ts';
import { pruneAttempts } from './login-attempts.repository.ts';
import { createSession } from './session.service.ts';
import { signToken } from './tokens.ts';

const ADMIN_PASSWORD = 'Admin#2026x';

describe('auth', async () => {
  const t = await createTestApp();
  let ipCounter = 0;
  /** A distinct client address per test, so the per-IP limit of one test never touches another. */
  const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  const login = (email: string, password: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });
  const call = (path: string, headers: Headers = {}) =>
    t.app.inject({ method: 'POST', url: `/auth/${path}`, headers });
  const bearer = (jwt: string): Headers => ({ authorization: `Bearer ${jwt}` });

  describe('POST /auth/login', () => {
    it('signs the master in and issues a master key that opens master routes', async () => {
      const res = await login(TEST_MASTER.identifier, TEST_MASTER.password, '10.9.9.1');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        admin_id: null,
        login_type: 'master',
        ip_address: '10.9.9.1',
      });
      expect(Object.keys(body).sort()).toEqual([...SIGN_IN_FIELDS, 'master_key'].sort());
      const twelveHours = Math.floor(Date.now() / 1000) + 12 * 3600;
      expect(body.expires_at).toBeGreaterThan(twelveHours - 60);
      expect(body.expires_at).toBeLessThanOrEqual(twelveHours);

      const stats = await t.app.inject({
        method: 'GET',
        url: '/master/registration/api/v1/admin-registration/stats',
        headers: { ...bearer(body.jwt), 'x-master-key': body.master_key },
      });
      expect(stats.statusCode).toBe(200);
    });

    it('signs an active admin in by email, in any letter case', async () => {
      const { admin } = await createAdmin(t, 'active');
      const res = await login(admin.admin_email.toUpperCase(), ADMIN_PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, admin_id: admin.admin_id, login_type: 'admin' });
      expect(body.master_key).toBeUndefined();
      // Beyond SPEC's fields: the admin's name, for the portal's header.
      expect(body.admin_name).toBe(`${admin.admin_first_name} ${admin.admin_last_name}`);
      const row = await t.db
        .selectFrom('sessions')
        .selectAll()
        .where('session_id', '=', body.session_id)
        .executeTakeFirstOrThrow();
      expect(row.admin_id).toBe(admin.admin_id);
      const valid = await call('validate', bearer(body.jwt));
      expect(valid.json().valid).toBe(true);
    });

    it.each([
      ['pending', 'pendiente'],
      ['inactive', 'inactiva'],
      ['suspended', 'suspendida'],
    ] as const)('refuses a %s admin with 403 and the status', async (status, word) => {
      const { admin } = await createAdmin(t, status);
      const res = await login(admin.admin_email, ADMIN_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        error: `Su cuenta está ${word}. Por favor, contacte a un administrador.`,
        message: `Su cuenta está ${word}. Por favor, contacte a un administrador.`,
        status: word,
        access_status: status,
        request_id: expect.any(String),
      });
    });

    it('gives one 401 message whether or not the account exists', async () => {
      const { admin } = await createAdmin(t, 'active');
      const pending = await createAdmin(t, 'pending');
      const answers = [
        await login(admin.admin_email, 'Wrong#Pass1'),
        await login('nobody@portal.test', ADMIN_PASSWORD),
        await login(TEST_MASTER.identifier, 'Wrong#Pass1'),
        await login(pending.admin.admin_email, 'Wrong#Pass1'),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          error: 'Credenciales inválidas',
          message: 'Credenciales inválidas',
          request_id: expect.any(String),
        });
      }
    });

    it('asks for the missing field with the SPEC §5 message', async () => {
      const noEmail = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { password: 'x' } });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().error).toBe('El correo electrónico es requerido');
      const blank = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: '  ', password: 'x' },
      });
      expect(blank.json().error).toBe('El correo electrónico es requerido');
      const noPassword = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'a@b.co', password: '' },
      });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().error).toBe('La contraseña es requerida');
    });
  });

  describe('brute force', () => {
    it('locks an identifier from one address after 5 failures from it in 15 minutes', async () => {
      const { admin } = await createAdmin(t, 'active');
      const ip = nextIp();
      for (let i = 0; i < 5; i++)
        expect((await login(admin.admin_email, 'Wrong#Pass1', ip)).statusCode).toBe(401);
      const locked = await login(admin.admin_email, ADMIN_PASSWORD, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toBe(
        'Demasiados intentos fallidos. Por favor espere 15 minutos e intente nuevamente.',
      );
      expect(locked.json().retry_after_seconds).toBeGreaterThan(14 * 60);
      // Refused attempts are not counted: the lock does not grow while it is being hammered.
      const failures = await t.db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('identifier', '=', admin.admin_email.toLowerCase())
        .executeTakeFirstOrThrow();
      expect(Number(failures.n)).toBe(5);
      // The lock is the attacker's address's, not the account's: the owner still signs in.
      expect((await login(admin.admin_email, ADMIN_PASSWORD)).statusCode).toBe(200);
    });

    it('ends the lock 15 minutes after the fifth failure', async () => {
      const { admin } = await createAdmin(t, 'active');
      const identifier = admin.admin_email.toLowerCase();
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
      const failuresAt = (minutes: number[]) =>
        t.db
          .insertInto('login_attempts')
          .values(
            minutes.map((m) => ({
              identifier,
              ip_address: '10.8.0.1',
              succeeded: false,
              attempted_at: minutesAgo(m),
            })),
          )
          .execute();
      await failuresAt([28, 26, 24, 22, 20]);
      expect((await login(admin.admin_email, ADMIN_PASSWORD, '10.8.0.1')).statusCode).toBe(200);

      const other = await createAdmin(t, 'active');
      const otherId = other.admin.admin_email.toLowerCase();
      await t.db
        .insertInto('login_attempts')
        .values(
          [25, 20, 18, 16, 14].map((m) => ({
            identifier: otherId,
            ip_address: '10.8.0.1',
            succeeded: false,
            attempted_at: minutesAgo(m),
          })),
        )
        .execute();
      expect((await login(other.admin.admin_email, ADMIN_PASSWORD, '10.8.0.1')).statusCode).toBe(429);
    });

    it('does not lock on 5 failures spread wider than 15 minutes', async () => {
      const { admin } = await createAdmin(t, 'active');
      const identifier = admin.admin_email.toLowerCase();
      await t.db
        .insertInto('login_attempts')
        .values(
          [29, 20, 10, 5].map((m) => ({
            identifier,
            ip_address: '10.8.0.2',
            succeeded: false,
            attempted_at: new Date(Date.now() - m * 60_000),
          })),
        )
        .execute();
      // With this one, no 15-minute window holds more than 3 failures.
      expect((await login(admin.admin_email, 'Wrong#Pass1', '10.8.0.2')).statusCode).toBe(401);
      expect((await login(admin.admin_email, ADMIN_PASSWORD, '10.8.0.2')).statusCode).toBe(200);
    });

    it('resets the count after a successful sign-in', async () => {
      const { admin } = await createAdmin(t, 'active');
      const ip = nextIp();
      for (let i = 0; i < 4; i++) await login(admin.admin_email, 'Wrong#Pass1', ip);
      expect((await login(admin.admin_email, ADMIN_PASSWORD, ip)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++)
        expect((await login(admin.admin_email, 'Wrong#Pass1', ip)).statusCode).toBe(401);
      expect((await login(admin.admin_email, ADMIN_PASSWORD, ip)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) await login(admin.admin_email, 'Wrong#Pass1', ip);
      expect((await login(admin.admin_email, ADMIN_PASSWORD, ip)).statusCode).toBe(429);
    });

    it('locks the master identifier from the guessing address only: a stranger cannot lock the master out', async () => {
      const limited = await createTestApp();
      const attempt = (password: string, remoteAddress = '203.0.113.66') =>
        limited.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: TEST_MASTER.identifier, password },
          remoteAddress,
        });
      for (let i = 0; i < 5; i++) expect((await attempt('Wrong#Pass1')).statusCode).toBe(401);
      expect((await attempt(TEST_MASTER.password)).statusCode).toBe(429);
      expect((await attempt(TEST_MASTER.password, '10.1.1.1')).statusCode).toBe(200);
    });

    it('slows guessing from many addresses with a growing delay, never a long lock', async () => {
      const limited = await createTestApp();
      const attempt = (password: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: TEST_MASTER.identifier, password },
          remoteAddress,
        });
      // SLOW_RULE.slowAfter failures, each from its own address: no address is locked.
      for (let i = 1; i <= SLOW_RULE.slowAfter; i++)
        expect((await attempt('Wrong#Pass1', `198.51.100.${i}`)).statusCode).toBe(401);
      // The next attempt, from anywhere, waits 1 s after the last failure.
      const slowed = await attempt(TEST_MASTER.password, '10.1.1.2');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().error).toBe(AUTH_MSG.identifierSlowed);
      expect(slowed.json().retry_after_seconds).toBeLessThanOrEqual(1);
      // Once the wait is over the right password gets in.
      await limited.db
        .updateTable('login_attempts')
        .set({ attempted_at: sql<Date>`attempted_at - interval '2 seconds'` })
        .execute();
      expect((await attempt(TEST_MASTER.password, '10.1.1.2')).statusCode).toBe(200);

      // Each failure past the ceiling doubles the wait, up to a minute.
      const other = await createAdmin(limited, 'active');
      const identifier = other.admin.admin_email.toLowerCase();
      await limited.db
        .insertInto('login_attempts')
        .values(
          Array.from({ length: SLOW_RULE.slowAfter + 10 }, (_, i) => ({
            identifier,
            ip_address: `192.0.2.${i + 1}`,
            succeeded: false,
            attempted_at: new Date(Date.now() - 60_000 + i * 1000),
          })),
        )
        .execute();
      const capped = await limited.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: other.admin.admin_email, password: ADMIN_PASSWORD },
        remoteAddress: '10.1.1.3',
      });
      expect(capped.statusCode).toBe(429);
      expect(capped.json().retry_after_seconds).toBeGreaterThan(SLOW_RULE.maxDelaySeconds - 40);
      expect(capped.json().retry_after_seconds).toBeLessThanOrEqual(SLOW_RULE.maxDelaySeconds);
    });

    it('does not slow the owner at an address they signed in from within 30 days; strangers still wait', async () => {
      const limited = await createTestApp();
      const { admin } = await createAdmin(limited, 'active');
      const attempt = (password: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: admin.admin_email, password },
          remoteAddress,
        });
      expect((await attempt(ADMIN_PASSWORD, '10.9.0.1')).statusCode).toBe(200);
      // The success is 29 days old: still remembered (a sign-in's prune keeps it).
      await limited.db
        .updateTable('login_attempts')
        .set({ attempted_at: sql<Date>`now() - interval '29 days'` })
        .where('succeeded', '=', true)
        .execute();
      // A stranger's guesses from many addresses, far enough past the ceiling to wait a minute.
      await limited.db
        .insertInto('login_attempts')
        .values(
          Array.from({ length: SLOW_RULE.slowAfter + 10 }, (_, i) => ({
            identifier: admin.admin_email.toLowerCase(),
            ip_address: `198.51.101.${i + 1}`,
            succeeded: false,
            attempted_at: new Date(Date.now() - 60_000 + i * 1000),
          })),
        )
        .execute();
      expect((await attempt(ADMIN_PASSWORD, '10.9.0.2')).statusCode).toBe(429);
      const owner = await attempt(ADMIN_PASSWORD, '10.9.0.1');
      expect(owner.statusCode).toBe(200);
      // Past 30 days an address is a stranger's again, and the prune forgets it.
      await limited.db
        .updateTable('login_attempts')
        .set({ attempted_at: sql<Date>`now() - interval '31 days'` })
        .where('succeeded', '=', true)
        .execute();
      expect((await attempt('Wrong#Pass1', '198.51.101.99')).statusCode).toBe(429);
      await pruneAttempts(limited.db, SLOW_RULE.trustedDays);
      const kept = await limited.db.selectFrom('login_attempts').select('succeeded').execute();
      expect(kept.filter((row) => row.succeeded)).toEqual([]);
      expect((await attempt(ADMIN_PASSWORD, '10.9.0.1')).statusCode).toBe(429);
    });

    it('limits failed sign-ins per address (LOGIN_IP_LIMIT)', async () => {
      const limited = await createTestApp({ loginIpLimit: 3 });
      const { admin } = await createAdmin(limited, 'active');
      const attempt = (email: string, password: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email, password },
          remoteAddress,
        });
      for (const n of [1, 2, 3]) {
        expect((await attempt(`guess${n}@portal.test`, 'Wrong#Pass1', '10.7.0.1')).statusCode).toBe(401);
      }
      const blocked = await attempt(admin.admin_email, ADMIN_PASSWORD, '10.7.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe(
        'Demasiados intentos fallidos desde esta dirección. Por favor espere 15 minutos e intente nuevamente.',
      );
      expect((await attempt(admin.admin_email, ADMIN_PASSWORD, '10.7.0.2')).statusCode).toBe(200);
    });

    it('shares the lock between server processes on one database', async () => {
      const second = await buildApp({
        handle: t.handle,
        config: testConfig(),
        secrets: { jwtSecret: t.tokens.secret, masterPasswordHash: await hash(TEST_MASTER.password) },
        mailer: { send: async () => {} },
      });
      await second.ready();
      try {
        const { admin } = await createAdmin(t, 'active');
        const ip = nextIp();
        for (let i = 0; i < 3; i++) await login(admin.admin_email, 'Wrong#Pass1', ip);
        for (let i = 0; i < 2; i++) {
          const res = await second.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { email: admin.admin_email, password: 'Wrong#Pass1' },
            remoteAddress: ip,
          });
          expect(res.statusCode).toBe(401);
        }
        expect((await login(admin.admin_email, ADMIN_PASSWORD, ip)).statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });
  });

  describe('GET /auth/options', () => {
    it('serves the SHA-256 of the master identifier', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/auth/options' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        master_identifier_sha256: createHash('sha256').update('master').digest('hex'),
      });
    });
  });

  describe('sessions', () => {
    it('validates each kind of caller', async () => {
      const callers = await callerHeaders(t);
      const expected: Record<(typeof CALLERS)[number], boolean> = {
        'no token': false,
        forged: false,
        'alg none': false,
        expired: false,
        revoked: false,
        'pending admin': false,
        'active admin': true,
        "admin with someone else's X-Admin-Id": true,
        'master without X-Master-Key': true,
        master: true,
      };
      for (const caller of CALLERS) {
        const res = await call('validate', callers[caller]);
        expect(res.statusCode, caller).toBe(200);
        expect(res.json().valid, caller).toBe(expected[caller]);
      }
    });

    it('accepts the token in the `jwt` header and an empty JSON body', async () => {
      const { session } = await createAdmin(t, 'active');
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/validate',
        headers: { jwt: session.jwt, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().valid).toBe(true);
    });

    it('refreshes an expired JWT while its session lives', async () => {
      const { admin, session } = await createAdmin(t, 'active');
      const expired = await signToken(
        { sub: String(admin.admin_id), sid: session.sessionId, login_type: 'admin' },
        t.tokens.secret,
        -60,
      );
      expect((await call('validate', bearer(expired))).json().valid).toBe(false);
      const res = await call('refresh', bearer(expired));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        admin_id: admin.admin_id,
        session_id: session.sessionId,
        login_type: 'admin',
        expires_at: Math.floor(session.expiresAt.getTime() / 1000),
      });
      expect(typeof body.ip_address).toBe('string');
      expect((await call('validate', bearer(body.jwt))).json().valid).toBe(true);
    });

    it('refreshes a master session', async () => {
      const live = await createSession(t.db, t.tokens, { loginType: 'master', adminId: null });
      const res = await call('refresh', bearer(live.jwt));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ admin_id: null, login_type: 'master', session_id: live.sessionId });
    });

    it.each(
      CALLERS.filter((c) => ['no token', 'forged', 'alg none', 'revoked', 'pending admin'].includes(c)),
    )('refuses to refresh for %s', async (caller) => {
      const callers = await callerHeaders(t);
      const res = await call('refresh', callers[caller]);
      expect(res.statusCode).toBe(401);
      // A session a person ended says so; the rest are just not valid.
      expect(res.json().error).toBe(caller === 'revoked' ? MSG.sessionEndedElsewhere : MSG.unauthorized);
    });

    it('logout revokes the session: it validates false and refreshes to 401', async () => {
      const { session, admin } = await createAdmin(t, 'active');
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: bearer(session.jwt),
        payload: { admin_id: admin.admin_id, session_id: session.sessionId },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      expect((await call('validate', bearer(session.jwt))).json().valid).toBe(false);
      expect((await call('refresh', bearer(session.jwt))).statusCode).toBe(401);
      const row = await t.db
        .selectFrom('sessions')
        .select('revoked_at')
        .where('session_id', '=', session.sessionId)
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).toBeInstanceOf(Date);
    });

    it('logout without a valid token is 401', async () => {
      expect((await call('logout')).statusCode).toBe(401);
      expect((await call('logout', bearer('not.a.token'))).statusCode).toBe(401);
    });

    it('an expired session row validates false and refreshes to 401', async () => {
      const { session } = await createAdmin(t, 'active');
      await t.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('session_id', '=', session.sessionId)
        .execute();
      expect((await call('validate', bearer(session.jwt))).json().valid).toBe(false);
      expect((await call('refresh', bearer(session.jwt))).statusCode).toBe(401);
    });
  });
});
