// /admin|master/business-services/api/v1/business-services (SPEC §7 "Services").
import { idParams } from '@portal/contract/ids';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import * as R from '@portal/contract/responses';
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
    {
      config: access,
      schema: {
        summary: "A business's services",
        ...params,
        querystring: ServiceListQuery,
        response: { 200: R.ServiceListResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await services.listServices(ctx.db, request.params.registry, request.query)),
    }),
  );

  r.get(
    '/registry/:registry/stats',
    {
      config: access,
      schema: {
        summary: 'Service statistics of a business',
        ...params,
        response: { 200: R.ServiceStatsResponse },
      },
    },
    async (request) => ({
      success: true,
      stats: await services.serviceStats(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/categories',
    {
      config: access,
      schema: {
        summary: 'Service categories of a business with counts',
        ...params,
        response: { 200: R.CategoriesResponse },
      },
    },
    async (request) => ({
      success: true,
      categories: await services.serviceCategories(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/price-types',
    {
      config: access,
      schema: {
        summary: 'Service price types of a business with counts',
        ...params,
        response: { 200: R.PriceTypesResponse },
      },
    },
    async (request) => ({
      success: true,
      price_types: await services.servicePriceTypes(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/categories',
    {
      config: access,
      schema: { summary: 'Service categories with counts', response: { 200: R.CategoriesResponse } },
    },
    async () => ({
      success: true,
      categories: await services.serviceCategories(ctx.db, null),
    }),
  );

  r.get(
    '/price-types',
    {
      config: access,
      schema: { summary: 'Service price types with counts', response: { 200: R.PriceTypesResponse } },
    },
    async () => ({
      success: true,
      price_types: await services.servicePriceTypes(ctx.db, null),
    }),
  );

  r.get(
    '/service/:id',
    {
      config: access,
      schema: {
        summary: 'A service by id',
        params: idParams(MSG.serviceIdRequired),
        response: { 200: R.ServiceResponse },
      },
    },
    async (request) => ({
      success: true,
      service: await services.getService(ctx.db, request.params.id),
    }),
  );
};
