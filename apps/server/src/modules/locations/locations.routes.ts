// /admin|master/location-coordinate/api/v1/locations (SPEC §7 "Location coordinates").
import { CoordinatesBody, LocationIdParams } from '@portal/contract/locations';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as locations from './locations.service.ts';

const access = { access: 'staff' } as const;

export const locationRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'location-coordinate');

  r.get(
    '/:id',
    {
      config: access,
      schema: { summary: 'A location', params: LocationIdParams, response: { 200: R.LocationResponse } },
    },
    async (request) => ({
      success: true,
      location: await locations.getLocation(ctx.db, request.params.id),
    }),
  );

  r.patch(
    '/:id/coordinates',
    {
      config: access,
      schema: {
        summary: "Set a location's coordinates",
        params: LocationIdParams,
        body: CoordinatesBody,
        response: { 200: R.LocationResponse },
      },
    },
    async (request) => ({
      success: true,
      location: await locations.updateCoordinates(ctx.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
