// POST /{admin|master}/business-data/api/v1/business-data/bulk and GET …/registry-numbers
//: bulk actions on the directory, and the registry numbers of a whole search for
// 'Seleccionar los N resultados'. Served under the business-data family's prefix.
import { BULK_MAX_BUSINESSES, BusinessBulkBody } from '@portal/contract/business-bulk';
import { businessSearchQuery } from '@portal/contract/business-data';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/guard.ts';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { forbidden } from '../../http/http-error.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as service from './business-bulk.service.ts';

export function businessBulkRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const { get, post } = staffRoutes(app);

    post(
      '/bulk',
      {
        summary: `Verify, update or delete (master only) up to ${BULK_MAX_BUSINESSES} businesses, one result line each`,
        body: BusinessBulkBody,
        response: R.BusinessBulkResponse,
      },
      async (request) => {
        // Refused whole, before any business is touched.
        if (request.body.action === 'delete' && callerOf(request).loginType !== 'master')
          throw forbidden(MSG.deletionMasterOnly);
        return service.runBusinessBulk(ctx.db, actorOf(request), request.body, request.log);
      },
    );

    get(
      '/registry-numbers',
      {
        summary: `The registry numbers of a whole directory search (the list's filters and order), up to ${BULK_MAX_BUSINESSES}`,
        querystring: businessSearchQuery(BULK_MAX_BUSINESSES),
        response: R.RegistryNumbersResponse,
      },
      (request) => service.searchRegistryNumbers(ctx.db, request.query),
    );
  };
}
