// /admin|master/business-services/api/v1/business-services (SPEC §7 "Services").
import { idParams } from '@portal/contract/ids';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import { ServiceListQuery } from '@portal/contract/services';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as services from './services.service.ts';

const access = { access: 'staff' } as const;

export const serviceRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-services');
  const params = { params: RegistryParams };

  r.get(
    '/registry/:registry',
    { config: access, schema: { ...params, querystring: ServiceListQuery } },
    async (request) => ({
      success: true,
      ...(await services.listServices(ctx.db, request.params.registry, request.query)),
    }),
  );

  r.get('/registry/:registry/stats', { config: access, schema: params }, async (request) => ({
    success: true,
    stats: await services.serviceStats(ctx.db, request.params.registry),
  }));

  r.get('/registry/:registry/categories', { config: access, schema: params }, async (request) => ({
    success: true,
    categories: await services.serviceCategories(ctx.db, request.params.registry),
  }));

  r.get('/registry/:registry/price-types', { config: access, schema: params }, async (request) => ({
    success: true,
    price_types: await services.servicePriceTypes(ctx.db, request.params.registry),
  }));

  r.get('/categories', { config: access }, async () => ({
    success: true,
    categories: await services.serviceCategories(ctx.db, null),
  }));

  r.get('/price-types', { config: access }, async () => ({
    success: true,
    price_types: await services.servicePriceTypes(ctx.db, null),
  }));

  r.get(
    '/service/:id',
    { config: access, schema: { params: idParams(MSG.serviceIdRequired) } },
    async (request) => ({
      success: true,
      service: await services.getService(ctx.db, request.params.id),
    }),
  );
};
