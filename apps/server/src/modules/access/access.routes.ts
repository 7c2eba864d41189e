// /admin|master/business-access/api/v1/business-access (SPEC §7 "Access").
import {
  AccessDefaultQuery,
  AccessHistoryQuery,
  AccessTargetParams,
  AccessToggleBody,
} from '@portal/contract/access';
import { IfMatchHeaders } from '@portal/contract/edit-conflicts';
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/guard.ts';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { preconditionOf, sendEtag } from '../../http/if-match.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as access from './access.service.ts';

export const accessRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { get, patch, post } = staffRoutes(app);
  familyHealth(app, 'business-access');
  const params = RegistryParams;

  get(
    '/registry/:registry',
    { summary: "A business's access records", params, response: R.AccessListResponse },
    (request) => access.listAccess(ctx.db, callerOf(request), request.params.registry),
  );

  get(
    '/registry/:registry/master',
    { summary: "A business's master access record", params, response: R.AccessControlResponse },
    async (request, reply) => {
      const record = await access.masterAccess(ctx.db, callerOf(request), request.params.registry);
      sendEtag(reply, record.version);
      return { access_control: record };
    },
  );

  // Beyond SPEC §7: the toggle changes the service already logs, newest first.
  get(
    '/registry/:registry/history',
    {
      summary: "Changes of a business's access records",
      params,
      querystring: AccessHistoryQuery,
      response: R.AccessHistoryResponse,
    },
    (request) => access.accessHistory(ctx.db, callerOf(request), request.params.registry, request.query),
  );

  patch(
    '/registry/:registry/admin/:adminId',
    {
      summary: "Turn an admin's access to a part of a business on or off",
      params: AccessTargetParams,
      headers: IfMatchHeaders,
      body: AccessToggleBody,
      response: R.AccessChangedResponse,
    },
    async (request, reply) => {
      const result = await access.changeAccess(
        ctx.db,
        actorOf(request),
        callerOf(request),
        request.params,
        request.body,
        preconditionOf(request),
      );
      sendEtag(reply, result.access_control.version);
      return result;
    },
  );

  post(
    '/registry/:registry/default',
    {
      summary: "Create the caller's default (or the master) access record",
      params,
      querystring: AccessDefaultQuery,
      response: R.AccessChangedResponse,
      status: 201,
    },
    (request) =>
      access.createDefaultAccess(
        ctx.db,
        actorOf(request),
        callerOf(request),
        request.params.registry,
        request.query.master === true,
      ),
  );
};
