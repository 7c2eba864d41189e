-- How much of a billing item's payment came back (docs/payments.md "Refunds"), so refunds add up:
-- Stripe's `charge.refunded` carries the running total (`amount_refunded`), and an older event
-- arriving after a newer one finds a total as large stored and changes nothing; a PayPal refund
-- carries its own amount (its total only sometimes), and is added once, by its own resource id
-- (`provider_refund_ids`), however often it is delivered or applied.
ALTER TABLE billing_history
  ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  ADD COLUMN provider_refund_ids text[] NOT NULL DEFAULT '{}';

-- A refunded item got all of it back. A partial refund applied before this migration is not
-- known here: the next refund of that item counts from what it carries, as before.
UPDATE billing_history SET refunded_amount = amount WHERE status = 'refunded';

-- A partial refund applied before: what the stored events said. Stripe's largest running total
-- (`amount_refunded`, in Stripe's unit, kept in hundredths as stripe-events.ts does); PayPal's
-- refunds, each once by its id (or the largest `total_refunded_amount`, when larger).
WITH stripe_totals AS (
  SELECT e.provider_object_id AS object_id,
         CASE
           WHEN lower(o ->> 'currency') IN ('bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga',
                                            'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf')
             THEN round((o ->> 'amount_refunded')::numeric * 100)
           WHEN lower(o ->> 'currency') IN ('bhd', 'jod', 'kwd', 'omr', 'tnd')
             THEN round((o ->> 'amount_refunded')::numeric / 10)
           ELSE round((o ->> 'amount_refunded')::numeric)
         END AS refunded
    FROM webhook_events e
   CROSS JOIN LATERAL (SELECT e.payload -> 'data' -> 'object' AS o) AS obj
   WHERE e.provider = 'stripe' AND e.event_type = 'charge.refunded' AND e.outcome = 'applied'
     AND jsonb_typeof(o -> 'amount_refunded') = 'number'
),
stripe_items AS (
  SELECT b.id, max(s.refunded) AS refunded, '{}'::text[] AS ids
    FROM billing_history b
    JOIN stripe_totals s
      ON s.object_id IN (b.provider_invoice_id, b.provider_charge_id, b.provider_payment_intent_id)
   WHERE b.provider = 'stripe'
   GROUP BY b.id
),
paypal_refunds AS (
  SELECT DISTINCT ON (e.provider_object_id, r ->> 'id')
         e.provider_object_id AS sale_id, r ->> 'id' AS refund_id,
         ltrim(r -> 'amount' ->> 'total', '-') AS own,
         ltrim(r -> 'total_refunded_amount' ->> 'value', '-') AS total
    FROM webhook_events e
   CROSS JOIN LATERAL (SELECT e.payload -> 'resource' AS r) AS res
   WHERE e.provider = 'paypal' AND e.event_type = 'PAYMENT.SALE.REFUNDED' AND e.outcome = 'applied'
     AND r ->> 'id' IS NOT NULL AND char_length(r ->> 'id') <= 255
),
paypal_items AS (
  SELECT b.id,
         greatest(
           sum(round(p.own::numeric * 100)) FILTER (WHERE p.own ~ '^\d{1,10}(\.\d{1,2})?$'),
           max(round(p.total::numeric * 100)) FILTER (WHERE p.total ~ '^\d{1,10}(\.\d{1,2})?$')
         ) AS refunded,
         array_agg(p.refund_id) AS ids
    FROM billing_history b
    JOIN paypal_refunds p ON p.sale_id = b.provider_invoice_id
   WHERE b.provider = 'paypal'
   GROUP BY b.id
)
UPDATE billing_history AS b
   SET refunded_amount = least(known.refunded, 2147483647)::integer,
       provider_refund_ids = known.ids
  FROM (SELECT * FROM stripe_items UNION ALL SELECT * FROM paypal_items) AS known
 WHERE b.id = known.id AND b.status <> 'refunded' AND known.refunded > 0;
