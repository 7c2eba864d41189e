// POST /auth/login, /auth/validate, /auth/refresh, /auth/logout and GET /auth/options.
// All public at the guard: each call checks the token itself (refresh accepts an expired one).
import { AUTH_MSG, LoginBody, LogoutBody } from '@portal/contract/auth';
import * as R from '@portal/contract/responses';
import { LoginAnswer } from '@portal/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../http/context.ts';
import { login, masterIdentifierHash, refresh, sessionToEnd, validate } from './auth.service.ts';
import { bearerToken } from './guard.ts';
import { revokeSession } from './session.service.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

const PUBLIC = { access: 'public' } as const;
/** Public at the guard, but the call reads the bearer token itself. */
const BEARER = [{ bearerAuth: [] }];

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    await app.register(twoFactorRoutes(ctx));

    r.get(
      '/options',
      {
        config: PUBLIC,
        schema: {
          summary: 'Sign-in options (hash of the master identifier)',
          response: { 200: R.AuthOptionsResponse },
        },
      },
      async () => ({
        success: true,
        master_identifier_sha256: masterIdentifierHash(ctx),
      }),
    );

    r.post(
      '/login',
      {
        config: PUBLIC,
        schema: {
          summary: 'Sign in as admin or master (with 2FA: a challenge for /auth/login/2fa instead)',
          body: LoginBody,
          response: { 200: LoginAnswer },
        },
      },
      async (request) => {
        const agent = request.headers['user-agent'];
        return login(ctx, {
          email: request.body.email,
          password: request.body.password,
          ip: request.ip,
          userAgent: typeof agent === 'string' ? agent : undefined,
        });
      },
    );

    r.post(
      '/validate',
      {
        config: PUBLIC,
        schema: {
          summary: 'Whether the bearer token names a live session',
          security: BEARER,
          response: { 200: R.ValidateResponse },
        },
      },
      async (request) => {
        const session = await validate(ctx, bearerToken(request));
        if (!session) return { success: true, valid: false };
        return {
          success: true,
          valid: true,
          login_type: session.loginType,
          admin_id: session.adminId,
          session_id: session.sessionId,
          expires_at: Math.floor(session.expiresAt.getTime() / 1000),
        };
      },
    );

    r.post(
      '/refresh',
      {
        config: PUBLIC,
        schema: {
          summary: 'A new JWT for a live session (the presented one may be expired)',
          security: BEARER,
          response: { 200: R.SessionResponse },
        },
      },
      async (request) => refresh(ctx, bearerToken(request), request.ip),
    );

    // The token decides which session ends; the body's admin_id/session_id are accepted but not trusted.
    r.post(
      '/logout',
      {
        config: PUBLIC,
        schema: {
          summary: 'End the session the token names',
          security: BEARER,
          body: LogoutBody,
          response: { 200: R.MessageResponse },
        },
      },
      async (request) => {
        await revokeSession(ctx.db, await sessionToEnd(ctx, bearerToken(request)));
        return { success: true, message: AUTH_MSG.loggedOut };
      },
    );
  };
}
