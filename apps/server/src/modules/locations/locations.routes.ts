// /admin|master/location-coordinate/api/v1/locations (SPEC §7 "Location coordinates").
import { CoordinatesBody, LocationIdParams } from '@portal/contract/locations';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as locations from './locations.service.ts';

export const locationRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { get, patch } = staffRoutes(app);
  familyHealth(app, 'location-coordinate');
  const params = LocationIdParams;
  const response = R.LocationResponse;

  get('/:id', { summary: 'A location', params, response }, async (request) => ({
    location: await locations.getLocation(ctx.db, request.params.id),
  }));

  patch(
    '/:id/coordinates',
    { summary: "Set a location's coordinates", params, body: CoordinatesBody, response },
    async (request) => ({
      location: await locations.updateCoordinates(ctx.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
