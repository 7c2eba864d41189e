// GET/PUT /master/two-factor/api/v1/policy: whether admins must use a second factor. Master only; a
// change is a row in the staff audit. Requiring it ends the open sessions of admins who have not
// turned it on; the policy says how many those are now, for the confirmation.
import { TWO_FACTOR_MSG, TwoFactorPolicyBody, TwoFactorPolicyResponse } from '@portal/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, writeTransaction } from '../db/audit.ts';
import type { AppContext } from '../http/context.ts';
import { staffRoutes } from '../http/staff-routes.ts';
import { recordStaffAction } from '../modules/staff-audit/record.ts';
import { revokeAdminSessions } from './session.service.ts';
import {
  lockPolicy,
  readRequireAdmins,
  signedInAdminsWithoutTwoFactor,
  writeRequireAdmins,
} from './two-factor.repository.ts';

async function policy(ctx: AppContext) {
  const setting = await readRequireAdmins(ctx.db);
  return {
    admins_require_2fa: setting.value,
    updated_at: setting.updatedAt,
    updated_by: setting.updatedBy,
    admins_signed_in_without_2fa: (await signedInAdminsWithoutTwoFactor(ctx.db)).length,
  };
}

export function twoFactorPolicyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { get, put } = staffRoutes(app, { access: 'master' });

    get('/policy', { summary: 'Whether admins must use 2FA', response: TwoFactorPolicyResponse }, () =>
      policy(ctx),
    );

    put(
      '/policy',
      {
        summary: 'Require (or stop requiring) 2FA for admins',
        body: TwoFactorPolicyBody,
        response: TwoFactorPolicyResponse.extend({
          admins_signed_out: z
            .number()
            .describe('Admins without 2FA whose open sessions this change ended (when it requires it)'),
          message: TwoFactorPolicyResponse.shape.updated_by.unwrap(),
        }),
      },
      async (request) => {
        const actor = actorOf(request);
        const next = request.body.admins_require_2fa;
        const signedOut = await writeTransaction(ctx.db, actor, async (trx) => {
          await lockPolicy(trx, 'change');
          const before = await readRequireAdmins(trx);
          await writeRequireAdmins(trx, next, actor.changedBy);
          if (before.value === next) return 0;
          // Required from now on: a session opened without the second factor would outlive the
          // rule by up to its 12 hours, so those admins sign in again (and set it up then).
          const admins = next ? await signedInAdminsWithoutTwoFactor(trx) : [];
          await revokeAdminSessions(trx, admins);
          await recordStaffAction(trx, actor, 'two_factor_policy', null, {
            admins_require_2fa: { from: before.value, to: next },
            ...(next ? { admins_signed_out: admins.length } : {}),
          });
          return admins.length;
        });
        return {
          ...(await policy(ctx)),
          admins_signed_out: signedOut,
          message: TWO_FACTOR_MSG.policyUpdated,
        };
      },
    );
  };
}
