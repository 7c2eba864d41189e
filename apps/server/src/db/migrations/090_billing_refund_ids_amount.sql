-- A PayPal refund carries its own amount and only sometimes `total_refunded_amount` (all refunded
-- of the sale up to it), so refunds arriving in any order are counted as the largest of the
-- largest total seen and the sum of the own amounts of the refunds counted by id
-- (docs/payments.md "PayPal"). `refund_ids_amount` keeps that sum. Until now a refund without a
-- total was added to what the item had, so one arriving after a later total was counted twice.
ALTER TABLE billing_history
  ADD COLUMN refund_ids_amount integer NOT NULL DEFAULT 0 CHECK (refund_ids_amount >= 0);

-- Items with refunds counted by id: the sum and the refunded amount again from the stored events
-- of those refunds, at most the sale. An item made 'refunded' only by a double count (no reversal
-- of it) is 'succeeded' again; one whose refunds cover the sale is 'refunded'.
WITH paypal_refunds AS (
  SELECT DISTINCT ON (e.provider_object_id, r ->> 'id')
         e.provider_object_id AS sale_id, r ->> 'id' AS refund_id,
         ltrim(r -> 'amount' ->> 'total', '-') AS own,
         ltrim(r -> 'total_refunded_amount' ->> 'value', '-') AS total
    FROM webhook_events e
   CROSS JOIN LATERAL (SELECT e.payload -> 'resource' AS r) AS res
   WHERE e.provider = 'paypal' AND e.event_type = 'PAYMENT.SALE.REFUNDED' AND r ->> 'id' IS NOT NULL
   ORDER BY e.provider_object_id, r ->> 'id', e.id
),
counted AS (
  SELECT b.id,
         coalesce(sum(round(p.own::numeric * 100)) FILTER (WHERE p.own ~ '^\d{1,10}(\.\d{1,2})?$'), 0)
           AS ids_amount,
         coalesce(max(round(p.total::numeric * 100)) FILTER (WHERE p.total ~ '^\d{1,10}(\.\d{1,2})?$'), 0)
           AS largest_total,
         EXISTS (SELECT 1 FROM webhook_events v
                  WHERE v.provider = 'paypal' AND v.event_type = 'PAYMENT.SALE.REVERSED'
                    AND v.outcome IN ('applied', 'stale')
                    AND v.provider_object_id = b.provider_invoice_id) AS reversed
    FROM billing_history b
    JOIN paypal_refunds p ON p.sale_id = b.provider_invoice_id AND p.refund_id = ANY (b.provider_refund_ids)
   WHERE b.provider = 'paypal'
   GROUP BY b.id
),
known AS (
  SELECT id, least(ids_amount, 2147483647) AS ids_amount,
         greatest(ids_amount, largest_total) AS refunded, reversed
    FROM counted
)
UPDATE billing_history AS b
   SET refund_ids_amount = known.ids_amount::integer,
       refunded_amount = CASE WHEN known.reversed OR known.refunded >= b.amount THEN b.amount
                              ELSE known.refunded::integer END,
       status = CASE WHEN known.reversed OR known.refunded >= b.amount THEN 'refunded'
                     WHEN b.status = 'refunded' THEN 'succeeded'
                     ELSE b.status END
  FROM known
 WHERE b.id = known.id;
