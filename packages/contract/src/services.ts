// Services family (SPEC §3, §5, §7): list filters and stats shape.
import { z } from 'zod';
import { capacityParam, checkRange, priceParam } from './content-filters.ts';
import { SERVICE_PRICE_TYPES } from './enums.ts';
import { booleanQuery, limitSchema, offsetSchema, searchSchema } from './list-filters.ts';
import { MSG } from './messages.ts';

export const SERVICE_MESSAGES = {
  notFound: 'Service not found',
  invalidPriceType: 'Invalid service price type',
} as const;

export const ServiceListQuery = z
  .object({
    limit: limitSchema(),
    offset: offsetSchema,
    service_category: z.string().trim().min(1).max(255).optional(),
    service_price_type: z.enum(SERVICE_PRICE_TYPES, { error: SERVICE_MESSAGES.invalidPriceType }).optional(),
    service_visibility: booleanQuery.optional(),
    min_price: priceParam.optional(),
    max_price: priceParam.optional(),
    min_capacity: capacityParam.optional(),
    max_capacity: capacityParam.optional(),
    search: searchSchema.optional(),
  })
  .superRefine((q, ctx) => {
    checkRange(ctx, 'min_price', q.min_price, q.max_price, MSG.minPriceBelowMax);
    checkRange(ctx, 'min_capacity', q.min_capacity, q.max_capacity, MSG.minCapacityBelowMax);
  });
export type ServiceListQuery = z.infer<typeof ServiceListQuery>;

export interface ServiceStats {
  total_services: number;
  visible_services: number;
  hidden_services: number;
  /** null when no service has that price. */
  average_min_price: number | null;
  average_max_price: number | null;
  average_cost: number;
  total_capacity: number;
  services_by_category: Record<string, number>;
  services_by_price_type: Record<string, number>;
  /** By starting price (min, else max); keys from priceBucketKeys(SERVICE_PRICE_BOUNDS). */
  price_ranges: Record<string, number>;
}
