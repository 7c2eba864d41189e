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
export const intervalLabel = (interval: string | null | undefined) => wordOf(INTERVAL, interval);

/** Tiers are plan names (premium, standard, basic): shown as names, capitalised. */
export const tierLabel = (tier: string | null | undefined) =>
  tier ? `${tier.charAt(0).toUpperCase()}${tier.slice(1)}` : 'N/A';
