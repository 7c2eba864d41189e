// 'Mis sesiones': the caller's live sessions, ending one or the others, the
// master ending an admin's, the staff audit rows, and the once-a-minute last-seen time.
import { ADMIN_MSG } from '@portal/contract/admin-registration';
import { MSG } from '@portal/contract/messages';
import { SESSIONS_MSG, type SessionInfo } from '@portal/contract/sessions';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../test/business-api-helpers.ts';
import { createAdmin, createTestApp, type Headers, masterHeaders, type TestApp } from '../../test/helpers.ts';
import { createSession, revokeSession } from './session.service.ts';
import { SESSION_CHANGED_CHANNEL } from './session-cache.ts';
import { LastSeen } from './sessions.last-seen.ts';

const MINE = '/auth/sessions';
const ADMINS = '/master/registration/api/v1/admin-registration';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another sign-in of the same admin, from another browser. */
async function anotherSession(t: TestApp, adminId: number, userAgent: string, ip = '10.25.3.7') {
  const session = await createSession(t.db, t.tokens, { loginType: 'admin', adminId, ip, userAgent });
  const headers: Headers = { authorization: `Bearer ${session.jwt}`, 'x-admin-id': String(adminId) };
  return { id: session.sessionId, headers };
}

const list = async (t: TestApp, headers: Headers, url = MINE) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sessions as SessionInfo[];
};

const end = (t: TestApp, headers: Headers, url: string) => t.app.inject({ method: 'DELETE', url, headers });

/** 200 when the token still lets a call in, 401 once its session ended. */
const probe = async (t: TestApp, headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: MINE, headers })).statusCode;

const auditRows = (t: TestApp, action: string) =>
  sql<{
    actor_role: string;
    actor_admin_id: number | null;
    target_kind: string | null;
    target_admin_id: number | null;
    details: Record<string, unknown>;
  }>`select * from staff_actions where action = ${action} order by id`
    .execute(t.db)
    .then((result) => result.rows);

