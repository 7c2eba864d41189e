// Which database a request reads from, when streaming replicas are configured (db/read-replicas.ts).
// A GET reads from a replica that has replayed its session's last write; any other request is a
// write, and leaves the primary's WAL position after it in a cookie (for the portal, whichever
// process or machine answers next) and in this process's memory by session (for API clients); so
// does a GET marked with answerAsWrite.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatLsn, PRIMARY_ONLY, parseLsn, type ReplicaSet, readScope } from '../db/read-replicas.ts';

export const READ_AFTER_COOKIE = 'portal_read_after';
/** Long enough for any replica to catch up; a replica that has not by then is skipped for lag
 * (REPLICA_MAX_LAG_MS is at most this). */
export const READ_AFTER_MAX_AGE_S = 60;

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

const answeredAsWrites = new WeakSet<FastifyRequest>();

/**
 * Answers a read as if it had written: for an answer that reports writes made outside the request
 * (a background job's), so that the caller's next reads include them. Nothing without replicas.
 */
export function answerAsWrite(request: FastifyRequest): void {
  answeredAsWrites.add(request);
}

/** The cookie's value, decoded; undefined when it is not there or not valid percent-encoding. */
function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // a client's garbled cookie is no hint, and no reason to fail its request
    }
  }
  return undefined;
}

/**
 * The session id a request's token names, read without checking the token: it only chooses which
 * copy of the data to read, and the guard checks the token before anything is answered.
 */
function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : request.headers.jwt;
  const payload = typeof token === 'string' ? token.split('.')[1] : undefined;
  if (!payload) return undefined;
  try {
    const sid = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : undefined;
  } catch {
    return undefined;
  }
}

export function installReadRouting(app: FastifyInstance, replicas: ReplicaSet | undefined) {
  if (!replicas) return;
  // A hook with a callback, so that the store holds for the rest of the request's hooks and handler.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isRead(request.method)) return done();
    const fromCookie = parseLsn(cookie(request.headers.cookie, READ_AFTER_COOKIE)) ?? 0n;
    const fromSession = replicas.writeOf(sessionIdOf(request));
    readScope.run({ readAfter: fromCookie > fromSession ? fromCookie : fromSession }, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if ((isRead(request.method) && !answeredAsWrites.has(request)) || reply.statusCode >= 400) return payload;
    const lsn = await replicas.currentLsn();
    // Position unknown (no connection in time): the primary for REPLICA_MAX_LAG_MS, after which
    // every replica still in use has the write.
    const readAfter = lsn ?? PRIMARY_ONLY;
    const maxAgeS = lsn === undefined ? Math.ceil(replicas.maxLagMs / 1000) : READ_AFTER_MAX_AGE_S;
    const sessionId = sessionIdOf(request);
    if (sessionId) replicas.rememberWrite(sessionId, readAfter);
    reply.header(
      'set-cookie',
      `${READ_AFTER_COOKIE}=${encodeURIComponent(formatLsn(readAfter))}; Path=/; Max-Age=${maxAgeS}; HttpOnly; SameSite=Strict`,
    );
    return payload;
  });
}
