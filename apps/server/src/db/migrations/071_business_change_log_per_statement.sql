-- The change log of businesses written once per statement instead of once per row: a statement
-- that writes many businesses (a spreadsheet import's batch) makes one INSERT into
-- business_change_logs, so its month counts (count_change_log_months) are upserted once too.
-- The rows are the same as migration 060's row trigger wrote, in the same order: each business
-- in the order the statement wrote it, its changed columns by name, then 'password'.
-- The INSERT trigger keeps the old name (the seed turns it off by name for its bulk load).
DROP TRIGGER businesses_change_log ON businesses;
DROP FUNCTION log_business_change();

CREATE FUNCTION log_business_inserts() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_change_logs
    (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
  SELECT id, business_registry_number, 'INSERT',
         CASE WHEN app_setting('app.business_restore') = 'true' THEN 'restored' END,
         NULL, business_name, coalesce(app_setting('app.changed_by'), 'Sistema'),
         app_setting('app.ip_address'), app_setting('app.user_agent')
    FROM new_rows;
  RETURN NULL;
END;
$$;

CREATE FUNCTION log_business_deletes() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_change_logs
    (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
  SELECT id, business_registry_number, 'DELETE', NULL, business_name, NULL,
         coalesce(app_setting('app.changed_by'), 'Sistema'), app_setting('app.ip_address'), app_setting('app.user_agent')
    FROM old_rows;
  RETURN NULL;
END;
$$;

-- The change log lists what a person changed: not the version bookkeeping nor the derived columns.
CREATE FUNCTION log_business_updates() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  skip text[] := ARRAY['password_hash', 'search_text', 'updated_at',
                       'version', 'version_changed_by', 'version_changed_at'];
BEGIN
  -- MATERIALIZED: each row made into JSON once, not once per column compared.
  WITH w AS MATERIALIZED (
         SELECT row_number() OVER () AS position, r.id, r.business_registry_number, r.password_hash,
                to_jsonb(r) - skip AS fields
           FROM new_rows r),
       o AS MATERIALIZED (SELECT r.id, r.password_hash, to_jsonb(r) - skip AS fields FROM old_rows r)
  INSERT INTO business_change_logs
    (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
  SELECT w.id, w.business_registry_number, 'UPDATE', c.col, c.old_value, c.new_value,
         coalesce(app_setting('app.changed_by'), 'Sistema'), app_setting('app.ip_address'), app_setting('app.user_agent')
    FROM w
    JOIN o ON o.id = w.id
   CROSS JOIN LATERAL (
         SELECT 0 AS part, k.col, o.fields ->> k.col AS old_value, w.fields ->> k.col AS new_value
           FROM jsonb_object_keys(w.fields) AS k(col)
          WHERE w.fields -> k.col IS DISTINCT FROM o.fields -> k.col
         UNION ALL
         SELECT 1, 'password', '********', '********' WHERE o.password_hash IS DISTINCT FROM w.password_hash
       ) AS c
   ORDER BY w.position, c.part, c.col;
  RETURN NULL;
END;
$$;

CREATE TRIGGER businesses_change_log AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_business_inserts();
CREATE TRIGGER businesses_change_log_update AFTER UPDATE ON businesses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_business_updates();
CREATE TRIGGER businesses_change_log_delete AFTER DELETE ON businesses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_business_deletes();
