// Spanish words of a subscription and its billing items (SPEC §3, §4), for the subscription card
// and for the change history, on screen and in its file; an unknown value shows as it comes.
const SUBSCRIPTION_STATUS = new Map([
  ['active', 'Activa'],
  ['canceled', 'Cancelada'],
  ['ended', 'Finalizada'],
  ['past_due', 'Pago vencido'],
  ['incomplete', 'Incompleta'],
]);

const BILLING_STATUS = new Map([
  ['succeeded', 'Exitoso'],
  ['past_due', 'Pago vencido'],
  ['incomplete', 'Incompleto'],
  ['canceled', 'Cancelado'],
  ['failed', 'Fallido'],
  ['refunded', 'Reembolsado'],
  ['disputed', 'En disputa'],
  ['dispute_won', 'Disputa ganada'],
  ['dispute_lost', 'Disputa perdida'],
]);

const PROVIDER = new Map([
  ['stripe', 'Stripe'],
  ['paypal', 'PayPal'],
]);

const INTERVAL = new Map([
  ['day', 'Diario'],
  ['week', 'Semanal'],
  ['month', 'Mensual'],
  ['year', 'Anual'],
]);

const wordOf = (words: Map<string, string>, value: string | null | undefined) =>
  value ? (words.get(value.toLowerCase()) ?? value) : 'N/A';

export const subscriptionStatusLabel = (status: string | null | undefined) =>
  wordOf(SUBSCRIPTION_STATUS, status);
export const billingStatusLabel = (status: string | null | undefined) => wordOf(BILLING_STATUS, status);
export const providerLabel = (provider: string | null | undefined) => wordOf(PROVIDER, provider);

/** Billed every so many units ('Cada 2 semanas'). */
const INTERVAL_UNITS = new Map([
  ['day', 'días'],
  ['week', 'semanas'],
  ['month', 'meses'],
  ['year', 'años'],
]);

/** Counts of months with a name of their own. */
const MONTHS = new Map([
  [3, 'Trimestral'],
  [6, 'Semestral'],
  [12, 'Anual'],
]);

/**
 * The billing interval: every `count` days, weeks, months or years (Stripe's interval_count,
 * PayPal's frequency). One of each has its word ('Mensual'); 3, 6 and 12 months too ('Trimestral',
 * 'Semestral', 'Anual'); any other count reads 'Cada 2 meses'. No count is a count of 1.
 */
export function intervalLabel(interval: string | null | undefined, count?: number | null): string {
  if (!interval || typeof count !== 'number' || !Number.isInteger(count) || count <= 1) {
    return wordOf(INTERVAL, interval);
  }
  const unit = interval.toLowerCase();
  if (unit === 'month' && MONTHS.has(count)) return MONTHS.get(count)!;
  return `Cada ${count} ${INTERVAL_UNITS.get(unit) ?? interval}`;
}

/** Tiers are plan names (premium, standard, basic): shown as names, capitalised. */
export const tierLabel = (tier: string | null | undefined) =>
  tier ? `${tier.charAt(0).toUpperCase()}${tier.slice(1)}` : 'N/A';
