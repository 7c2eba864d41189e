// POST /{admin|master}/email-verification/send-code (SPEC §7, DESIGN §8).
import { SendCodeBody } from '@portal/contract/email-verification';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { rejectInvalidBody } from '../shared-codes/codes.ts';
import * as service from './email-verification.service.ts';

export function emailVerificationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    familyHealth(app, 'email-verification');

    r.post(
      '/send-code',
      {
        config: { access: 'staff' },
        attachValidation: true,
        schema: {
          summary: 'Send an email verification code',
          body: SendCodeBody,
          response: { 200: R.SendCodeResponse },
        },
      },
      async (request) => {
        rejectInvalidBody(request.validationError, MSG.sendCodeInvalid);
        return {
          success: true,
          ...(await service.sendVerificationCode(ctx, actorOf(request), request.body.email)),
        };
      },
    );
  };
}
