// Turning one's own 2FA on or off and its staff audit row are one write: when the audit row cannot
// be written, the answer is an error and the second factor is as it was (never on without the
// recovery codes having been answered, never off while the person is told it failed).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, type Headers, masterHeaders } from '../../test/helpers.ts';
import { rfc6238 } from '../../test/totp-codes.ts';

describe('2FA on and off with their audit rows, all or nothing', async () => {
  const t = await createTestApp();
  const post = (url: string, payload: object | undefined, headers: Headers) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const enabled = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/auth/2fa', headers })).json().enabled as boolean;
  /** Makes the database refuse the audit row of `action` until `allow()`. */
  const refuseAudit = async (action: string) => {
    await sql
      .raw(`create or replace function zz_refuse_audit() returns trigger language plpgsql as $$
        begin
          if new.action = '${action}' then raise exception 'audit refused for the test'; end if;
          return new;
        end $$`)
      .execute(t.db);
    await sql
      .raw(`create trigger zz_refuse_audit before insert on staff_actions
          for each row execute function zz_refuse_audit()`)
      .execute(t.db);
    return () => sql.raw('drop trigger zz_refuse_audit on staff_actions').execute(t.db);
  };

  it('leaves 2FA off when the two_factor_enable row cannot be written', async () => {
    const admin = await createAdmin(t);
    const setup = await post('/auth/2fa/setup', undefined, admin.headers);
    const secret = setup.json().secret as string;
    const allow = await refuseAudit('two_factor_enable');
    try {
      const reply = await post(
        '/auth/2fa/enable',
        { code: rfc6238(secret, Date.now()), current_password: admin.password },
        admin.headers,
      );
      expect(reply.statusCode).toBeGreaterThanOrEqual(500);
      expect(reply.json()).not.toHaveProperty('recovery_codes');
    } finally {
      await allow();
    }
    expect(await enabled(admin.headers)).toBe(false);
  });

  /** Makes the database refuse every new session until `allow()`. */
  const refuseSessions = async () => {
    await sql
      .raw(`create or replace function zz_refuse_session() returns trigger language plpgsql as $$
        begin raise exception 'session refused for the test'; end $$`)
      .execute(t.db);
    await sql
      .raw(`create trigger zz_refuse_session before insert on sessions
          for each row execute function zz_refuse_session()`)
      .execute(t.db);
    return () => sql.raw('drop trigger zz_refuse_session on sessions').execute(t.db);
  };

  // Turning 2FA on at sign-in and opening the session are one write: the recovery codes are only
  // ever answered with the session, so a fault in either leaves 2FA off and the setup open.
  it.each([
    ['its two_factor_enable row', () => refuseAudit('two_factor_enable')],
    ['its session', refuseSessions],
    ["the session's sign_in row", () => refuseAudit('sign_in')],
  ])('at sign-in, leaves 2FA off and the setup open when %s cannot be written', async (_, refuse) => {
    const admin = await createAdmin(t);
    const master = await masterHeaders(t);
    const require2fa = (on: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/master/two-factor/api/v1/policy',
        payload: { admins_require_2fa: on },
        headers: master,
      });
    expect((await require2fa(true)).statusCode).toBe(200);
    try {
      const first = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: admin.admin.admin_email, password: admin.password },
      });
      const token = first.json().challenge_token as string;
      expect(first.json().requires_2fa_setup).toBe(true);
      const setup = await post('/auth/login/2fa/setup', { challenge_token: token }, {});
      const secret = setup.json().secret as string;
      const enable = () =>
        post('/auth/login/2fa/enable', { challenge_token: token, code: rfc6238(secret, Date.now()) }, {});
      const allow = await refuse();
      try {
        const reply = await enable();
        expect(reply.statusCode).toBeGreaterThanOrEqual(500);
        expect(reply.json()).not.toHaveProperty('recovery_codes');
      } finally {
        await allow();
      }
      const row = await sql<{ enabled_at: Date | null }>`
        select enabled_at from staff_two_factor where owner_admin_id = ${admin.admin.admin_id}`.execute(t.db);
      expect(row.rows.map((r) => r.enabled_at)).toEqual([null]);
      const enabledRows = await sql<{ n: number }>`select count(*)::int as n from staff_actions
        where action = 'two_factor_enable' and actor_admin_id = ${admin.admin.admin_id}`.execute(t.db);
      expect(enabledRows.rows[0]?.n).toBe(0);
      // Nothing was spent: the same setup goes on once the database takes the rows.
      const again = await enable();
      expect(again.statusCode).toBe(200);
      expect(again.json().recovery_codes).toHaveLength(10);
      expect(again.json().jwt).toEqual(expect.any(String));
    } finally {
      await require2fa(false);
    }
  });

  it('leaves 2FA on when the two_factor_disable row cannot be written', async () => {
    const admin = await createAdmin(t);
    const setup = await post('/auth/2fa/setup', undefined, admin.headers);
    const secret = setup.json().secret as string;
    const on = await post(
      '/auth/2fa/enable',
      { code: rfc6238(secret, Date.now()), current_password: admin.password },
      admin.headers,
    );
    expect(on.statusCode).toBe(200);
    const [recoveryCode] = on.json().recovery_codes as string[];
    const allow = await refuseAudit('two_factor_disable');
    try {
      const reply = await post('/auth/2fa/disable', { code: recoveryCode }, admin.headers);
      expect(reply.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await allow();
    }
    expect(await enabled(admin.headers)).toBe(true);
  });
});
