// The signed-in staff member's own account under /auth (contract: account.ts). Access
// 'admin': an admin session with its X-Admin-Id, or the master's with its master key.
import {
  ACCOUNT_MSG,
  ChangePasswordBody,
  ChangePasswordResponse,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesBody,
} from '@portal/contract/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../db/audit.ts';
import type { AppContext } from '../http/context.ts';
import { staffRoutes } from '../http/staff-routes.ts';
import { changePassword, type Me, regenerateRecoveryCodes } from './account.service.ts';
import { callerOf } from './guard.ts';

const me = (request: FastifyRequest): Me => ({
  auth: callerOf(request),
  actor: actorOf(request),
  ip: request.ip,
});

export function accountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const own = staffRoutes(app, { access: 'admin' });

    own.post(
      '/password',
      {
        summary:
          'Change my password: the current one (a wrong one counts as a failed sign-in), then the new one; my other sessions end',
        body: ChangePasswordBody,
        response: ChangePasswordResponse,
      },
      async (request) => {
        const ended = await changePassword(ctx, me(request), request.body);
        return { message: ACCOUNT_MSG.passwordChanged, ended_sessions: ended };
      },
    );

    own.post(
      '/2fa/recovery-codes',
      {
        summary:
          'New recovery codes (the old ones stop working), after a current authenticator code or my password',
        body: RegenerateRecoveryCodesBody,
        response: RecoveryCodesResponse,
      },
      async (request) => {
        const codes = await regenerateRecoveryCodes(ctx, me(request), request.body, Date.now());
        return { message: ACCOUNT_MSG.recoveryCodesReplaced, recovery_codes: codes };
      },
    );
  };
}
