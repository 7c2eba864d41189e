// What a payment provider's event means for the portal, whichever provider sent it: a subscription
// as it now is, one invoice (a billing item), or money moved on a billing item (a refund, a
// dispute). stripe-events.ts and paypal-events.ts read the providers' JSON into these;
// webhooks.service.ts applies them once and in order.
import { LIMITS } from '@portal/contract/limits';
import { EMAIL_PATTERN } from '@portal/contract/public-registration';
import type { ProviderDetails } from '@portal/contract/subscriptions';
import type { WebhookProvider } from '../../http/metrics.ts';

export const TIERS = ['premium', 'standard', 'basic'] as const;
export type Tier = (typeof TIERS)[number];
export type SubscriptionStatus = 'active' | 'canceled' | 'ended' | 'past_due' | 'incomplete';

export interface SubscriptionChange {
  kind: 'subscription';
  providerSubscriptionId: string;
  /** The registry number the provider's object carries (Stripe metadata, PayPal custom_id). */
  registry: string | null;
  tier: Tier | null;
  status: SubscriptionStatus;
  renews: boolean;
  /** null keeps the stored one. */
  billingEmail: string | null;
  details: ProviderDetails;
  /** When the provider created the subscription. */
  createdAt: Date | null;
  /** The subscription's first state (Stripe's `customer.subscription.created`). */
  first: boolean;
}

export interface InvoiceChange {
  kind: 'invoice';
  invoiceId: string;
  providerSubscriptionId: string | null;
  registry: string | null;
  tier: Tier | null;
  /**
   * The plan the metadata names (Stripe copies the subscription's into each invoice, and leaves it
   * as it was when the plan changes): used only when neither `tier` nor a stored subscription tells.
   */
  metadataTier?: Tier | null;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  transactionDate: Date;
  status: 'succeeded' | 'failed';
  /** The payment that paid it, when the invoice names it (a dispute names these, not the invoice). */
  payment?: PaymentIds;
}

/** A payment's ids at the provider (Stripe's charge and payment intent); either may be unknown. */
export interface PaymentIds {
  chargeId: string | null;
  paymentIntentId: string | null;
}

/** The payment that paid an invoice, learnt after the invoice (Stripe's `invoice_payment.paid`). */
export interface PaymentLinkChange {
  kind: 'payment';
  invoiceId: string;
  payment: PaymentIds;
}

/**
 * The payment a refund or dispute concerns: the billing item's provider id when the event names
 * it (Stripe's invoice, PayPal's sale), else the ids of the payment that paid it.
 */
export interface PaidItemRef {
  invoiceId: string | null;
  payment: PaymentIds;
}

/** Neither a charge nor a payment intent (PayPal names a sale, which is the item's own id). */
export const NO_PAYMENT: PaymentIds = { chargeId: null, paymentIntentId: null };

/** Money returned on a payment already kept as a billing item (a refund, a reversal). */
export interface RefundChange extends PaidItemRef {
  kind: 'refund';
  /** Minor units (cents): this refund's own amount (PayPal's), counted once by `refundId`; null: not said. */
  amount: number | null;
  /**
   * Minor units: all returned of the payment up to and including this refund (Stripe's
   * `amount_refunded`, PayPal's `total_refunded_amount`); null: not said.
   */
  total: number | null;
  /** The refund's own id (PayPal's), so that it is counted once however often it comes. */
  refundId: string | null;
  currency: string;
  /** The whole payment came back; null: compare `amount` with the billing item's. */
  whole: boolean | null;
}

/** Where a dispute (chargeback) stands for the portal: open, or closed won or lost (the money gone). */
export type DisputeOutcome = 'open' | 'won' | 'lost';

/** A dispute of a payment kept as a billing item, as it now is. */
export interface DisputeChange extends PaidItemRef {
  kind: 'dispute';
  outcome: DisputeOutcome;
  /** The dispute's first state (`charge.dispute.created`, `CUSTOMER.DISPUTE.CREATED`): it loses a tie. */
  first: boolean;
}

