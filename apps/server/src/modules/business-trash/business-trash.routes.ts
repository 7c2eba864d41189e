// /master/business-trash/api/v1/business-trash/...: the master's trash of deleted
// businesses. Master only: an admin gets 403 on every route.
import { TRASH_MSG, TrashListQuery } from '@portal/contract/business-trash';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as service from './business-trash.service.ts';

export function businessTrashRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const route = staffRoutes(app, { access: 'master', denied: TRASH_MSG.onlyMaster });
    route.health('business-trash');

    route.get(
      '/',
      {
        summary: 'Deleted businesses waiting in the trash, newest deletion first',
        querystring: TrashListQuery,
        response: R.TrashListResponse,
      },
      (request) => service.listTrash(ctx.db, request.query),
    );

    route.post(
      '/registry/:registry/restore',
      {
        summary:
          'Bring a deleted business back with its history, content, locations, access and subscription',
        params: RegistryParams,
        response: R.TrashRestoredResponse,
      },
      (request) =>
        service.restoreBusiness(ctx.db, actorOf(request), request.params.registry, {
          log: request.log,
          counters: ctx.webhookCounters,
        }),
    );

    route.delete(
      '/registry/:registry',
      {
        summary: 'Delete a business in the trash for good',
        params: RegistryParams,
        response: R.TrashPurgedResponse,
      },
      (request) => service.purgeBusiness(ctx.db, actorOf(request), request.params.registry),
    );
  };
}
