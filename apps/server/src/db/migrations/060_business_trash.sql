-- The master's trash (issue #31). Deleting a business still deletes its row in one transaction
-- (so every list, lookup, count and public existence check behaves as before, and the change-log
-- trigger writes its DELETE row), but first the row and every row that depends on it are copied
-- here as JSONB. A restore inserts them back with their own ids; a purge (by hand, or past
-- TRASH_RETENTION_DAYS) deletes the copy for good. Pending email changes are not kept (their
-- codes expire in minutes).

CREATE TABLE business_trash (
  business_id integer PRIMARY KEY,
  business_registry_number text NOT NULL,
  business_name text NOT NULL,
  business_email text NOT NULL,
  business_phone text NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  deleted_by text NOT NULL,
  -- the businesses row (without its generated search_text)
  business jsonb NOT NULL,
  -- { "<table>": [rows…] } for each table of business_trash_tables()
  dependents jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX business_trash_registry ON business_trash (business_registry_number);
CREATE INDEX business_trash_deleted ON business_trash (deleted_at DESC, business_id DESC);

-- The tables holding a business's rows, parents before children (the order a restore inserts
-- them in: billing_history points at subscriptions). A test checks that every table with a
-- foreign key to businesses is listed here or deliberately left out (email_change_requests).
CREATE FUNCTION business_trash_tables() RETURNS text[]
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT ARRAY['business_locations', 'business_schedules', 'products', 'services', 'employees',
                     'events', 'subscriptions', 'billing_history', 'access_controls'] $$;

-- Copies a business and its rows into the trash; the caller deletes the business afterwards.
-- Answers the business's id, or NULL when there is no such business.
CREATE FUNCTION business_trash_put(registry text, deleted_by text) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  b businesses%ROWTYPE;
  tbl text;
  rows jsonb;
  deps jsonb := '{}'::jsonb;
BEGIN
  SELECT * INTO b FROM businesses WHERE business_registry_number = registry FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  FOREACH tbl IN ARRAY business_trash_tables() LOOP
    EXECUTE format('SELECT coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) FROM %I t WHERE business_id = $1', tbl)
      INTO rows USING b.id;
    deps := deps || jsonb_build_object(tbl, rows);
  END LOOP;
  INSERT INTO business_trash
    (business_id, business_registry_number, business_name, business_email, business_phone, deleted_by,
     business, dependents)
  VALUES (b.id, b.business_registry_number, b.business_name, b.business_email, b.business_phone,
          deleted_by, to_jsonb(b) - 'search_text', deps);
  RETURN b.id;
END;
$$;

-- The columns an INSERT may name (generated columns are left out), as a quoted list.
CREATE FUNCTION business_trash_columns(tbl text) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum)
      FROM pg_attribute
     WHERE attrelid = tbl::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
  $$;

-- Puts a trashed business back with its ids, then forgets the copy. The caller has checked that
-- its registry number, email and phone are free (a unique violation still refuses it whole).
-- Access rows of admins deleted meanwhile stay out (their admin is gone).
CREATE FUNCTION business_trash_restore(target integer) RETURNS boolean
  LANGUAGE plpgsql AS $$
DECLARE
  item business_trash%ROWTYPE;
  tbl text;
  rows jsonb;
  cols text;
BEGIN
  SELECT * INTO item FROM business_trash WHERE business_id = target FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  cols := business_trash_columns('businesses');
  EXECUTE format('INSERT INTO businesses (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM jsonb_populate_record(NULL::businesses, $1)',
                 cols, cols)
    USING item.business;
  FOREACH tbl IN ARRAY business_trash_tables() LOOP
    rows := coalesce(item.dependents -> tbl, '[]'::jsonb);
    IF tbl = 'access_controls' THEN
      SELECT coalesce(jsonb_agg(r), '[]'::jsonb) INTO rows
        FROM jsonb_array_elements(rows) r
       WHERE r ->> 'admin_id' IS NULL
          OR EXISTS (SELECT 1 FROM admins a WHERE a.admin_id = (r ->> 'admin_id')::integer);
    END IF;
    IF jsonb_array_length(rows) > 0 THEN
      cols := business_trash_columns(tbl);
      EXECUTE format('INSERT INTO %I (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM jsonb_populate_recordset(NULL::%I, $1)',
                     tbl, cols, cols, tbl)
        USING rows;
    END IF;
  END LOOP;
  DELETE FROM business_trash WHERE business_id = target;
  RETURN true;
END;
$$;

-- The change log says a business came back from the trash: its INSERT row names the column
-- 'restored' when the server marks the transaction (set_config('app.business_restore', 'true')).
-- Otherwise as migration 044.
CREATE OR REPLACE FUNCTION log_business_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  who text := coalesce(app_setting('app.changed_by'), 'Sistema');
  ip text := app_setting('app.ip_address');
  agent text := app_setting('app.user_agent');
  skip text[] := ARRAY['password_hash', 'search_text', 'updated_at',
                       'version', 'version_changed_by', 'version_changed_at'];
  old_row jsonb;
  new_row jsonb;
  col text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO business_change_logs
      (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
    VALUES (NEW.id, NEW.business_registry_number, 'INSERT',
            CASE WHEN app_setting('app.business_restore') = 'true' THEN 'restored' END,
            NULL, NEW.business_name, who, ip, agent);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO business_change_logs
      (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
    VALUES (OLD.id, OLD.business_registry_number, 'DELETE', NULL, OLD.business_name, NULL, who, ip, agent);
    RETURN OLD;
  END IF;

  old_row := to_jsonb(OLD) - skip;
  new_row := to_jsonb(NEW) - skip;
  FOR col IN SELECT jsonb_object_keys(new_row) ORDER BY 1 LOOP
    IF new_row -> col IS DISTINCT FROM old_row -> col THEN
      INSERT INTO business_change_logs
        (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
      VALUES (NEW.id, NEW.business_registry_number, 'UPDATE', col, old_row ->> col, new_row ->> col, who, ip, agent);
    END IF;
  END LOOP;
  IF OLD.password_hash IS DISTINCT FROM NEW.password_hash THEN
    INSERT INTO business_change_logs
      (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
    VALUES (NEW.id, NEW.business_registry_number, 'UPDATE', 'password', '********', '********', who, ip, agent);
  END IF;
  RETURN NEW;
END;
$$;
