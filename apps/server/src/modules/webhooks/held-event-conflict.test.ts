// An event that waited (an invoice before its subscription) and loses to a concurrent transaction
// when it is applied at last: the whole delivery answers 503 and is rolled back, so the provider's
// retry applies both; it is not left unmatched for good.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createBusiness, createTestApp } from '../../../test/helpers.ts';
import {
  eventId,
  outcomeOf,
  postStripe,
  STRIPE_SECRET,
  sendStripe,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
} from '../../../test/payment-webhooks.ts';

describe('a waiting event that hits a deadlock when applied', async () => {
  const t = await createTestApp({ stripeWebhookSecret: STRIPE_SECRET });
  const base = Math.floor(Date.now() / 1000) - 1000;

  it('fails the delivery that applies it (503), and the retry applies both', async () => {
    const { business_registry_number: registry } = await createBusiness(t);
    const subscription = `sub_${eventId()}`;
    const invoice = `in_${eventId('held')}`;
    const paid = stripeEvent('invoice.paid', stripeInvoice(invoice, { subscription, amount: 2000 }), base);
    await sendStripe(t, paid);
    expect(await outcomeOf(t, paid)).toBe('unmatched');

    // The invoice's item loses to another transaction (deadlock_detected) when it is written.
    await t.handle.exec(`
        create function deadlock_on_held_invoice() returns trigger language plpgsql as $$
        begin
          if new.provider_invoice_id = '${invoice}' then
            raise exception 'deadlock detected' using errcode = '40P01';
          end if;
          return new;
        end $$;
        create trigger deadlock_on_held_invoice before insert on billing_history
          for each row execute function deadlock_on_held_invoice();`);
    const created = stripeEvent(
      'customer.subscription.created',
      stripeSubscription(subscription, { registry, tier: 'basic' }),
      base + 10,
    );
    const refused = await postStripe(t, created);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(await outcomeOf(t, paid)).toBe('unmatched');

    await sql.raw('drop trigger deadlock_on_held_invoice on billing_history').execute(t.db);
    await sendStripe(t, created);
    expect(await outcomeOf(t, created)).toBe('applied');
    expect(await outcomeOf(t, paid)).toBe('applied');
  });
});