describe('my sessions', async () => {
  const t = await createTestApp();
  const master = await masterHeaders(t);

  it("lists the caller's live sessions only, marking the current one", async () => {
    const ana = await createAdmin(t);
    const phone = await anotherSession(t, ana.admin.admin_id, SAFARI, '10.25.3.8');
    const ended = await anotherSession(t, ana.admin.admin_id, FIREFOX);
    await end(t, ana.headers, `${MINE}/${ended.id}`);
    const expired = await anotherSession(t, ana.admin.admin_id, FIREFOX);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('session_id', '=', expired.id)
      .execute();
    const beto = await createAdmin(t);

    const sessions = await list(t, ana.headers);
    expect(sessions.map((s) => s.session_id).sort()).toEqual([ana.session.sessionId, phone.id].sort());
    expect(sessions.find((s) => s.current)?.session_id).toBe(ana.session.sessionId);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.session_id === phone.id)).toMatchObject({
      ip_address: '10.25.3.8',
      user_agent: SAFARI,
      current: false,
    });
    for (const s of sessions) {
      expect(Number.isNaN(Date.parse(s.created_at))).toBe(false);
      expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }
    // From the phone, the phone is the current one.
    expect((await list(t, phone.headers)).find((s) => s.current)?.session_id).toBe(phone.id);
    // Beto and the master see none of Ana's.
    expect((await list(t, beto.headers)).map((s) => s.session_id)).toEqual([beto.session.sessionId]);
    const masters = await list(t, master);
    expect(masters.map((s) => s.session_id)).not.toContain(ana.session.sessionId);
    expect(masters.some((s) => s.current)).toBe(true);
  });

  it('ends one of my other sessions: its token is refused at once, and the audit has a row', async () => {
    const ana = await createAdmin(t);
    const laptop = await anotherSession(t, ana.admin.admin_id, FIREFOX, '10.25.9.9');
    expect(await probe(t, laptop.headers)).toBe(200); // now in this process's session cache

    const res = await end(t, ana.headers, `${MINE}/${laptop.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SESSIONS_MSG.sessionEnded });
    expectError(
      await t.app.inject({ method: 'GET', url: MINE, headers: laptop.headers }),
      401,
      MSG.unauthorized,
    );
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/refresh', headers: laptop.headers });
    // The refresh says why, so the laptop can tell its person.
    expectError(refreshed, 401, MSG.sessionEndedElsewhere);
    expect(await probe(t, ana.headers)).toBe(200);
    expect((await list(t, ana.headers)).map((s) => s.session_id)).toEqual([ana.session.sessionId]);

    const rows = (await auditRows(t, 'session_end')).filter((r) => r.actor_admin_id === ana.admin.admin_id);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_role: 'admin',
        target_kind: 'admin',
        target_admin_id: ana.admin.admin_id,
        details: { session_id: laptop.id, session_ip_address: '10.25.9.9', session_user_agent: FIREFOX },
      }),
    ]);
    // Ending it again: it is no longer a live session of mine.
    expectError(await end(t, ana.headers, `${MINE}/${laptop.id}`), 404, SESSIONS_MSG.sessionNotFound);
  });

  it('ends all the others and keeps this one', async () => {
    const ana = await createAdmin(t);
    const others = [
      await anotherSession(t, ana.admin.admin_id, FIREFOX),
      await anotherSession(t, ana.admin.admin_id, SAFARI),
    ];
    const beto = await createAdmin(t);
    for (const other of others) expect(await probe(t, other.headers)).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: `${MINE}/end-others`, headers: ana.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SESSIONS_MSG.otherSessionsEnded, ended_count: 2 });
    for (const other of others) expect(await probe(t, other.headers)).toBe(401);
    expect(await probe(t, ana.headers)).toBe(200);
    expect(await probe(t, beto.headers)).toBe(200);

    const rows = (await auditRows(t, 'session_end_others')).filter(
      (r) => r.actor_admin_id === ana.admin.admin_id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details.ended_count).toBe(2);
    expect([...(rows[0]!.details.session_ids as string[])].sort()).toEqual(others.map((o) => o.id).sort());

    // Nothing left to end: 0, and no audit row for a change that did not happen.
    const again = await t.app.inject({ method: 'POST', url: `${MINE}/end-others`, headers: ana.headers });
    expect(again.json().ended_count).toBe(0);
    expect(
      (await auditRows(t, 'session_end_others')).filter((r) => r.actor_admin_id === ana.admin.admin_id),
    ).toHaveLength(1);
  });

  it("answers 404 for someone else's session, and 400 for what is not a session id", async () => {
    const ana = await createAdmin(t);
    const beto = await createAdmin(t);
    const masterSession = await createSession(t.db, t.tokens, { loginType: 'master', adminId: null });
    for (const id of [
      beto.session.sessionId,
      masterSession.sessionId,
      '3f0e1c52-8d7a-4f7e-9a55-0d6b1e2c9a10',
    ])
      expectError(await end(t, ana.headers, `${MINE}/${id}`), 404, SESSIONS_MSG.sessionNotFound);
    // The master's 'Mis sesiones' is the master's: an admin's session is not one of them.
    expectError(await end(t, master, `${MINE}/${beto.session.sessionId}`), 404, SESSIONS_MSG.sessionNotFound);
    expect(await probe(t, beto.headers)).toBe(200);
    for (const bad of ['1', 'not-a-uuid', `${beto.session.sessionId}x`, "'%20or%201=1"])
      expectError(await end(t, ana.headers, `${MINE}/${bad}`), 400, SESSIONS_MSG.invalidSessionId);
    expect(await auditRows(t, 'session_end')).not.toContainEqual(
      expect.objectContaining({ actor_admin_id: ana.admin.admin_id }),
    );
  });

  it("lets the master list and end an admin's sessions, and nobody else", async () => {
    const ana = await createAdmin(t);
    const phone = await anotherSession(t, ana.admin.admin_id, SAFARI, '10.25.4.4');
    const beto = await createAdmin(t);
    const url = `${ADMINS}/${ana.admin.admin_id}/sessions`;

    const listed = await list(t, master, url);
    expect(listed.map((s) => s.session_id).sort()).toEqual([ana.session.sessionId, phone.id].sort());
    expect(listed.every((s) => !s.current)).toBe(true);
    expect(await probe(t, phone.headers)).toBe(200);

    const res = await end(t, master, `${url}/${phone.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await probe(t, phone.headers)).toBe(401);
    expect(await probe(t, ana.headers)).toBe(200);
    expect((await list(t, master, url)).map((s) => s.session_id)).toEqual([ana.session.sessionId]);
    const rows = (await auditRows(t, 'admin_session_end')).filter(
      (r) => r.target_admin_id === ana.admin.admin_id,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_role: 'master',
        actor_admin_id: null,
        target_kind: 'admin',
        details: { session_id: phone.id, session_ip_address: '10.25.4.4', session_user_agent: SAFARI },
      }),
    ]);

    // Beto's session through Ana's row, an unknown admin, an admin: refused.
    expectError(await end(t, master, `${url}/${beto.session.sessionId}`), 404, SESSIONS_MSG.sessionNotFound);
    expect(await probe(t, beto.headers)).toBe(200);
    expectError(await list404(t, master, `${ADMINS}/2147483000/sessions`), 404, ADMIN_MSG.notFound);
    expectError(
      await end(t, master, `${ADMINS}/2147483000/sessions/${beto.session.sessionId}`),
      404,
      ADMIN_MSG.notFound,
    );
    expectError(
      await t.app.inject({ method: 'GET', url, headers: beto.headers }),
      403,
      MSG.onlyMasterAdminAccounts,
    );
    expectError(
      await end(t, beto.headers, `${url}/${ana.session.sessionId}`),
      403,
      MSG.onlyMasterAdminAccounts,
    );
    expect(await probe(t, ana.headers)).toBe(200);
  });

  it('records last use at most once a minute, and without telling the other processes', async () => {
    const ana = await createAdmin(t);
    const setLastSeen = (minutesAgo: number) =>
      sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutesAgo})
           where session_id = ${ana.session.sessionId}`.execute(t.db);
    const lastSeenMinutesAgo = async () => {
      const row = await sql<{ minutes: number }>`
        select extract(epoch from now() - last_seen_at) / 60 as minutes from sessions
         where session_id = ${ana.session.sessionId}`.execute(t.db);
      return Number(row.rows[0]!.minutes);
    };
    const notices: string[] = [];
    const stop = await t.handle.listen(
      SESSION_CHANGED_CHANNEL,
      (payload) => notices.push(payload),
      () => {},
    );
    try {
      await setLastSeen(5);
      expect(await probe(t, ana.headers)).toBe(200);
      expect(await lastSeenMinutesAgo()).toBeLessThan(1);
      // Within the minute, this process does not write it again.
      await setLastSeen(5);
      expect(await probe(t, ana.headers)).toBe(200);
      expect(await lastSeenMinutesAgo()).toBeGreaterThan(4);

      // Neither write told anyone: notices come in commit order, so once a later revocation's
      // notice is here, a notice of the writes would be here too.
      const marker = await anotherSession(t, ana.admin.admin_id, FIREFOX);
      await revokeSession(t.db, marker.id);
      await expect.poll(() => notices).toContain(`s:${marker.id}`);
      expect(notices).not.toContain(`s:${ana.session.sessionId}`);
    } finally {
      await stop();
    }
  });

  it('counts a session as due once a minute per process', () => {
    const seen = new LastSeen(60_000);
    expect(seen.due('a', 1_000)).toBe(true);
    expect(seen.due('a', 60_999)).toBe(false);
    expect(seen.due('b', 60_999)).toBe(true);
    expect(seen.due('a', 61_000)).toBe(true);
  });
});

const list404 = (t: TestApp, headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
