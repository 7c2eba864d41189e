// The second factor's calls under /auth (issue 25 part 2; contract: two-factor.ts).
//   /auth/2fa, /auth/2fa/setup|enable|disable   the signed-in staff member's own 2FA ('admin':
//                                               an admin or master session, with its headers)
//   /auth/login/2fa, /auth/login/2fa/setup|enable  public at the guard: the challenge token decides
import { MessageResponse, SessionResponse } from '@portal/contract/responses';
import {
  ChallengeBody,
  ChallengeCodeBody,
  LoginSetupEnableResponse,
  TWO_FACTOR_MSG,
  TwoFactorCodeBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@portal/contract/two-factor';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../db/audit.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/http-error.ts';
import { recordStaffAction } from '../modules/staff-audit/record.ts';
import { reserveOrRefuse } from './auth.service.ts';
import { callerOf } from './guard.ts';
import { releaseAttempt } from './login-attempts.repository.ts';
import { disable, enable, ownerOf, setup, status } from './two-factor.service.ts';
import { loginSetup, loginSetupEnable, loginWithCode } from './two-factor-login.service.ts';

const PUBLIC = { access: 'public' } as const;
const STAFF = { access: 'admin' } as const;

const userAgentOf = (request: FastifyRequest) => {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent : undefined;
};

/** The name the authenticator app shows: the admin's email, or the master identifier. */
const labelOf = (ctx: AppContext, request: FastifyRequest) =>
  callerOf(request).email ?? ctx.config.masterIdentifier;

const auditTarget = (request: FastifyRequest) => {
  const adminId = callerOf(request).adminId;
  return adminId === null ? null : ({ kind: 'admin', adminId } as const);
};

export function twoFactorRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/2fa',
      {
        config: STAFF,
        schema: {
          summary: 'Whether my second factor is on (and required)',
          response: { 200: TwoFactorStatusResponse },
        },
      },
      async (request) => status(ctx, ownerOf(callerOf(request))),
    );

    r.post(
      '/2fa/setup',
      {
        config: STAFF,
        schema: {
          summary: 'A new TOTP secret for me, not active until enabled',
          response: { 200: TwoFactorSetupResponse },
        },
      },
      async (request) => setup(ctx, ownerOf(callerOf(request)), labelOf(ctx, request)),
    );

    r.post(
      '/2fa/enable',
      {
        config: STAFF,
        schema: {
          summary: 'Turn my second factor on with a current code; the recovery codes, once',
          body: TwoFactorCodeBody,
          response: { 200: TwoFactorEnableResponse },
        },
      },
      async (request) => {
        const codes = await enable(ctx, ownerOf(callerOf(request)), request.body.code, Date.now());
        await recordStaffAction(ctx.db, actorOf(request), 'two_factor_enable', auditTarget(request));
        return { success: true, message: TWO_FACTOR_MSG.enabled, recovery_codes: codes };
      },
    );

    r.post(
      '/2fa/disable',
      {
        config: STAFF,
        schema: {
          summary: 'Turn my second factor off with a current or recovery code',
          body: TwoFactorCodeBody,
          response: { 200: MessageResponse },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // A wrong code counts toward the sign-in lockouts, so a stolen session cannot guess its way.
        const identifier = (caller.email ?? ctx.config.masterIdentifier).toLowerCase();
        const attemptId = await reserveOrRefuse(ctx, identifier, request.ip);
        try {
          await disable(ctx, ownerOf(caller), request.body.code, Date.now());
        } catch (error) {
          // Only a wrong code is a recorded failure (not 2FA being off or required).
          if (!(error instanceof HttpError && error.statusCode === 401))
            await releaseAttempt(ctx.db, attemptId);
          throw error;
        }
        await releaseAttempt(ctx.db, attemptId);
        await recordStaffAction(ctx.db, actorOf(request), 'two_factor_disable', auditTarget(request));
        return { success: true, message: TWO_FACTOR_MSG.disabled };
      },
    );

    r.post(
      '/login/2fa',
      {
        config: PUBLIC,
        schema: {
          summary: 'Second step of a sign-in: a TOTP or recovery code; answers as /auth/login',
          body: ChallengeCodeBody,
          response: { 200: SessionResponse },
        },
      },
      async (request) =>
        loginWithCode(ctx, {
          token: request.body.challenge_token,
          code: request.body.code,
          ip: request.ip,
          userAgent: userAgentOf(request),
          now: Date.now(),
        }),
    );

    r.post(
      '/login/2fa/setup',
      {
        config: PUBLIC,
        schema: {
          summary: 'Required 2FA at sign-in: a new secret for the account of a setup challenge',
          body: ChallengeBody,
          response: { 200: TwoFactorSetupResponse },
        },
      },
      async (request) => loginSetup(ctx, request.body.challenge_token),
    );

    r.post(
      '/login/2fa/enable',
      {
        config: PUBLIC,
        schema: {
          summary: 'Required 2FA at sign-in: confirm a code; the session and the recovery codes, once',
          body: ChallengeCodeBody,
          response: { 200: LoginSetupEnableResponse },
        },
      },
      async (request) =>
        loginSetupEnable(ctx, {
          token: request.body.challenge_token,
          code: request.body.code,
          ip: request.ip,
          userAgent: userAgentOf(request),
          now: Date.now(),
        }),
    );
  };
}
