// /{admin|master}/verification/... (SPEC §7 "Verification"; no /api/v1, DESIGN §8).

import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import { VERIFICATION_UPDATED, VerificationUpdateBody } from '@portal/contract/verification';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { preconditionOf, sendEtag } from '../../http/if-match.ts';
import * as service from './verification.service.ts';

const staff = { access: 'staff' } as const;

export function verificationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    familyHealth(app, 'verification');

    r.get(
      '/stats',
      {
        config: staff,
        schema: { summary: 'Verification statistics', response: { 200: R.VerificationStatsResponse } },
      },
      async () => ({
        success: true,
        stats: await service.verificationStats(ctx.db),
      }),
    );

    r.get(
      '/registry/:registry',
      {
        config: staff,
        schema: {
          summary: "A business's verification status",
          params: RegistryParams,
          response: { 200: R.VerificationResponse },
        },
      },
      async (request, reply) => {
        const verification = await service.getVerification(ctx.db, request.params.registry);
        sendEtag(reply, verification.version);
        return { success: true, verification_status: verification };
      },
    );

    r.patch(
      '/registry/:registry',
      {
        config: staff,
        schema: {
          summary: "Set a business's email/phone/admin verification",
          params: RegistryParams,
          headers: IfMatchHeaders,
          body: VerificationUpdateBody,
          response: { 200: R.VerificationUpdatedResponse },
        },
      },
      async (request) => ({
        success: true,
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
