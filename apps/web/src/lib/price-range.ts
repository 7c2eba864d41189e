// A price that may be a range (a service's minimum and maximum), in dollars with two decimals (SPEC §9).
import { formatDollars } from '@portal/contract/money';

const isAmount = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A service's price as written: a 'fixed' one is one price (its minimum, else its maximum), never a range. */
export function formatServicePrice(
  priceType: string | null | undefined,
  min: number | null | undefined,
  max: number | null | undefined,
): string {
  if (priceType === 'fixed') return formatDollars(isAmount(min) ? min : max);
  return formatPriceRange(min, max);
}

/** '$20.00', '$20.00 – $35.50', or 'N/A' without either end. */
export function formatPriceRange(min: number | null | undefined, max: number | null | undefined): string {
  if (isAmount(min) && isAmount(max) && min !== max) return `${formatDollars(min)} – ${formatDollars(max)}`;
  if (isAmount(min)) return formatDollars(min);
  return formatDollars(max);
}
