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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../auth/guard.ts';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { preconditionOf, sendEtag } from '../../http/if-match.ts';
import * as access from './access.service.ts';

const staff = { access: 'staff' } as const;

export const accessRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-access');

  r.get(
    '/registry/:registry',
    {
      config: staff,
      schema: {
        summary: "A business's access records",
        params: RegistryParams,
        response: { 200: R.AccessListResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await access.listAccess(ctx.db, callerOf(request), request.params.registry)),
    }),
  );

  r.get(
    '/registry/:registry/master',
    {
      config: staff,
      schema: {
        summary: "A business's master access record",
        params: RegistryParams,
        response: { 200: R.AccessControlResponse },
      },
    },
    async (request, reply) => {
      const record = await access.masterAccess(ctx.db, callerOf(request), request.params.registry);
      sendEtag(reply, record.version);
      return { success: true, access_control: record };
    },
  );

  // Beyond SPEC §7: the toggle changes the service already logs, newest first.
  r.get(
    '/registry/:registry/history',
    {
      config: staff,
      schema: {
        summary: "Changes of a business's access records",
        params: RegistryParams,
        querystring: AccessHistoryQuery,
        response: { 200: R.AccessHistoryResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await access.accessHistory(ctx.db, callerOf(request), request.params.registry, request.query)),
    }),
  );

  r.patch(
    '/registry/:registry/admin/:adminId',
    {
      config: staff,
      schema: {
        summary: "Turn an admin's access to a part of a business on or off",
        params: AccessTargetParams,
        headers: IfMatchHeaders,
        body: AccessToggleBody,
        response: { 200: R.AccessChangedResponse },
      },
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
      return { success: true, ...result };
    },
  );

  r.post(
    '/registry/:registry/default',
    {
      config: staff,
      schema: {
        summary: "Create the caller's default (or the master) access record",
        params: RegistryParams,
        querystring: AccessDefaultQuery,
        response: { 201: R.AccessChangedResponse },
      },
    },
    async (request, reply) => {
      const result = await access.createDefaultAccess(
        ctx.db,
        actorOf(request),
        callerOf(request),
        request.params.registry,
        request.query.master === true,
      );
      return reply.status(201).send({ success: true, ...result });
    },
  );
};
