// POST /auth/login, /auth/validate, /auth/refresh, /auth/logout and GET /auth/options.
// All public at the guard: each call checks the token itself (refresh accepts an expired one).
import { AUTH_MSG, LoginBody, LogoutBody } from '@portal/contract/auth';
import * as R from '@portal/contract/responses';
import { LoginAnswer } from '@portal/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.ts';
import { staffRoutes } from '../http/staff-routes.ts';
import { accountRoutes } from './account.routes.ts';
import { login, masterIdentifierHash, refresh, sessionToEnd, validate } from './auth.service.ts';
import { bearerToken } from './guard.ts';
import { revokeSession } from './session.service.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

/** Public at the guard, but the call reads the bearer token itself. */
const security = [{ bearerAuth: [] }];

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { get, post } = staffRoutes(app, { access: 'public' });
    await app.register(twoFactorRoutes(ctx));
    await app.register(accountRoutes(ctx));

    get(
      '/options',
      { summary: 'Sign-in options (hash of the master identifier)', response: R.AuthOptionsResponse },
      async () => ({ master_identifier_sha256: masterIdentifierHash(ctx) }),
    );

    post(
      '/login',
      {
        summary: 'Sign in as admin or master (with 2FA: a challenge for /auth/login/2fa instead)',
        body: LoginBody,
        response: LoginAnswer,
      },
      (request) => {
        const agent = request.headers['user-agent'];
        return login(ctx, {
          email: request.body.email,
          password: request.body.password,
          ip: request.ip,
          userAgent: typeof agent === 'string' ? agent : undefined,
        });
      },
    );

    post(
      '/validate',
      { summary: 'Whether the bearer token names a live session', security, response: R.ValidateResponse },
      async (request) => {
        const session = await validate(ctx, bearerToken(request));
        if (!session) return { valid: false };
        return {
          valid: true,
          login_type: session.loginType,
          admin_id: session.adminId,
          session_id: session.sessionId,
          expires_at: Math.floor(session.expiresAt.getTime() / 1000),
        };
      },
    );

    post(
      '/refresh',
      {
        summary: 'A new JWT for a live session (the presented one may be expired)',
        security,
        response: R.SessionResponse,
      },
      (request) => refresh(ctx, bearerToken(request), request.ip),
    );

    // The token decides which session ends; the body's admin_id/session_id are accepted but not trusted.
    post(
      '/logout',
      { summary: 'End the session the token names', security, body: LogoutBody, response: R.MessageResponse },
      async (request) => {
        await revokeSession(ctx.db, await sessionToEnd(ctx, bearerToken(request)));
        return { message: AUTH_MSG.loggedOut };
      },
    );
  };
}
