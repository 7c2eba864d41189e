// POST /{admin|master}/email-change/api/v1/email-change/... (SPEC §7 "Email change").
import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { EmailChangeCompleteBody, EmailChangeInitiateBody } from '@portal/contract/email-change';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { preconditionOf } from '../../http/if-match.ts';
import { rejectInvalidBody } from '../shared-codes/codes.ts';
import * as service from './email-change.service.ts';

const staff = { access: 'staff', denied: MSG.emailChangeAccessDenied } as const;

export function emailChangeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    familyHealth(app, 'email-change');

    r.post(
      '/initiate',
      {
        config: staff,
        attachValidation: true,
        schema: {
          summary: "Send a code to change a business's email",
          headers: IfMatchHeaders,
          body: EmailChangeInitiateBody,
          response: { 200: R.EmailChangeResponse },
        },
      },
      async (request) => {
        rejectInvalidBody(request.validationError, MSG.invalidRequestData);
        return {
          success: true,
          ...(await service.initiateEmailChange(
            ctx,
            actorOf(request),
            request.body,
            preconditionOf(request),
          )),
        };
      },
    );

    r.post(
      '/complete',
      {
        config: staff,
        attachValidation: true,
        schema: {
          summary: 'Complete an email change with its code',
          headers: IfMatchHeaders,
          body: EmailChangeCompleteBody,
          response: { 200: R.EmailChangeResponse },
        },
      },
      async (request) => {
        rejectInvalidBody(request.validationError, MSG.invalidRequestData);
        return {
          success: true,
          ...(await service.completeEmailChange(
            ctx.db,
            actorOf(request),
            request.body,
            preconditionOf(request),
          )),
        };
      },
    );
  };
}
