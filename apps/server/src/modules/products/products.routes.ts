// /admin|master/business-products/api/v1/business-products (SPEC §7 "Products").
import { idParams } from '@portal/contract/ids';
import { RegistryParams } from '@portal/contract/list-filters';
import { MSG } from '@portal/contract/messages';
import { ProductCodeParams, ProductListQuery } from '@portal/contract/products';
import * as R from '@portal/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/context.ts';
import { familyHealth } from '../../http/health.routes.ts';
import * as products from './products.service.ts';

const access = { access: 'staff' } as const;

export const productRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  familyHealth(app, 'business-products');

  r.get(
    '/registry/:registry',
    {
      config: access,
      schema: {
        summary: "A business's products",
        params: RegistryParams,
        querystring: ProductListQuery,
        response: { 200: R.ProductListResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await products.listProducts(ctx.db, request.params.registry, request.query)),
    }),
  );

  r.get(
    '/registry/:registry/stats',
    {
      config: access,
      schema: {
        summary: 'Product statistics of a business',
        params: RegistryParams,
        response: { 200: R.ProductStatsResponse },
      },
    },
    async (request) => ({
      success: true,
      stats: await products.productStats(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/registry/:registry/statuses',
    {
      config: access,
      schema: {
        summary: 'Product statuses of a business with counts',
        params: RegistryParams,
        response: { 200: R.StatusesResponse },
      },
    },
    async (request) => ({
      success: true,
      statuses: await products.productStatuses(ctx.db, request.params.registry),
    }),
  );

  r.get(
    '/statuses',
    {
      config: access,
      schema: { summary: 'Product statuses with counts', response: { 200: R.StatusesResponse } },
    },
    async () => ({
      success: true,
      statuses: await products.productStatuses(ctx.db, null),
    }),
  );

  r.get(
    '/product/:productId',
    {
      config: access,
      schema: {
        summary: 'A product by its product code',
        params: ProductCodeParams,
        response: { 200: R.ProductResponse },
      },
    },
    async (request) => ({
      success: true,
      product: await products.getProduct(ctx.db, { productId: request.params.productId }),
    }),
  );

  r.get(
    '/:id',
    {
      config: access,
      schema: {
        summary: 'A product by id',
        params: idParams(MSG.productIdRequired),
        response: { 200: R.ProductResponse },
      },
    },
    async (request) => ({
      success: true,
      product: await products.getProduct(ctx.db, { id: request.params.id }),
    }),
  );
};
