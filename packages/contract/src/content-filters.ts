// Query building blocks shared by the content families (SPEC §5 "List filters") and the price
// buckets of SPEC §9. Query values arrive as strings, so numbers and booleans are coerced here.
import { z } from 'zod';
import { MSG } from './messages.ts';

export const priceParam = z.coerce.number({ error: MSG.priceNonNegative }).min(0, MSG.priceNonNegative);
export const capacityParam = z.coerce
  .number({ error: MSG.capacityNonNegative })
  .int(MSG.capacityNonNegative)
  .min(0, MSG.capacityNonNegative);

/** SPEC §5: a lower bound may equal but not exceed its upper bound (numbers or dates). */
export function checkRange(
  ctx: z.RefinementCtx,
  field: string,
  low: number | string | undefined,
  high: number | string | undefined,
  message: string,
) {
  if (low === undefined || high === undefined) return;
  const a = typeof low === 'string' ? Date.parse(low) : low;
  const b = typeof high === 'string' ? Date.parse(high) : high;
  if (a > b) ctx.addIssue({ code: 'custom', message, path: [field] });
}

/**
 * SPEC §9 price buckets. For bounds [a, b, c]: under_a (< a), a_to_b (a ≤ p < b),
 * b_to_c (b ≤ p ≤ c) and over_c (> c) — "50-100" includes 100, "over 100" does not.
 */
export const PRODUCT_PRICE_BOUNDS = [10, 50, 100] as const;
export const SERVICE_PRICE_BOUNDS = [25, 100, 500] as const;

export function priceBucketKeys(bounds: readonly [number, number, number]): [string, string, string, string] {
  const [a, b, c] = bounds;
  return [`under_${a}`, `${a}_to_${b}`, `${b}_to_${c}`, `over_${c}`];
}

/** Counts keyed by a value: `{ 'in stock': 3, 'out of stock': 1 }`. */
export type CountsBy = Record<string, number>;

/** One value of a family's list of statuses, categories or price types, with its count. */
export interface ValueCount {
  value: string;
  count: number;
}
