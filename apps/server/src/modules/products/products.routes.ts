// /admin|master/business-products/api/v1/business-products (SPEC §7 "Products").
import { MSG } from '@portal/contract/messages';
import { ProductCodeParams, ProductListQuery } from '@portal/contract/products';
import * as R from '@portal/contract/responses';
import { contentFamilyRoutes, itemRoute } from '../content-common/content-routes.ts';
import * as products from './products.service.ts';

export const productRoutes = contentFamilyRoutes(['product', 'products'], {
  list: { query: ProductListQuery, response: R.ProductListResponse, load: products.listProducts },
  stats: { response: R.ProductStatsResponse, of: products.productStatsOf },
  valueCounts: { statuses: products.productStatuses },
  // A product is found by its product code too; its id route has no '/product' segment (SPEC §7).
  items: [
    itemRoute({
      path: '/product/:productId',
      summary: 'A product by its product code',
      params: ProductCodeParams,
      response: R.ProductResponse,
      load: (db, { productId }) => products.getProduct(db, { productId }),
    }),
  ],
  byId: {
    path: '/:id',
    message: MSG.productIdRequired,
    response: R.ProductResponse,
    load: (db, id) => products.getProduct(db, { id }),
  },
});
