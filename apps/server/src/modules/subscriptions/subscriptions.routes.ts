// /admin|master/business-subscriptions/api/v1/business-subscriptions (SPEC §7 "Subscriptions").
import { RegistryParams } from '@portal/contract/list-filters';
import * as R from '@portal/contract/responses';
import { SubscriptionHistoryQuery } from '@portal/contract/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import { staffRoutes } from '../../http/staff-routes.ts';
import * as subscriptions from './subscriptions.service.ts';

export const subscriptionRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { get } = staffRoutes(app);
  familyHealth(app, 'business-subscriptions');
  const params = RegistryParams;

  get(
    '/registry/:registry',
    { summary: "A business's current subscription", params, response: R.SubscriptionResponse },
    async (request) => ({
      subscription: await subscriptions.currentSubscription(ctx.db, request.params.registry),
    }),
  );

  get(
    '/registry/:registry/history',
    {
      summary: "A business's billing history",
      params,
      querystring: SubscriptionHistoryQuery,
      response: R.SubscriptionHistoryResponse,
    },
    async ({ params: { registry }, query }) =>
      subscriptions.subscriptionHistory(ctx.db, registry, query.limit, query.offset),
  );
};
