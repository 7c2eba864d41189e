// A sign-in whose password is reset, changed or suspended while it is being checked (argon2 is
// slow) gets no session: the change is made to land between the password check and the session.
import { MSG } from '@portal/contract/messages';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createAdmin, createTestApp, type Headers, masterHeaders, TEST_MASTER } from '../../test/helpers.ts';
import { NEW_PASSWORD, passwordChanges } from '../../test/password-changes.ts';

// The next password check, once it has answered, waits until the test releases it.
const gate = vi.hoisted(() => ({ next: null as null | { reached: () => void; released: Promise<void> } }));
vi.mock('./passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./passwords.ts')>();
  return {
    ...actual,
    verifyPassword: async (stored: string, password: string) => {
      const ok = await actual.verifyPassword(stored, password);
      const hold = gate.next;
      gate.next = null;
      if (hold) {
        hold.reached();
        await hold.released;
      }
      return ok;
    },
  };
});

function holdNextCheck() {
  let reached!: () => void;
  let release!: () => void;
  const atCheck = new Promise<void>((resolve) => {
    reached = resolve;
  });
  gate.next = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
  return { atCheck, release };
}

describe('a password change racing a sign-in', async () => {
  const t = await createTestApp();
  let ipCounter = 0;
  const post = (url: string, payload: object, headers: Headers = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.31.0.${++ipCounter}` });
  const sessionCount = async (adminId: number | null) => {
    const row = await sql<{ n: number }>`
      select count(*)::int as n from sessions
      where ${adminId === null ? sql`login_type = 'master'` : sql`admin_id = ${adminId}`}`.execute(t.db);
    return row.rows[0]?.n;
  };

  /** Signs in with `password`, making `change` happen after the check and before the session. */
  async function signInAcross(
    email: string,
    password: string,
    change: () => Promise<{ statusCode: number }>,
  ) {
    const { atCheck, release } = holdNextCheck();
    const signIn = post('/auth/login', { email, password });
    await atCheck;
    expect((await change()).statusCode).toBe(200);
    release();
    return signIn;
  }

  const changes = passwordChanges(t);

  it.each(changes)('%s: the sign-in is refused as invalid credentials, no session', async (name, change) => {
    const admin = await createAdmin(t);
    const sessions = await sessionCount(admin.admin.admin_id);
    const res = await signInAcross(admin.admin.admin_email, admin.password, () => change(admin));
    expect([res.statusCode, res.json().error]).toEqual([401, MSG.loginInvalidCredentials]);
    expect(await sessionCount(admin.admin.admin_id)).toBe(sessions);
    const audit = await sql<{ details: { reason: string } }>`
      select details from staff_actions where action = 'sign_in_failed' and target_admin_id = ${admin.admin.admin_id}`.execute(
      t.db,
    );
    expect(audit.rows.map((row) => row.details.reason)).toEqual([
      name.endsWith('suspension') ? 'account_not_active' : 'wrong_password',
    ]);
  });

  it('nothing changed: the held sign-in opens its session', async () => {
    const admin = await createAdmin(t);
    const sessions = await sessionCount(admin.admin.admin_id);
    const res = await signInAcross(admin.admin.admin_email, admin.password, async () => ({
      statusCode: 200,
    }));
    expect(res.statusCode).toBe(200);
    expect(await sessionCount(admin.admin.admin_id)).toBe(sessions + 1);
  });

  it("the master's own change: the master's sign-in is refused, no session", async () => {
    const master = await masterHeaders(t);
    try {
      const sessions = await sessionCount(null);
      const res = await signInAcross(TEST_MASTER.identifier, TEST_MASTER.password, () =>
        post(
          '/auth/password',
          { current_password: TEST_MASTER.password, new_password: NEW_PASSWORD },
          master,
        ),
      );
      expect([res.statusCode, res.json().error]).toEqual([401, MSG.loginInvalidCredentials]);
      expect(await sessionCount(null)).toBe(sessions);
    } finally {
      await sql`delete from master_password`.execute(t.db);
    }
  });
});
