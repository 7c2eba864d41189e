// /admin|master/business-subscriptions/api/v1/business-subscriptions (SPEC §7 "Subscriptions").
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import { SubscriptionHistoryQuery } from '@portal/contract/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as subscriptions from './subscriptions.service.ts';

const access = { access: 'staff' } as const;

export const subscriptionRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-subscriptions');

  r.get(
    '/registry/:registry',
    {
      config: access,
      schema: {
        summary: "A business's current subscription",
        params: RegistryParams,
        response: { 200: R.SubscriptionResponse },
      },
    },
    async (request) => ({
      success: true,
      subscription: await subscriptions.currentSubscription(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/history',
    {
      config: access,
      schema: {
        summary: "A business's billing history",
        params: RegistryParams,
        querystring: SubscriptionHistoryQuery,
        response: { 200: R.SubscriptionHistoryResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await subscriptions.subscriptionHistory(
        ctx.db,
        request.params.registry,
        request.query.limit,
        request.query.offset,
      )),
    }),
  );
};
