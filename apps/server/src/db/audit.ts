// Every write runs in one transaction that first tells the change-log trigger who is writing
// (DESIGN §5): changed_by, client IP and user agent, as transaction-local settings.
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './types.ts';

export interface Actor {
  changedBy: string;
  ip: string | null;
  userAgent: string | null;
  /** The signed-in staff member, for the staff audit log (modules/staff-audit); absent for public callers. */
  staff?: { role: 'admin' | 'master'; adminId: number | null } | null;
}

export function actorOf(request: FastifyRequest): Actor {
  const agent = request.headers['user-agent'];
  return {
    changedBy: request.auth?.actor ?? 'Sistema',
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    staff: request.auth ? { role: request.auth.loginType, adminId: request.auth.adminId } : null,
  };
}

export async function writeTransaction<T>(
  db: Kysely<Database>,
  actor: Actor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await setActor(trx, actor);
    return work(trx);
  });
}

/** Names the writer for the change-log trigger, for the rest of `trx`. */
export async function setActor(trx: Transaction<Database>, actor: Actor) {
  await sql`select set_config('app.changed_by', ${actor.changedBy}, true),
                   set_config('app.ip_address', ${actor.ip ?? ''}, true),
                   set_config('app.user_agent', ${actor.userAgent ?? ''}, true)`.execute(trx);
}
