// A payment event delivered while its business is being restored from the trash is applied, whichever
// commits first. The interleavings that lost it: the event looks for its billing item (or business)
// before the restore commits, and the restore looks for the events kept meanwhile before the event's
// delivery commits. Here one of them is held just before its commit (a trigger waits on a lock the
// test holds) while the other runs. PostgreSQL only: the two need two connections.
import { describe, expect, it } from 'vitest';
import { createBusiness, staffApp } from '../../../test/helpers.ts';
import {
  billingStatuses,
  deliverStripe,
  eventId,
  heldEventId,
  holdAtGate,
  holdUnmatchedDeliveries,
  outcomeOf,
  postStripe,
  raceWhileHeld,
  restoreFromTrash,
  STRIPE_SECRET,
  sendToTrash,
  stripeEvent,
  stripeInvoice,
  stripeRefundedCharge,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/payment-webhooks.ts';
import { usePostgres } from '../../../test/test-db.ts';

describe.runIf(usePostgres())('a payment event delivered while its business is restored', async () => {
  const { t, admin, master } = await staffApp({ stripeWebhookSecret: STRIPE_SECRET });
  const base = Math.floor(Date.now() / 1000) - 1000;

  // The restore of a business named 'Held …' waits, as it records itself in the staff audit (its
  // last write), for the gate.
  await holdAtGate(
    t,
    'hold_restore',
    'staff_actions',
    'insert',
    "new.action = 'business_restore' and new.details ->> 'business_name' like 'Held %'",
  );
  await holdUnmatchedDeliveries(t);
  const restore = (registry: string) => () => restoreFromTrash(t, master, registry);

  /** A business named `name` in the trash, with one invoice paid by `charge` and `intent`. */
  async function trashedPayment(name: string) {
    const { business_registry_number: registry } = await createBusiness(t, { business_name: name });
    const [invoice, charge, intent] = [`in_${eventId()}`, `ch_${eventId()}`, `pi_${eventId()}`];
    const paid = { ...stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }), charge };
    await deliverStripe(t, 'invoice.paid', { ...paid, payment_intent: intent }, base);
    await sendToTrash(t, master, registry);
    return { registry, charge, intent };
  }

  it('a refund delivered while the restore that brings its invoice back commits', async () => {
    const { registry, charge, intent } = await trashedPayment('Held refund');
    // API versions from 2025-03-31: the charge names no invoice, only its payment intent.
    const refund = stripeEvent(
      'charge.refunded',
      stripeRefundedCharge(charge, { paymentIntent: intent }),
      base + 10,
    );
    await raceWhileHeld(t, restore(registry), () => postStripe(t, refund));
    expect(await outcomeOf(t, refund)).toBe('applied');
    expect(await billingStatuses(t, admin, registry)).toEqual(['refunded']);
  });

  it('a restore that runs while a dispute, its invoice not found, commits', async () => {
    const { registry, charge } = await trashedPayment('Disputed meanwhile');
    const dispute = { id: `du_${charge}`, object: 'dispute', amount: 2000, charge, status: 'needs_response' };
    const disputed = stripeEvent('charge.dispute.created', dispute, base + 10, heldEventId());
    await raceWhileHeld(t, () => postStripe(t, disputed), restore(registry));
    expect(await outcomeOf(t, disputed)).toBe('applied');
    expect(await billingStatuses(t, admin, registry)).toEqual(['disputed']);
  });

  it('a subscription event naming the business, delivered while the restore commits', async () => {
    const { business_registry_number: registry } = await createBusiness(t, {
      business_name: 'Held subscription',
    });
    const id = `sub_${eventId()}`;
    await deliverStripe(
      t,
      'customer.subscription.created',
      stripeSubscription(id, { registry, tier: 'basic' }),
      base,
    );
    await sendToTrash(t, master, registry);
    const pastDue = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription(id, { registry, tier: 'basic', status: 'past_due' }),
      base + 10,
    );
    await raceWhileHeld(t, restore(registry), () => postStripe(t, pastDue));
    expect(await outcomeOf(t, pastDue)).toBe('applied');
    expect(await subscriptionOf(t, admin, registry)).toMatchObject({ subscription_status: 'past_due' });
  });
});
