// A PayPal dispute (CUSTOMER.DISPUTE.*) as the portal reads it (docs/payments.md "Disputes"). The
// resource is the dispute as it now is (PayPal's Disputes API v1 `dispute`): its `status`, its
// `dispute_outcome.outcome_code` once resolved, and the payments it takes back in
// `disputed_transactions[].seller_transaction_id`, the sale id a billing item is kept under.
import {
  type DisputeChange,
  type DisputeOutcome,
  idOf,
  type Json,
  NO_PAYMENT,
  obj,
  text,
} from './provider-event.ts';

export const PAYPAL_DISPUTE_EVENTS = [
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.UPDATED',
  'CUSTOMER.DISPUTE.RESOLVED',
] as const;

/**
 * A resolved dispute's outcome onto the portal's: won when the money stays with the business, lost
 * when it went back to the customer. RESOLVED_WITH_PAYOUT is PayPal covering the claim out of its own
 * protection, CANCELED_BY_BUYER a claim withdrawn, DENIED (deprecated) a claim PayPal refused: the
 * money stays. ACCEPTED (deprecated) is a claim PayPal upheld. NONE (closed without a decision
 * because another dispute of the same payment was opened) and any code not listed keep the item
 * disputed, as a Stripe status the portal does not know does.
 */
const RESOLUTION: Record<string, DisputeOutcome> = {
  RESOLVED_SELLER_FAVOUR: 'won',
  CANCELED_BY_BUYER: 'won',
  RESOLVED_WITH_PAYOUT: 'won',
  DENIED: 'won',
  RESOLVED_BUYER_FAVOUR: 'lost',
  ACCEPTED: 'lost',
};

/**
 * The dispute of the first sale it names. Every status but RESOLVED (OPEN, WAITING_FOR_BUYER_RESPONSE,
 * WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, OTHER) is undecided: open (an appeal puts a resolved one
 * back under review). Without a status, the event's type says whether it is resolved. A dispute that
 * names no sale is ignored.
 */
export function disputeChange(dispute: Json, type: string): DisputeChange | null {
  const transactions = Array.isArray(dispute.disputed_transactions) ? dispute.disputed_transactions : [];
  const saleId = transactions.map((entry) => idOf(obj(entry).seller_transaction_id)).find(Boolean) ?? null;
  if (!saleId) return null;
  const status = text(dispute.status)?.toUpperCase() ?? null;
  const resolved = status ? status === 'RESOLVED' : type === 'CUSTOMER.DISPUTE.RESOLVED';
  const code = text(obj(dispute.dispute_outcome).outcome_code)?.toUpperCase() ?? '';
  return {
    kind: 'dispute',
    invoiceId: saleId,
    payment: NO_PAYMENT,
    outcome: resolved ? (RESOLUTION[code] ?? 'open') : 'open',
    first: type === 'CUSTOMER.DISPUTE.CREATED',
  };
}
