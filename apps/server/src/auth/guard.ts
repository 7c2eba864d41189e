// Every route declares who may call it in `config.access`; this hook enforces it (SPEC §6).
//   public  anyone
//   session any live session (validate, logout)
//   admin   an admin or master session
//   master  a master session
//   staff   a family served under both prefixes: /master/... needs master, /admin/... admin or master
import { MSG } from '@portal/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { forbidden, unauthorized } from '../http/http-error.ts';
import { masterKeyMatches } from './master-key.ts';
import { type AuthContext, findLiveSession } from './session.service.ts';
import type { SessionCache } from './session-cache.ts';
import { verifyToken } from './tokens.ts';
import { VerifiedTokens } from './verified-tokens.ts';

export const ACCESS_LEVELS = ['public', 'session', 'admin', 'master', 'staff'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The 403 message for a caller of the wrong role (SPEC §6/§8 wording for this family). */
    denied?: string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route and the access it declared, for the route-table test. */
    routeAccess: { method: string; url: string; access: Access }[];
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const jwt = request.headers.jwt;
  return typeof jwt === 'string' && jwt.trim() !== '' ? jwt.trim() : null;
}

/**
 * Resolves the caller's session, or null. Used by the guard and by public routes that treat staff
 * specially. With caches, a token verified in the last 5 s is not verified again (verified-tokens.ts)
 * and a session read in the last 2 s is not read again (session-cache.ts).
 */
export async function authenticate(
  request: FastifyRequest,
  db: Kysely<Database>,
  secret: Uint8Array,
  caches: { sessions?: SessionCache; tokens?: VerifiedTokens } = {},
): Promise<AuthContext | null> {
  const { sessions, tokens } = caches;
  const token = bearerToken(request);
  if (!token) return null;
  const claims = tokens ? tokens.verify(token) : await verifyToken(token, secret);
  if (!claims) return null;
  const cached = sessions?.get(claims);
  if (cached) return cached;
  const ticket = sessions?.ticket() ?? 0;
  const auth = await findLiveSession(db, claims);
  if (auth) sessions?.set(claims, auth, ticket);
  return auth;
}

/** The role a route needs, given its declared access and the URL it was registered under. */
export function requiredRole(access: Access, routeUrl: string): 'admin' | 'master' | null {
  if (access === 'staff') return routeUrl.startsWith('/master/') ? 'master' : 'admin';
  if (access === 'admin' || access === 'master') return access;
  return null;
}

function checkHeaders(request: FastifyRequest, auth: AuthContext): void {
  if (auth.loginType === 'master') {
    if (!masterKeyMatches(request.headers['x-master-key'], auth.masterKeyHash)) {
      throw forbidden(MSG.masterKeyInvalid);
    }
  } else if (String(request.headers['x-admin-id'] ?? '') !== String(auth.adminId)) {
    throw forbidden(MSG.adminIdMismatch);
  }
}

export function installGuard(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; secret: Uint8Array; sessions?: SessionCache },
) {
  app.decorateRequest('auth', null);
  const caches = { sessions: deps.sessions, tokens: new VerifiedTokens(deps.secret) };
  const routeAccess: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', routeAccess);

  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    const access = route.config?.access;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    if (route.url.startsWith('/master/') && access !== 'master' && access !== 'staff') {
      throw new Error(`Route ${route.url} is under /master/ but is not master-only`);
    }
    for (const method of [route.method].flat())
      routeAccess.push({ method: String(method), url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return; // unknown route (404) or public
    const auth = await authenticate(request, deps.db, deps.secret, caches);
    if (!auth) throw signedOut();
    const role = requiredRole(access, request.routeOptions.url ?? request.url);
    if (role === 'master' && auth.loginType !== 'master') {
      throw forbidden(request.routeOptions.config.denied ?? MSG.onlyMaster);
    }
    if (access !== 'session') checkHeaders(request, auth);
    request.auth = auth;
  });
}

/** The route's caller; only for routes whose access is not public. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw signedOut();
  return request.auth;
}

/** What a request without a live session is answered (the portal then signs the person out). */
export const signedOut = () => unauthorized(MSG.unauthorized);

/**
 * Whether the caller is an admin whose account was deleted after the guard let the request in: the
 * deletion ended their sessions, so what the request then finds missing of theirs means signed out.
 */
export async function callerDeleted(db: Kysely<Database>, auth: AuthContext | null): Promise<boolean> {
  if (auth?.loginType !== 'admin' || auth.adminId === null) return false;
  const row = await db
    .selectFrom('admins')
    .select('admin_id')
    .where('admin_id', '=', auth.adminId)
    .executeTakeFirst();
  return row === undefined;
}
