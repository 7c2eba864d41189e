// The second factor's calls under /auth (contract: two-factor.ts).
//   /auth/2fa, /auth/2fa/setup|enable|disable   the signed-in staff member's own 2FA ('admin':
//                                               an admin or master session, with its headers;
//                                               enable also takes the current password)
//   /auth/login/2fa, /auth/login/2fa/setup|enable  public at the guard: the challenge token decides
import { MessageResponse, SessionResponse } from '@portal/contract/responses';
import {
  ChallengeBody,
  ChallengeCodeBody,
  LoginSetupEnableResponse,
  TWO_FACTOR_MSG,
  TwoFactorCodeBody,
  TwoFactorEnableBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@portal/contract/two-factor';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../db/audit.ts';
import type { AppContext } from '../http/context.ts';
import { HttpError } from '../http/http-error.ts';
import { staffRoutes } from '../http/staff-routes.ts';
import { recordStaffAction } from '../modules/staff-audit/record.ts';
import { reserveOrRefuse } from './auth.service.ts';
import { callerOf } from './guard.ts';
import { releaseAttempt } from './login-attempts.repository.ts';
import { disable, ownerOf, setup, status } from './two-factor.service.ts';
import { enableWithPassword } from './two-factor-enable.service.ts';
import { loginSetup, loginSetupEnable, loginWithCode } from './two-factor-login.service.ts';

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
    // The signed-in staff member's own second factor: an admin or master session, with its headers.
    const own = staffRoutes(app, { access: 'admin' });
    // Public at the guard: the challenge token of the sign-in decides.
    const signIn = staffRoutes(app, { access: 'public' });

    own.get(
      '/2fa',
      { summary: 'Whether my second factor is on (and required)', response: TwoFactorStatusResponse },
      (request) => status(ctx, ownerOf(callerOf(request))),
    );

    own.post(
      '/2fa/setup',
      { summary: 'A new TOTP secret for me, not active until enabled', response: TwoFactorSetupResponse },
      (request) => setup(ctx, ownerOf(callerOf(request)), labelOf(ctx, request)),
    );

    own.post(
      '/2fa/enable',
      {
        summary:
          'Turn my second factor on with my password (a wrong one counts as a failed sign-in) and a current code; the recovery codes, once',
        body: TwoFactorEnableBody,
        response: TwoFactorEnableResponse,
      },
      async (request) => {
        const me = { auth: callerOf(request), actor: actorOf(request), ip: request.ip };
        // The audit row is written with the change: 2FA is never on without it.
        const codes = await enableWithPassword(ctx, me, request.body, Date.now(), (trx) =>
          recordStaffAction(trx, me.actor, 'two_factor_enable', auditTarget(request)),
        );
        return { message: TWO_FACTOR_MSG.enabled, recovery_codes: codes };
      },
    );

    own.post(
      '/2fa/disable',
      {
        summary: 'Turn my second factor off with a current or recovery code',
        body: TwoFactorCodeBody,
        response: MessageResponse,
      },
      async (request) => {
        const caller = callerOf(request);
        // A wrong code counts toward the sign-in lockouts, so a stolen session cannot guess its way.
        const identifier = (caller.email ?? ctx.config.masterIdentifier).toLowerCase();
        const attemptId = await reserveOrRefuse(ctx, identifier, request.ip);
        try {
          // The audit rows are written with the change: 2FA is never off without them.
          await disable(ctx, ownerOf(caller), request.body.code, Date.now(), async (trx, kind) => {
            const actor = actorOf(request);
            if (kind === 'recovery_code')
              await recordStaffAction(trx, actor, 'recovery_code_used', auditTarget(request), {
                during: 'disable',
              });
            await recordStaffAction(trx, actor, 'two_factor_disable', auditTarget(request));
          });
        } catch (error) {
          // Only a wrong code is a recorded failure (not 2FA being off or required).
          if (!(error instanceof HttpError && error.statusCode === 401))
            await releaseAttempt(ctx.db, attemptId);
          else
            await recordStaffAction(ctx.db, actorOf(request), 'two_factor_failed', auditTarget(request), {
              during: 'disable',
            });
          throw error;
        }
        await releaseAttempt(ctx.db, attemptId);
        return { message: TWO_FACTOR_MSG.disabled };
      },
    );

    /** What a code step of a sign-in passes on: the challenge, the code, and where it comes from. */
    const codeStep = (request: FastifyRequest & { body: { challenge_token: string; code: string } }) => ({
      token: request.body.challenge_token,
      code: request.body.code,
      ip: request.ip,
      userAgent: userAgentOf(request),
      now: Date.now(),
    });

    signIn.post(
      '/login/2fa',
      {
        summary: 'Second step of a sign-in: a TOTP or recovery code; answers as /auth/login',
        body: ChallengeCodeBody,
        response: SessionResponse,
      },
      (request) => loginWithCode(ctx, codeStep(request)),
    );

    signIn.post(
      '/login/2fa/setup',
      {
        summary: 'Required 2FA at sign-in: a new secret for the account of a setup challenge',
        body: ChallengeBody,
        response: TwoFactorSetupResponse,
      },
      (request) => loginSetup(ctx, request.body.challenge_token),
    );

    signIn.post(
      '/login/2fa/enable',
      {
        summary: 'Required 2FA at sign-in: confirm a code; the session and the recovery codes, once',
        body: ChallengeCodeBody,
        response: LoginSetupEnableResponse,
      },
      (request) => loginSetupEnable(ctx, codeStep(request)),
    );
  };
}
