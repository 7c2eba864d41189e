// Products family (SPEC §3, §5, §7): list filters and stats shape.
import { z } from 'zod';
import { checkRange, priceParam } from './content-filters.ts';
import { PRODUCT_STATUSES } from './enums.ts';
import { booleanQuery, limitSchema, offsetSchema, searchSchema } from './list-filters.ts';
import { MSG } from './messages.ts';

export const PRODUCT_MESSAGES = { notFound: 'Product not found' } as const;

export const ProductListQuery = z
  .object({
    limit: limitSchema(),
    offset: offsetSchema,
    product_status: z.enum(PRODUCT_STATUSES, { error: MSG.invalidProductStatus }).optional(),
    product_visible: booleanQuery.optional(),
    min_price: priceParam.optional(),
    max_price: priceParam.optional(),
    search: searchSchema.optional(),
  })
  .superRefine((q, ctx) => checkRange(ctx, 'min_price', q.min_price, q.max_price, MSG.minPriceBelowMax));
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductCodeParams = z.object({
  productId: z.string({ error: MSG.productIdRequired }).trim().min(1, MSG.productIdRequired),
});

export interface ProductStats {
  total_products: number;
  visible_products: number;
  hidden_products: number;
  in_stock_products: number;
  out_of_stock_products: number;
  average_price: number;
  products_by_status: Record<string, number>;
  /** Keys from priceBucketKeys(PRODUCT_PRICE_BOUNDS). */
  price_ranges: Record<string, number>;
}
