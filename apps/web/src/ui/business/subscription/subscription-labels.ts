// Spanish labels of the subscription screen (SPEC §3, §4); an unknown value shows as it comes.
import type { BadgeTone } from '../../status-badge.tsx';
import { toneForStatus } from '../../status-badge.tsx';

const SUBSCRIPTION_STATUS: Record<string, string> = {
  active: 'Activa',
  canceled: 'Cancelada',
  ended: 'Finalizada',
  past_due: 'Pago vencido',
  incomplete: 'Incompleta',
};

const BILLING_STATUS: Record<string, string> = {
  succeeded: 'Exitoso',
  past_due: 'Pago vencido',
  incomplete: 'Incompleto',
  canceled: 'Cancelado',
  failed: 'Fallido',
  refunded: 'Reembolsado',
  disputed: 'En disputa',
  dispute_won: 'Disputa ganada',
  dispute_lost: 'Disputa perdida',
};

/** A dispute's colours: open amber (being decided), won green, lost red (the money is gone). */
const DISPUTE_TONES: Record<string, BadgeTone> = {
  disputed: 'amber',
  dispute_won: 'green',
  dispute_lost: 'red',
};

const PROVIDER: Record<string, string> = { stripe: 'Stripe', paypal: 'PayPal' };

const INTERVAL: Record<string, string> = {
  day: 'Diario',
  week: 'Semanal',
  month: 'Mensual',
  year: 'Anual',
};

const labelOf = (table: Record<string, string>, value: string | null | undefined) =>
  value ? (table[value.toLowerCase()] ?? value) : 'N/A';

export interface StatusLabel {
  label: string;
  /** DESIGN §9 colours: active/succeeded green, canceled/ended red, past_due/incomplete amber, others slate. */
  tone: BadgeTone;
}

export const subscriptionStatus = (status: string | null | undefined): StatusLabel => ({
  label: labelOf(SUBSCRIPTION_STATUS, status),
  tone: toneForStatus(status),
});

export const billingStatus = (status: string | null | undefined): StatusLabel => ({
  label: labelOf(BILLING_STATUS, status),
  tone: DISPUTE_TONES[status?.toLowerCase() ?? ''] ?? toneForStatus(status),
});

export const providerLabel = (provider: string | null | undefined) => labelOf(PROVIDER, provider);
export const intervalLabel = (interval: string | null | undefined) => labelOf(INTERVAL, interval);

/** Tiers are plan names (premium, standard, basic): shown as names, capitalised. */
export const tierLabel = (tier: string | null | undefined) =>
  tier ? `${tier.charAt(0).toUpperCase()}${tier.slice(1)}` : 'N/A';
