// DELETE /master/business-deletion/{registry} (SPEC §7): master only.
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import * as service from './business-deletion.service.ts';

const masterOnly = { access: 'master', denied: MSG.deletionMasterOnly } as const;

export function businessDeletionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/health',
      {
        config: masterOnly,
        schema: { summary: 'Health of the business deletion service', response: { 200: R.HealthResponse } },
      },
      async () => ({
        success: true,
        service: 'business-deletion',
        status: 'healthy',
      }),
    );

    r.delete(
      '/:registry',
      {
        config: masterOnly,
        schema: {
          summary: 'Delete a business and everything it owns',
          params: RegistryParams,
          response: { 200: R.BusinessDeletedResponse },
        },
      },
      async (request) => ({
        success: true,
        ...(await service.deleteBusiness(ctx.db, actorOf(request), request.params.registry)),
      }),
    );
  };
}
