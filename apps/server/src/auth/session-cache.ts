// Session validity kept in memory for at most SESSION_CACHE_MS (2 s by default), so a signed-in
// request does not pay a database round trip for its session. Migration 035 notifies every process on
// 'session_changed' when a session is revoked or deleted, or an admin's status or email changes or
// the admin is deleted; the entries named are dropped. While the database connection that would
// carry the notices is lost (DatabaseHandle.listen's onMissed), everything is dropped. A notice
// reaches the other processes after the commit, usually within milliseconds: a request that
// arrives there sooner may still pass once.
import type { DatabaseHandle } from '../db/connection.ts';
import type { AuthContext } from './session.service.ts';
import type { TokenClaims } from './tokens.ts';

export const SESSION_CACHE_TTL_MS = 2_000;
export const SESSION_CHANGED_CHANNEL = 'session_changed';
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthContext;
  sub: string;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every notice: a read that started before one is not kept (it may predate the change). */
  private generation = 0;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** The cached live session for these claims, or undefined when it must be read again. */
  get(claims: TokenClaims, now = Date.now()): AuthContext | undefined {
    const entry = this.entries.get(claims.sid);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(claims.sid);
      return undefined;
    }
    if (entry.sub !== claims.sub || entry.auth.loginType !== claims.login_type) return undefined;
    return entry.auth;
  }

  /** Taken before reading a session from the database, and given back to set(). */
  ticket(): number {
    return this.generation;
  }

  set(claims: TokenClaims, auth: AuthContext, ticket: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || ticket !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const until = Math.min(now + this.ttlMs, auth.expiresAt.getTime());
    this.entries.set(claims.sid, { auth, sub: claims.sub, until });
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  forgetAdmin(adminId: number): void {
    this.generation++;
    for (const [sid, entry] of this.entries) {
      if (entry.auth.adminId === adminId) this.entries.delete(sid);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** A 'session_changed' payload: 's:<session id>' or 'a:<admin id>'. */
  onNotice(payload: string): void {
    if (payload.startsWith('s:')) this.forgetSession(payload.slice(2));
    else if (payload.startsWith('a:')) this.forgetAdmin(Number(payload.slice(2)));
    else this.clear();
  }

  size(): number {
    return this.entries.size;
  }
}

/** A cache kept in step with the database's 'session_changed' notices, and how to stop that. */
export async function sessionCacheFor(handle: DatabaseHandle, ttlMs = SESSION_CACHE_TTL_MS) {
  const cache = new SessionCache(ttlMs);
  const stop = await handle.listen(
    SESSION_CHANGED_CHANNEL,
    (payload) => cache.onNotice(payload),
    () => cache.clear(),
  );
  return { cache, stop };
}