export type Change = SubscriptionChange | InvoiceChange | RefundChange | DisputeChange | PaymentLinkChange;

export interface ProviderEvent {
  provider: WebhookProvider;
  id: string;
  type: string;
  created: Date;
  /** null: a type (or a shape) the portal does not use; answered 200 and kept as 'ignored'. */
  change: Change | null;
  payload: unknown;
  /** Fields whose values the portal cannot keep (too long, malformed) and left out; logged by name. */
  dropped: string[];
}

// Readers for the providers' loosely shaped JSON (fields move between API versions).
export type Json = Record<string, unknown>;
export const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' && !value.includes('\u0000') ? value.trim() : null;
export const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
export const first = (value: unknown): Json => obj(Array.isArray(value) ? value[0] : undefined);

/** The most a billing item's amount (a PostgreSQL integer) can hold, in cents. */
export const MAX_CENTS = 2_147_483_647;
/** Times past year 9999 (or before 1970) are no payment's: JavaScript and PostgreSQL disagree on them. */
const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A time in milliseconds as a Date, when it is one the database keeps; else null. */
export function dateOf(ms: number | null): Date | null {
  return ms !== null && Number.isFinite(ms) && ms >= 0 && ms <= MAX_TIME_MS ? new Date(ms) : null;
}

/** Unix seconds (Stripe) as a Date, or null. */
export function unixDate(value: unknown): Date | null {
  const seconds = num(value);
  return dateOf(seconds === null ? null : seconds * 1000);
}

/** Unix seconds (Stripe) as an ISO 8601 text, or null. */
export function fromUnix(value: unknown): string | null {
  return unixDate(value)?.toISOString() ?? null;
}

/** An ISO 8601 text (PayPal) as it is, when it is a date; else null. */
export function isoOrNull(value: unknown): string | null {
  const raw = text(value);
  return dateOf(raw ? Date.parse(raw) : null)?.toISOString() ?? null;
}

/** A provider's id (event, subscription, invoice) as the database keeps it (at most 255), or null. */
export function idOf(value: unknown): string | null {
  const raw = text(value);
  return raw && raw.length <= 255 ? raw : null;
}

/** An email address the portal can keep (its usual pattern, at most 255 characters), or null. */
export function emailOf(value: unknown): string | null {
  const raw = text(value);
  return raw && raw.length <= LIMITS.text.email && EMAIL_PATTERN.test(raw) ? raw : null;
}

/** `read(value)`; a value that is there but cannot be read is named in `dropped`. */
export function checked<T>(
  dropped: string[],
  field: string,
  value: unknown,
  read: (value: unknown) => T | null,
): T | null {
  const result = read(value);
  if (result === null && text(value) !== null) dropped.push(field);
  return result;
}

/** 'premium', 'Premium', 'premium_monthly', 'standard-2026' -> the tier; anything else null. */
export function tierOf(value: unknown): Tier | null {
  const match = /^(premium|standard|basic)(?![a-z])/i.exec(text(value) ?? '');
  return match ? (match[1]!.toLowerCase() as Tier) : null;
}

/** A registry number as the portal looks it up (trimmed, upper case), or null. */
export function registryOf(value: unknown): string | null {
  const raw = text(value)?.toUpperCase() ?? null;
  return raw && raw.length <= 50 ? raw : null;
}

/** A count of billing intervals (Stripe's interval_count, PayPal's frequency): a whole number from 1, or null. */
export function countOf(value: unknown): number | null {
  const count = typeof value === 'string' ? Number(text(value) ?? Number.NaN) : num(value);
  return count !== null && Number.isSafeInteger(count) && count >= 1 ? count : null;
}

/** A three-letter currency code in lower case (as Stripe writes it), or null. */
export function currencyOf(value: unknown): string | null {
  const raw = text(value)?.toLowerCase() ?? null;
  return raw && /^[a-z]{3}$/.test(raw) ? raw : null;
}
