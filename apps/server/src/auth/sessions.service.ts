// 'Mis sesiones': list a staff member's live sessions and end them; the master also
// ends an admin's. Each end is one transaction: the row is locked and checked to be the owner's,
// revoked (session.service.ts revokeSession; migration 035 tells every process at commit), and a
// staff audit row is written, so the audit names exactly the sessions that ended.
import { ADMIN_MSG } from '@portal/contract/admin-registration';
import type { SessionInfo } from '@portal/contract/sessions';
import { SESSIONS_MSG } from '@portal/contract/sessions';
import type { StaffAction } from '@portal/contract/staff-audit';
import type { Kysely } from 'kysely';
import { type Actor, writeTransaction } from '../db/audit.ts';
import type { Database } from '../db/types.ts';
import { notFound } from '../http/http-error.ts';
import { recordStaffAction, type StaffActionTarget } from '../modules/staff-audit/record.ts';
import type { AuthContext } from './session.service.ts';
import { revokeSession } from './session.service.ts';
import * as repo from './sessions.repository.ts';

export type { SessionOwner } from './sessions.repository.ts';

type Row = Awaited<ReturnType<typeof repo.listLiveSessions>>[number];

const iso = (date: Date | string) => new Date(date).toISOString();

const toInfo = (row: Row, currentId: string | null): SessionInfo => ({
  session_id: row.session_id,
  created_at: iso(row.created_at),
  last_seen_at: iso(row.last_seen_at),
  ip_address: row.ip_address,
  user_agent: row.user_agent,
  current: row.session_id === currentId,
});

export const ownerOf = (auth: AuthContext): repo.SessionOwner =>
  auth.loginType === 'admin' && auth.adminId !== null
    ? { kind: 'admin', adminId: auth.adminId }
    : { kind: 'master' };

const targetOf = (owner: repo.SessionOwner): StaffActionTarget | null =>
  owner.kind === 'admin' ? { kind: 'admin', adminId: owner.adminId } : null;

const detailsOf = (row: Row) => ({
  session_id: row.session_id,
  session_ip_address: row.ip_address,
  session_user_agent: row.user_agent,
});

export async function listSessions(
  db: Kysely<Database>,
  owner: repo.SessionOwner,
  currentId: string | null,
): Promise<SessionInfo[]> {
  const rows = await repo.listLiveSessions(db, owner);
  return rows.map((row) => toInfo(row, currentId));
}

/** Ends one live session of `owner`; 404 when it is not one (someone else's, ended, expired, made up). */
export async function endSession(
  db: Kysely<Database>,
  actor: Actor,
  owner: repo.SessionOwner,
  sessionId: string,
  action: Extract<StaffAction, 'session_end' | 'admin_session_end'>,
): Promise<void> {
  await writeTransaction(db, actor, async (trx) => {
    const row = await repo.lockLiveSession(trx, owner, sessionId);
    if (!row) throw notFound(SESSIONS_MSG.sessionNotFound);
    await revokeSession(trx, row.session_id);
    await recordStaffAction(trx, actor, action, targetOf(owner), detailsOf(row));
  });
}

/** Ends every live session of `owner` but `keep` (the caller's own); how many ended. */
export async function endOtherSessions(
  db: Kysely<Database>,
  actor: Actor,
  owner: repo.SessionOwner,
  keep: string,
): Promise<number> {
  return writeTransaction(db, actor, async (trx) => {
    const ended = await repo.endOtherSessions(trx, owner, keep);
    if (ended.length > 0) {
      await recordStaffAction(trx, actor, 'session_end_others', targetOf(owner), {
        ended_count: ended.length,
        session_ids: ended.map((row) => row.session_id),
      });
    }
    return ended.length;
  });
}

/** The admin whose sessions the master opens: 404 (the admin family's wording) when there is none. */
export async function adminOwner(db: Kysely<Database>, adminId: number): Promise<repo.SessionOwner> {
  if (!(await repo.adminExists(db, adminId))) throw notFound(ADMIN_MSG.notFound);
  return { kind: 'admin', adminId };
}
