-- Stripe disputes (chargebacks) on billing items, and unmatched payment events a master marks
-- resolved (docs/payments.md "Disputes", "Unmatched events").
--
-- A dispute names the charge it takes back (and its payment intent), not the invoice: a billing
-- item keeps the ids of the payment that paid it, as the invoice events (or Stripe's
-- invoice_payment.paid) name them. `dispute_status` is the dispute's outcome as the portal reads
-- Stripe's statuses (open, won, lost); `dispute_event_at` is the time of the newest dispute event
-- applied to the item, so an older one never rolls a newer one back. The payment's own status and
-- `last_event_at` stay the invoice's and refund's.
ALTER TABLE billing_history
  ADD COLUMN provider_charge_id text CHECK (char_length(provider_charge_id) <= 255),
  ADD COLUMN provider_payment_intent_id text CHECK (char_length(provider_payment_intent_id) <= 255),
  ADD COLUMN dispute_status text CHECK (dispute_status IN ('open', 'won', 'lost')),
  ADD COLUMN dispute_event_at timestamptz;
CREATE INDEX billing_history_provider_charge ON billing_history (provider, provider_charge_id)
  WHERE provider_charge_id IS NOT NULL;
CREATE INDEX billing_history_provider_payment_intent ON billing_history (provider, provider_payment_intent_id)
  WHERE provider_payment_intent_id IS NOT NULL;

-- An unmatched event the master has dealt with (fixed at the provider, or not the portal's): out of
-- the list of work left until reopened. Who and when; the audit log keeps each change.
ALTER TABLE webhook_events
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolved_by text CHECK (char_length(resolved_by) <= 255);
CREATE INDEX webhook_events_unmatched_open ON webhook_events (received_at DESC, id DESC)
  WHERE outcome = 'unmatched' AND resolved_at IS NULL;

-- The audit row of resolving or reopening one names a payment event as its target.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'staff_actions'::regclass AND contype = 'c'
       AND pg_get_constraintdef(oid) LIKE '%target_kind%'
  LOOP
    EXECUTE format('ALTER TABLE staff_actions DROP CONSTRAINT %I', name);
  END LOOP;
END;
$$;
ALTER TABLE staff_actions ADD CONSTRAINT staff_actions_target_kind
  CHECK (target_kind IN ('admin', 'admins', 'business', 'directory', 'audit', 'payment_event'));
