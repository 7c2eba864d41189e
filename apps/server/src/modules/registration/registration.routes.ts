// /admin|master/business-registration/api/v1/business-registration (SPEC §7 "Registration management").

import { LIMITS } from '@portal/contract/limits';
import { limitSchema, offsetSchema, RegistryParams } from '@portal/contract/list-filters';
import { LocationCreateBody } from '@portal/contract/locations';
import { RegistrationListQuery } from '@portal/contract/registration';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as registrations from './registration.service.ts';

const params = RegistryParams;
const LookupQuery = z.object({ limit: limitSchema(LIMITS.contentLookupLimit), offset: offsetSchema });

export const registrationRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { get, post } = staffRoutes(app);
  familyHealth(app, 'business-registration');

  get(
    '/registrations',
    {
      summary: 'List business registrations',
      querystring: RegistrationListQuery,
      response: R.RegistrationListResponse,
    },
    (request) => registrations.listRegistrations(ctx.db, request.query),
  );

  get(
    '/registry/:registry',
    { summary: 'A business registration', params, response: R.RegistrationResponse },
    async (request) => ({
      registration: await registrations.getRegistration(ctx.db, request.params.registry),
    }),
  );

  get(
    '/registry/:registry/locations',
    { summary: "A business's locations", params, response: R.LocationListResponse },
    (request) => registrations.listLocations(ctx.db, request.params.registry),
  );

  post(
    '/registry/:registry/locations',
    {
      summary: 'Add a location to a business',
      params,
      body: LocationCreateBody,
      response: R.LocationCreatedResponse,
      status: 201,
    },
    async (request) => ({
      location: await registrations.addLocation(
        ctx.db,
        actorOf(request),
        request.params.registry,
        request.body,
      ),
    }),
  );

  get(
    '/registry/:registry/subscription',
    { summary: "A business's current subscription", params, response: R.SubscriptionResponse },
    async ({ params: { registry } }) => ({
      subscription: await registrations.registrationSubscription(ctx.db, registry),
    }),
  );

  get(
    '/registry/:registry/employees',
    { summary: "A business's employees", params, querystring: LookupQuery, response: R.EmployeeListResponse },
    ({ params: { registry }, query }) =>
      registrations.registrationEmployees(ctx.db, registry, query.limit, query.offset),
  );

  get(
    '/registry/:registry/schedule',
    { summary: "A business's opening hours", params, response: R.ScheduleResponse },
    async (request) => ({
      schedule: await registrations.registrationSchedule(ctx.db, request.params.registry),
    }),
  );
};
