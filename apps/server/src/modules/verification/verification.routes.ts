// /{admin|master}/verification/... (SPEC §7 "Verification"; no /api/v1, DESIGN §8).

import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import { VERIFICATION_UPDATED, VerificationUpdateBody } from '@portal/contract/verification';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { preconditionOf, sendEtag } from '../../http/if-match.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as service from './verification.service.ts';

export function verificationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { get, patch } = staffRoutes(app);
    familyHealth(app, 'verification');
    const params = RegistryParams;

    get(
      '/stats',
      { summary: 'Verification statistics', response: R.VerificationStatsResponse },
      async () => ({
        stats: await service.verificationStats(ctx.db),
      }),
    );

    get(
      '/registry/:registry',
      { summary: "A business's verification status", params, response: R.VerificationResponse },
      async (request, reply) => {
        const verification = await service.getVerification(ctx.db, request.params.registry);
        sendEtag(reply, verification.version);
        return { verification_status: verification };
      },
    );

    patch(
      '/registry/:registry',
      {
        summary: "Set a business's email/phone/admin verification",
        params,
        headers: IfMatchHeaders,
        body: VerificationUpdateBody,
        response: R.VerificationUpdatedResponse,
      },
      async (request) => ({
        message: VERIFICATION_UPDATED,
        verification_status: await service.setVerification(
          ctx.db,
          actorOf(request),
          request.params.registry,
          request.body,
          preconditionOf(request),
        ),
      }),
    );
  };
}
