// POST /{admin|master}/email-change/api/v1/email-change/... (SPEC §7 "Email change").
import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { EmailChangeCompleteBody, EmailChangeInitiateBody } from '@portal/contract/email-change';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { preconditionOf } from '../../http/if-match.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import { rejectInvalidBody } from '../shared-codes/codes.ts';
import * as service from './email-change.service.ts';

export function emailChangeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { post } = staffRoutes(app, { access: 'staff', denied: MSG.emailChangeAccessDenied });
    familyHealth(app, 'email-change');
    // A body its schema refuses answers the family's own 400 (SPEC §7), not the generic one.
    const schema = <B>(summary: string, body: z.ZodType<B>) =>
      ({
        summary,
        headers: IfMatchHeaders,
        body,
        response: R.EmailChangeResponse,
        attachValidation: true,
      }) as const;

    post(
      '/initiate',
      schema("Send a code to change a business's email", EmailChangeInitiateBody),
      (request) => {
        rejectInvalidBody(request.validationError, MSG.invalidRequestData);
        return service.initiateEmailChange(ctx, actorOf(request), request.body, preconditionOf(request));
      },
    );

    post(
      '/complete',
      schema('Complete an email change with its code', EmailChangeCompleteBody),
      (request) => {
        rejectInvalidBody(request.validationError, MSG.invalidRequestData);
        return service.completeEmailChange(ctx.db, actorOf(request), request.body, preconditionOf(request));
      },
    );
  };
}
