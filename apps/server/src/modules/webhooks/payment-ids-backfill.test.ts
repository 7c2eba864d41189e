// Billing items stored before their charge and payment intent were kept (migration 083) get them
// from the Stripe events the portal stored (migration 087), so a dispute of such a payment finds it.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAdmin, createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  billingStatuses,
  deliverStripe,
  eventId,
  STRIPE_SECRET,
  stripeInvoice,
} from '../../../test/payment-webhooks.ts';
import { listMigrations } from '../../db/migrate.ts';

const BACKFILL = listMigrations().find((migration) => migration.version.startsWith('087_'));

describe('payment ids of billing items stored before they were kept', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const admin = (await createAdmin(t)).headers;
  const base = Math.floor(Date.now() / 1000) - 1000;

  const deliver = (type: string, object: object, created: number) => deliverStripe(t, type, object, created);
  const itemOf = (invoice: string) =>
    t.db
      .selectFrom('billing_history')
      .select(['provider_charge_id', 'provider_payment_intent_id'])
      .where('provider_invoice_id', '=', invoice)
      .executeTakeFirstOrThrow();
  /** The item as a version before 083 left it: no payment ids. */
  const forgetIds = (invoice: string) =>
    t.db
      .updateTable('billing_history')
      .set({ provider_charge_id: null, provider_payment_intent_id: null })
      .where('provider_invoice_id', '=', invoice)
      .execute();
  const runBackfill = async () => {
    if (!BACKFILL) throw new Error('migration 087 is missing');
    await t.handle.exec(BACKFILL.script);
  };

  it('takes the charge and payment intent from the invoice event, and a dispute then finds the item', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('old')}`;
    const charge = `ch_${eventId()}`;
    await deliver(
      'invoice.paid',
      {
        ...stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }),
        charge: { id: charge, object: 'charge' },
        payment_intent: 'pi_old_1',
      },
      base,
    );
    await forgetIds(invoice);

    await runBackfill();
    expect(await itemOf(invoice)).toEqual({
      provider_charge_id: charge,
      provider_payment_intent_id: 'pi_old_1',
    });

    await deliver(
      'charge.dispute.created',
      { id: `du_${eventId()}`, object: 'dispute', charge, status: 'needs_response', amount: 2000 },
      base + 10,
    );
    expect(await billingStatuses(t, admin, registry)).toEqual(['disputed']);
  });

  it('takes them from invoice_payment.paid, and keeps an id the item already has', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const invoice = `in_${eventId('new')}`;
    await deliver('invoice.paid', stripeInvoice(invoice, { registry, tier: 'basic', amount: 2000 }), base);
    await deliver(
      'invoice_payment.paid',
      {
        id: `inpay_${eventId()}`,
        object: 'invoice_payment',
        invoice,
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: 'pi_new_1' },
      },
      base + 1,
    );
    await forgetIds(invoice);
    await t.db
      .updateTable('billing_history')
      .set({ provider_charge_id: 'ch_known' })
      .where('provider_invoice_id', '=', invoice)
      .execute();

    await runBackfill();
    expect(await itemOf(invoice)).toEqual({
      provider_charge_id: 'ch_known',
      provider_payment_intent_id: 'pi_new_1',
    });
    // Nothing is left behind by the migration.
    const helper = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_proc where proname = 'stripe_ref'`.execute(t.db);
    expect(helper.rows[0]?.n).toBe(0);
  });
});
