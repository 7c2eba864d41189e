// /public/business-registration/api/v1/business-registration (SPEC §7 "Public"): no sign-in,
// rate limited per client IP.
import { RegisterBusinessBody, VerifyExistsBody } from '@portal/contract/public-registration';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../db/audit.ts';
import type { AppContext } from '../../http/context.ts';
import * as registration from './public-registration.service.ts';
import { optionalStaffCaller } from './staff-caller.ts';

export const publicRegistrationRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const max = ctx.config.publicRateLimit;
  const config = { access: 'public', rateLimit: max > 0 ? { max, timeWindow: '1 minute' } : false } as const;

  r.get(
    '/health',
    {
      config,
      schema: { summary: 'Health of the public registration service', response: { 200: R.HealthResponse } },
    },
    async () => ({
      success: true,
      service: 'public-business-registration',
      status: 'healthy',
    }),
  );

  r.post(
    '/register',
    {
      config,
      schema: {
        summary: 'Register a business (a staff token, when sent, is named in the change log)',
        body: RegisterBusinessBody,
        response: { 201: R.BusinessRegisteredResponse },
      },
    },
    async (request, reply) => {
      const staff = await optionalStaffCaller(request, ctx.db, ctx.tokens.secret);
      request.auth = staff; // the change log names the staff member who registered it
      const result = await registration.registerBusiness(
        ctx,
        actorOf(request),
        request.body,
        staff,
        (error) => request.log.error({ err: error }, 'temporary password mail failed'),
      );
      return reply.status(201).send({ success: true, ...result });
    },
  );

  r.post(
    '/verify',
    {
      config,
      schema: {
        summary: 'Whether an email or phone is already registered',
        body: VerifyExistsBody,
        response: { 200: R.ExistsResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await registration.verifyExists(ctx, request.body)),
    }),
  );
};
