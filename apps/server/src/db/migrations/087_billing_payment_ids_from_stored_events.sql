-- Billing items stored before migration 083 have no charge or payment intent, so a dispute (or a
-- refund on Stripe's API from 2025-03-31), which names only those, could not find them. The
-- Stripe events the portal kept say which payment paid each invoice: the invoice events (API
-- versions before 2025-03-31: `charge`, `payment_intent`, an id or the expanded object) and
-- `invoice_payment.paid` (later versions: `invoice` and `payment.charge` / `payment.payment_intent`).
-- The newest event naming an id wins; an id already on the item is kept.
CREATE FUNCTION pg_temp.stripe_ref(value jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE jsonb_typeof(value)
             WHEN 'string' THEN value #>> '{}'
             WHEN 'object' THEN value ->> 'id'
           END
  $$;

WITH named AS (
  SELECT pg_temp.stripe_ref(o -> 'id') AS invoice_id,
         pg_temp.stripe_ref(o -> 'charge') AS charge_id,
         pg_temp.stripe_ref(o -> 'payment_intent') AS payment_intent_id,
         e.event_created
    FROM webhook_events e
   CROSS JOIN LATERAL (SELECT e.payload -> 'data' -> 'object' AS o) AS obj
   WHERE e.provider = 'stripe' AND e.event_type LIKE 'invoice.%'
  UNION ALL
  SELECT pg_temp.stripe_ref(o -> 'invoice'),
         pg_temp.stripe_ref(o -> 'payment' -> 'charge'),
         pg_temp.stripe_ref(o -> 'payment' -> 'payment_intent'),
         e.event_created
    FROM webhook_events e
   CROSS JOIN LATERAL (SELECT e.payload -> 'data' -> 'object' AS o) AS obj
   WHERE e.provider = 'stripe' AND e.event_type = 'invoice_payment.paid'
),
latest AS (
  SELECT invoice_id,
         (array_agg(charge_id ORDER BY event_created DESC) FILTER (WHERE charge_id IS NOT NULL))[1] AS charge_id,
         (array_agg(payment_intent_id ORDER BY event_created DESC)
            FILTER (WHERE payment_intent_id IS NOT NULL))[1] AS payment_intent_id
    FROM named
   WHERE invoice_id IS NOT NULL
   GROUP BY invoice_id
)
UPDATE billing_history AS b
   SET provider_charge_id = coalesce(b.provider_charge_id, left(l.charge_id, 255)),
       provider_payment_intent_id = coalesce(b.provider_payment_intent_id, left(l.payment_intent_id, 255))
  FROM latest AS l
 WHERE b.provider = 'stripe'
   AND b.provider_invoice_id = l.invoice_id
   AND (b.provider_charge_id IS NULL OR b.provider_payment_intent_id IS NULL)
   AND (l.charge_id IS NOT NULL OR l.payment_intent_id IS NOT NULL);
DROP FUNCTION pg_temp.stripe_ref(jsonb);
