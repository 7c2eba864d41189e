-- Issue #33: subscriptions and billing from Stripe and PayPal webhooks (docs/payments.md).
--
-- webhook_events: one row per (provider, event id). The row is inserted first, with
-- ON CONFLICT DO NOTHING, in the transaction that applies the event: a second delivery of the
-- same event (a retry, a replay, 40 at once) finds the row and changes nothing. The payload is
-- kept, so an event that named no known business (outcome 'unmatched') is not lost.
CREATE TABLE webhook_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('stripe', 'paypal')),
  event_id text NOT NULL CHECK (char_length(event_id) BETWEEN 1 AND 255),
  event_type text NOT NULL CHECK (char_length(event_type) <= 255),
  -- The provider's time of the event (Stripe `created`, PayPal `create_time`).
  event_created timestamptz NOT NULL,
  -- applied: written; stale: older than what the subscription or invoice already had;
  -- ignored: a type we do not use; unmatched: no business (see `reason`).
  outcome text NOT NULL CHECK (outcome IN ('applied', 'stale', 'ignored', 'unmatched')),
  reason text,
  business_registry_number text,
  provider_object_id text,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_events_once UNIQUE (provider, event_id)
);
CREATE INDEX webhook_events_unmatched ON webhook_events (received_at DESC, id DESC) WHERE outcome = 'unmatched';

-- The provider's id of a subscription (sub_..., I-...) is one row; `last_event_at` is the time of
-- the newest event applied to it (an older event never rolls it back); `updated_by` names who
-- wrote it last ('Stripe', 'PayPal'; null for rows written otherwise).
ALTER TABLE subscriptions
  ADD COLUMN provider_subscription_id text CHECK (char_length(provider_subscription_id) <= 255),
  ADD COLUMN last_event_at timestamptz,
  ADD COLUMN updated_by text CHECK (char_length(updated_by) <= 100);
CREATE UNIQUE INDEX subscriptions_provider_id ON subscriptions (subscription_provider, provider_subscription_id)
  WHERE provider_subscription_id IS NOT NULL;

-- An invoice (Stripe in_..., PayPal sale id) is one billing item however often it arrives.
ALTER TABLE billing_history
  ADD COLUMN provider_invoice_id text CHECK (char_length(provider_invoice_id) <= 255),
  ADD COLUMN last_event_at timestamptz;
CREATE UNIQUE INDEX billing_history_provider_invoice ON billing_history (provider, provider_invoice_id)
  WHERE provider_invoice_id IS NOT NULL;
