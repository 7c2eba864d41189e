// The session rows 'Mis sesiones' reads and ends. Every read names its owner, so a
// session of someone else is never found (404, like a missing one). Ending a session sets
// revoked_at (session.service.ts revokeSession), which migration 035 tells every process at once.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A staff account: an admin by id, or the master (one account: every master session). */
export type SessionOwner = { kind: 'admin'; adminId: number } | { kind: 'master' };

const COLUMNS = ['session_id', 'created_at', 'last_seen_at', 'ip_address', 'user_agent'] as const;

/** The owner's sessions that still let a token in: not ended, not past expires_at. */
function liveOf(db: Db, owner: SessionOwner) {
  const query = db
    .selectFrom('sessions')
    .select(COLUMNS)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  return owner.kind === 'admin'
    ? query.where('admin_id', '=', owner.adminId).where('login_type', '=', 'admin')
    : query.where('login_type', '=', 'master');
}

export const listLiveSessions = (db: Db, owner: SessionOwner) =>
  liveOf(db, owner).orderBy('last_seen_at', 'desc').orderBy('created_at', 'desc').execute();

/** One live session of the owner, locked until the transaction ends (two ends of it wait in turn). */
export const lockLiveSession = (trx: Transaction<Database>, owner: SessionOwner, sessionId: string) =>
  liveOf(trx, owner).where('session_id', '=', sessionId).forUpdate().executeTakeFirst();

/** Ends every live session of the owner but `keep`; the ended ones. */
export async function endOtherSessions(trx: Transaction<Database>, owner: SessionOwner, keep: string) {
  const others = await liveOf(trx, owner).where('session_id', '!=', keep).forUpdate().execute();
  if (others.length === 0) return others;
  await trx
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where(
      'session_id',
      'in',
      others.map((row) => row.session_id),
    )
    .execute();
  return others;
}

/**
 * Records that a session was used now, unless that was recorded less than `minSeconds` ago (another
 * process may have done it). Not a change that ends anything: migration 046 keeps it out of the
 * 'session_changed' notices.
 */
export async function touchSession(db: Db, sessionId: string, minSeconds: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('session_id', '=', sessionId)
    .where('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${minSeconds})`)
    .execute();
}

export async function adminExists(db: Db, adminId: number): Promise<boolean> {
  const row = await db
    .selectFrom('admins')
    .select('admin_id')
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return row !== undefined;
}
