// `last_seen_at` of a session, cheaply: each process remembers when it last wrote it for
// a session and writes again only a minute later, and the UPDATE itself skips a row another process
// wrote within the minute. So a busy session costs one small write a minute, not one per request.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { touchSession } from './sessions.repository.ts';

export const LAST_SEEN_EVERY_SECONDS = 60;
const MAX_ENTRIES = 10_000;

export class LastSeen {
  private readonly written = new Map<string, number>();

  constructor(private readonly everyMs = LAST_SEEN_EVERY_SECONDS * 1000) {}

  /** Whether this session's last-seen time is due a write (and, if so, counts it as written now). */
  due(sessionId: string, now = Date.now()): boolean {
    const last = this.written.get(sessionId);
    if (last !== undefined && now - last < this.everyMs) return false;
    if (this.written.size >= MAX_ENTRIES) this.written.clear();
    this.written.set(sessionId, now);
    return true;
  }
}

/**
 * After the guard let a signed-in call in (preHandler: a request refused by its schema never gets
 * here), records the session's use when due. A failed write is logged and the call goes on.
 */
export function installLastSeen(app: FastifyInstance, db: Kysely<Database>, lastSeen = new LastSeen()) {
  app.addHook('preHandler', async (request) => {
    const sessionId = request.auth?.sessionId;
    if (!sessionId || !lastSeen.due(sessionId)) return;
    await touchSession(db, sessionId, LAST_SEEN_EVERY_SECONDS).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not record the session as seen');
    });
  });
}
