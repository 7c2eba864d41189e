// Stripe disputes (chargebacks) through POST /webhooks/stripe: placed on the billing item of the
// payment they take back, in order, seen in the billing history and the business's change history,
// and kept until that payment arrives when it is not there yet.
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp, masterHeaders } from '../../../test/helpers.ts';
import {
  billingStatuses,
  changeHistory,
  deliverStripe,
  eventId,
  eventRow,
  outcomeOf,
  restoreFromTrash,
  STRIPE_SECRET,
  sendToTrash,
  stripeInvoice,
  stripeRefundedCharge,
} from '../../../test/payment-webhooks.ts';

/** A Stripe dispute of `charge` (an id, or the charge object), with Stripe's `status`. */
const dispute = (charge: string | object, status: string, paymentIntent: string | null = null) => ({
  id: `du_${typeof charge === 'string' ? charge : eventId('du')}`,
  object: 'dispute',
  amount: 2000,
  currency: 'usd',
  charge,
  payment_intent: paymentIntent,
  reason: 'fraudulent',
  status,
});

describe('Stripe disputes', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const master = await masterHeaders(t);
  const base = Math.floor(Date.now() / 1000) - 1000;

  const deliver = (type: string, object: object, created: number) => deliverStripe(t, type, object, created);
  const statusShown = (registry: string) => billingStatuses(t, admin, registry);
  const billingRows = (registry: string) => changeHistory(t, registry, 'billing_item', 'UPDATE');

  /** A business with one paid invoice (the API before 2025-03-31: the invoice names its charge). */
  async function paidInvoice(fields: { charge?: string; paymentIntent?: string } = {}) {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('disputed')}`;
    const charge = fields.charge ?? `ch_${eventId()}`;
    await deliver(
      'invoice.paid',
      {
        ...stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }),
        charge,
        ...(fields.paymentIntent ? { payment_intent: fields.paymentIntent } : {}),
      },
      base,
    );
    return { registry, invoice, charge };
  }

  it('marks the paid item disputed, then lost, in the billing history and the change history', async () => {
    const { registry, invoice, charge } = await paidInvoice();
    expect(await statusShown(registry)).toEqual(['succeeded']);
    const created = await deliver('charge.dispute.created', dispute(charge, 'needs_response'), base + 10);
    expect(await outcomeOf(t, created)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
    await deliver('charge.dispute.funds_withdrawn', dispute(charge, 'needs_response'), base + 11);
    await deliver('charge.dispute.updated', dispute(charge, 'under_review'), base + 20);
    await deliver('charge.dispute.closed', dispute(charge, 'lost'), base + 30);
    expect(await statusShown(registry)).toEqual(['dispute_lost']);
    // One row per change a person sees; the states in between that change nothing write none.
    expect(await billingRows(registry)).toEqual([
      {
        old_value: `${invoice}: 20.00 USD, succeeded`,
        new_value: `${invoice}: 20.00 USD, disputed`,
        changed_by: 'Stripe',
      },
      {
        old_value: `${invoice}: 20.00 USD, disputed`,
        new_value: `${invoice}: 20.00 USD, dispute_lost`,
        changed_by: 'Stripe',
      },
    ]);
  });

  it('a dispute won, or an inquiry closed without a chargeback, reads as won', async () => {
    const won = await paidInvoice();
    await deliver('charge.dispute.created', dispute(won.charge, 'needs_response'), base + 10);
    await deliver('charge.dispute.closed', dispute(won.charge, 'won'), base + 40);
    await deliver('charge.dispute.funds_reinstated', dispute(won.charge, 'won'), base + 41);
    expect(await statusShown(won.registry)).toEqual(['dispute_won']);

    const inquiry = await paidInvoice();
    await deliver('charge.dispute.created', dispute(inquiry.charge, 'warning_needs_response'), base + 10);
    expect(await statusShown(inquiry.registry)).toEqual(['disputed']);
    await deliver('charge.dispute.closed', dispute(inquiry.charge, 'warning_closed'), base + 20);
    expect(await statusShown(inquiry.registry)).toEqual(['dispute_won']);
  });

  it('ends in the newest state whatever order the events arrive in', async () => {
    // updated before created: the created is older, and stays out.
    const late = await paidInvoice();
    await deliver('charge.dispute.updated', dispute(late.charge, 'under_review'), base + 20);
    const created = await deliver(
      'charge.dispute.created',
      dispute(late.charge, 'needs_response'),
      base + 10,
    );
    expect(await outcomeOf(t, created)).toBe('stale');
    const closed = await deliver('charge.dispute.closed', dispute(late.charge, 'lost'), base + 30);
    const withdrawn = await deliver(
      'charge.dispute.funds_withdrawn',
      dispute(late.charge, 'needs_response'),
      base + 15,
    );
    expect(await outcomeOf(t, closed)).toBe('applied');
    expect(await outcomeOf(t, withdrawn)).toBe('stale');
    expect(await statusShown(late.registry)).toEqual(['dispute_lost']);

    // Of the same second: a closed dispute is not reopened by an update, and created is the first state.
    const tie = await paidInvoice();
    await deliver('charge.dispute.closed', dispute(tie.charge, 'won'), base + 50);
    expect(
      await outcomeOf(
        t,
        await deliver('charge.dispute.updated', dispute(tie.charge, 'under_review'), base + 50),
      ),
    ).toBe('stale');
    expect(await statusShown(tie.registry)).toEqual(['dispute_won']);
    const first = await paidInvoice();
    await deliver('charge.dispute.updated', dispute(first.charge, 'under_review'), base + 60);
    const sameSecond = await deliver(
      'charge.dispute.created',
      dispute(first.charge, 'needs_response'),
      base + 60,
    );
    expect(await outcomeOf(t, sameSecond)).toBe('stale');

    // A later appeal reopens one lost before.
    await deliver('charge.dispute.updated', dispute(late.charge, 'appeal_under_review'), base + 70);
    expect(await statusShown(late.registry)).toEqual(['disputed']);
  });

  it('keeps a dispute that came before its payment, and applies it when the payment arrives', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('early_dispute')}`;
    const charge = `ch_${eventId('early')}`;
    const early = await deliver('charge.dispute.created', dispute(charge, 'needs_response'), base + 10);
    expect(await eventRow(t, early)).toMatchObject({
      outcome: 'unmatched',
      reason: 'charge_not_found',
      provider_object_id: charge,
    });
    const unmatched = await t.app.inject({
      method: 'GET',
      url: '/master/webhooks/api/v1/unmatched-events?limit=100',
      headers: master,
    });
    expect(unmatched.json().events).toContainEqual(
      expect.objectContaining({ event_id: early.id, reason: 'charge_not_found' }),
    );

    await deliver(
      'invoice.paid',
      { ...stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }), charge },
      base,
    );
    expect(await outcomeOf(t, early)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });

  it('finds the payment through invoice_payment.paid (API from 2025-03-31), whichever arrives first', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('basil')}`;
    const intent = `pi_${eventId('basil')}`;
    const link = {
      id: `inpay_${eventId()}`,
      object: 'invoice_payment',
      invoice,
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: intent },
    };
    // The dispute, then the link, then the invoice: each waits for the one before it arrives.
    const disputed = await deliver(
      'charge.dispute.created',
      dispute(`ch_${eventId()}`, 'needs_response', intent),
      base + 10,
    );
    const linked = await deliver('invoice_payment.paid', link, base + 1);
    expect(await outcomeOf(t, linked)).toBe('unmatched');
    await deliver('invoice.paid', stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }), base);
    expect(await outcomeOf(t, linked)).toBe('applied');
    expect(await outcomeOf(t, disputed)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });

  it("places a dispute whose event carries the charge through the charge's invoice, as a refund", async () => {
    const { registry, invoice } = await paidInvoice();
    const charge = { id: `ch_${eventId('expanded')}`, object: 'charge', invoice };
    await deliver('charge.dispute.created', dispute(charge, 'needs_response'), base + 10);
    expect(await statusShown(registry)).toEqual(['disputed']);
  });

  it('ignores a dispute that names no payment, and leaves a refunded payment refunded when won', async () => {
    const nameless = await deliver(
      'charge.dispute.created',
      { id: 'du_nameless', status: 'needs_response' },
      base,
    );
    expect(await outcomeOf(t, nameless)).toBe('ignored');

    const { registry, invoice, charge } = await paidInvoice();
    await deliver('charge.dispute.created', dispute(charge, 'warning_needs_response'), base + 10);
    expect(await statusShown(registry)).toEqual(['disputed']);
    await deliver('charge.refunded', stripeRefundedCharge(charge, { invoice }), base + 12);
    expect(await statusShown(registry)).toEqual(['disputed']);
    await deliver('charge.dispute.closed', dispute(charge, 'warning_closed'), base + 20);
    expect(await statusShown(registry)).toEqual(['refunded']);
  });

  it('a dispute that arrived while its business was in the trash is applied by the restore', async () => {
    const { registry, charge } = await paidInvoice();
    await sendToTrash(t, master, registry);
    const held = await deliver('charge.dispute.created', dispute(charge, 'needs_response'), base + 10);
    expect(await outcomeOf(t, held)).toBe('unmatched');
    expect((await restoreFromTrash(t, master, registry)).statusCode).toBe(200);
    expect(await outcomeOf(t, held)).toBe('applied');
    expect(await statusShown(registry)).toEqual(['disputed']);
  });
});
