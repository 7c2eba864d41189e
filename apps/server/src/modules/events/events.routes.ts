// /admin|master/business-events/api/v1/business-events (SPEC §7 "Events").
import { EventListQuery } from '@portal/contract/events';
import { idParams } from '@portal/contract/ids';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as events from './events.service.ts';

const access = { access: 'staff' } as const;

export const eventRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-events');
  const params = { params: RegistryParams };

  r.get(
    '/registry/:registry',
    {
      config: access,
      schema: {
        summary: "A business's events",
        ...params,
        querystring: EventListQuery,
        response: { 200: R.EventListResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await events.listEvents(ctx.db, request.params.registry, request.query)),
    }),
  );

  r.get(
    '/registry/:registry/stats',
    {
      config: access,
      schema: {
        summary: 'Event statistics of a business',
        ...params,
        response: { 200: R.EventStatsResponse },
      },
    },
    async (request) => ({
      success: true,
      stats: await events.eventStats(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/statuses',
    {
      config: access,
      schema: {
        summary: 'Event statuses of a business with counts',
        ...params,
        response: { 200: R.StatusesResponse },
      },
    },
    async (request) => ({
      success: true,
      statuses: await events.eventStatuses(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/statuses',
    {
      config: access,
      schema: { summary: 'Event statuses with counts', response: { 200: R.StatusesResponse } },
    },
    async () => ({
      success: true,
      statuses: await events.eventStatuses(ctx.db, null),
    }),
  );

  r.get(
    '/event/:id',
    {
      config: access,
      schema: {
        summary: 'An event by id',
        params: idParams(MSG.eventIdRequired),
        response: { 200: R.EventResponse },
      },
    },
    async (request) => ({
      success: true,
      event: await events.getEvent(ctx.db, request.params.id),
    }),
  );
};
