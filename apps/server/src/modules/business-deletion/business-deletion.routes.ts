// DELETE /master/business-deletion/{registry} (SPEC §7): master only; If-Match as DESIGN §3.
import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { preconditionOf } from '../../http/if-match.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as service from './business-deletion.service.ts';

export function businessDeletionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = staffRoutes(app, { access: 'master', denied: MSG.deletionMasterOnly });
    route.health('business-deletion');

    route.delete(
      '/:registry',
      {
        summary: 'Delete a business and everything it owns',
        params: RegistryParams,
        headers: IfMatchHeaders,
        response: R.BusinessDeletedResponse,
      },
      (request) =>
        service.deleteBusiness(ctx.db, actorOf(request), request.params.registry, preconditionOf(request)),
    );
  };
}
