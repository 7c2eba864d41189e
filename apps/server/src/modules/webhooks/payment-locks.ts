// A payment's events meet in one order, whichever transaction sees the other first.
//
// A refund or dispute (or an `invoice_payment.paid`) that finds no billing item is kept unmatched,
// and the invoice that later stores the item applies it. Each runs in its own transaction, so
// without more, arriving together, the refund may look for the item before the invoice commits
// and the invoice look for waiting events before the refund commits: neither sees the other. So
// every delivery that stores, finds or links a billing item first takes a transaction-level
// advisory lock on each payment id it names (invoice or PayPal sale, charge, payment intent),
// before it reads anything. An event that brings an id to an item (the invoice storing it, a link
// adding its payment intent) and one that looks for that id then share its lock: whichever takes it
// second starts reading after the other committed, and finds the item or the waiting event. An
// invoice or link applied again later (it waited too) takes its locks then, for the same reason.
//
// The locks are taken in one order of the ids' roles (invoice, then charge, then payment intent),
// so two deliveries naming several ids never wait on each other crosswise.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { WebhookProvider } from '../../http/metrics.ts';
import type { Change } from './provider-event.ts';

/** Advisory lock namespace of payment ids; any constant of its own (the others are 724_110_0xx). */
const PAYMENT_LOCK = 724_110_085;

/** The payment ids a change names, in the order their locks are taken; none for a subscription. */
function paymentLockKeys(provider: WebhookProvider, change: Change): string[] {
  if (change.kind === 'subscription') return [];
  const { chargeId = null, paymentIntentId = null } = change.payment ?? {};
  const keys: [string, string | null][] = [
    ['invoice', change.invoiceId],
    ['charge', chargeId],
    ['intent', paymentIntentId],
  ];
  return keys.filter(([, id]) => id !== null).map(([role, id]) => `${provider}:${role}:${id}`);
}

/**
 * The subscription's lock, taken by a delivery of a subscription or of an invoice (or sale) that
 * names one, before its payment locks: an invoice that waits for its subscription and the
 * subscription that applies the invoices waiting for it, arriving together, would otherwise each
 * look before the other commits and leave the invoice waiting for good. Only a delivery takes it,
 * first, so no transaction holding a payment lock waits for it.
 */
export async function lockSubscription(
  trx: Transaction<Database>,
  provider: WebhookProvider,
  change: Change,
) {
  const id =
    change.kind === 'subscription' || change.kind === 'invoice' ? change.providerSubscriptionId : null;
  if (id === null) return;
  await sql`select pg_advisory_xact_lock(${PAYMENT_LOCK}, hashtext(${`${provider}:subscription:${id}`}))`.execute(
    trx,
  );
}

/** Holds the locks of the payment ids `change` names until the transaction ends. */
export async function lockPayment(trx: Transaction<Database>, provider: WebhookProvider, change: Change) {
  for (const key of paymentLockKeys(provider, change)) {
    await sql`select pg_advisory_xact_lock(${PAYMENT_LOCK}, hashtext(${key}))`.execute(trx);
  }
}
