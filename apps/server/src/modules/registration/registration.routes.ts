// /admin|master/business-registration/api/v1/business-registration (SPEC §7 "Registration management").

import { LIMITS } from '@portal/contract/limits';
import { limitSchema, offsetSchema, RegistryParams } from '@portal/contract/list-filters';
import { LocationCreateBody } from '@portal/contract/locations';
import { RegistrationListQuery } from '@portal/contract/registration';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as registrations from './registration.service.ts';

const access = { access: 'staff' } as const;
const params = { params: RegistryParams };
const LookupQuery = z.object({ limit: limitSchema(LIMITS.contentLookupLimit), offset: offsetSchema });

export const registrationRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-registration');

  r.get(
    '/registrations',
    {
      config: access,
      schema: {
        summary: 'List business registrations',
        querystring: RegistrationListQuery,
        response: { 200: R.RegistrationListResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await registrations.listRegistrations(ctx.db, request.query)),
    }),
  );

  r.get(
    '/registry/:registry',
    {
      config: access,
      schema: { summary: 'A business registration', ...params, response: { 200: R.RegistrationResponse } },
    },
    async (request) => ({
      success: true,
      registration: await registrations.getRegistration(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/locations',
    {
      config: access,
      schema: { summary: "A business's locations", ...params, response: { 200: R.LocationListResponse } },
    },
    async (request) => ({
      success: true,
      ...(await registrations.listLocations(ctx.db, request.params.registry)),
    }),
  );

  r.post(
    '/registry/:registry/locations',
    {
      config: access,
      schema: {
        summary: 'Add a location to a business',
        ...params,
        body: LocationCreateBody,
        response: { 201: R.LocationCreatedResponse },
      },
    },
    async (request, reply) => {
      const location = await registrations.addLocation(
        ctx.db,
        actorOf(request),
        request.params.registry,
        request.body,
      );
      return reply.status(201).send({ success: true, location });
    },
  );

  r.get(
    '/registry/:registry/subscription',
    {
      config: access,
      schema: {
        summary: "A business's current subscription",
        ...params,
        response: { 200: R.SubscriptionResponse },
      },
    },
    async (request) => ({
      success: true,
      subscription: await registrations.registrationSubscription(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/employees',
    {
      config: access,
      schema: {
        summary: "A business's employees",
        ...params,
        querystring: LookupQuery,
        response: { 200: R.EmployeeListResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await registrations.registrationEmployees(
        ctx.db,
        request.params.registry,
        request.query.limit,
        request.query.offset,
      )),
    }),
  );

  r.get(
    '/registry/:registry/schedule',
    {
      config: access,
      schema: { summary: "A business's opening hours", ...params, response: { 200: R.ScheduleResponse } },
    },
    async (request) => ({
      success: true,
      schedule: await registrations.registrationSchedule(ctx.db, request.params.registry),
    }),
  );
};
