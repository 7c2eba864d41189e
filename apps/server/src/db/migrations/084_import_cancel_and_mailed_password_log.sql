-- 'Cancelar importación': a queued import is cancelled at once (nothing applied); a running one
-- keeps cancel_requested_at, which its job reads between batches, in whatever process it runs,
-- and stops there ('cancelled') after the batch in progress commits. Its rows not run get a
-- result of their own, 'cancelled' ('No aplicado: importación cancelada' in the results file).
ALTER TABLE business_imports
  DROP CONSTRAINT business_imports_status_check,
  ADD CONSTRAINT business_imports_status_check
    CHECK (status IN ('uploaded', 'previewed', 'queued', 'running', 'done', 'failed', 'cancelled')),
  ADD COLUMN cancel_requested_at timestamptz;

ALTER TABLE business_import_results
  DROP CONSTRAINT business_import_results_action_check,
  ADD CONSTRAINT business_import_results_action_check
    CHECK (action IN ('create', 'update', 'unchanged', 'error', 'cancelled'));

-- An owner's temporary-password mail sets a new password before each try (up to 10 with the mail
-- server down), and each wrote a 'password' row to the business's history. With
-- app.password_logged_on_send = 'on' (the mail queue's tries) the trigger leaves that row out:
-- the queue writes it itself once the mail is sent, so the history shows the password the owner
-- received, once. The function is built as migration 075 built it, the password row aside.
DO $migration$
DECLARE
  triples text;
BEGIN
  SELECT string_agg(
           format('(%L, %s, %s)', attname,
                  CASE WHEN atttypid = 'timestamptz'::regtype
                       THEN format('to_jsonb(o.%I) #>> ''{}''', attname)
                       ELSE format('o.%I::text', attname) END,
                  CASE WHEN atttypid = 'timestamptz'::regtype
                       THEN format('to_jsonb(n.%I) #>> ''{}''', attname)
                       ELSE format('n.%I::text', attname) END),
           E',\n                ' ORDER BY attname)
    INTO triples
    FROM pg_attribute
   WHERE attrelid = 'businesses'::regclass AND attnum > 0 AND NOT attisdropped
     AND attname NOT IN ('password_hash', 'search_text', 'updated_at',
                         'version', 'version_changed_by', 'version_changed_at');

  EXECUTE format($function$
    CREATE OR REPLACE FUNCTION log_business_updates() RETURNS trigger
      LANGUAGE plpgsql AS $body$
    BEGIN
      WITH w AS MATERIALIZED (SELECT row_number() OVER () AS position, r.* FROM new_rows r)
      INSERT INTO business_change_logs
        (business_id, business_registry_number, operation_type, changed_column, old_value, new_value,
         changed_by, ip_address, user_agent)
      SELECT n.id, n.business_registry_number, 'UPDATE', c.col, c.old_value, c.new_value,
             coalesce(app_setting('app.changed_by'), 'Sistema'), app_setting('app.ip_address'),
             app_setting('app.user_agent')
        FROM w AS n
        JOIN old_rows AS o ON o.id = n.id
       CROSS JOIN LATERAL (
             SELECT 0 AS part, v.col, v.old_value, v.new_value
               FROM (VALUES %s) AS v(col, old_value, new_value)
              WHERE v.old_value IS DISTINCT FROM v.new_value
             UNION ALL
             SELECT 1, 'password', '********', '********'
              WHERE o.password_hash IS DISTINCT FROM n.password_hash
                AND app_setting('app.password_logged_on_send') IS DISTINCT FROM 'on'
           ) AS c
       ORDER BY n.position, c.part, c.col;
      RETURN NULL;
    END;
    $body$
  $function$, triples);
END;
$migration$;
