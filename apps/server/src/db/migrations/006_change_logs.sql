-- No foreign key: the history of a business outlives the business (SPEC §2, DESIGN §5).
CREATE TABLE business_change_logs (
  log_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL,
  business_registry_number text NOT NULL,
  operation_type text NOT NULL CHECK (operation_type IN ('INSERT', 'UPDATE', 'DELETE')),
  changed_column text,
  old_value text,
  new_value text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL DEFAULT 'Sistema',
  ip_address text,
  user_agent text
);
CREATE INDEX business_change_logs_registry ON business_change_logs (business_registry_number, changed_at DESC, log_id DESC);

-- Who is writing: set per transaction by the server with set_config('app.changed_by', ..., true).
CREATE OR REPLACE FUNCTION app_setting(name text) RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting(name, true), '') $$;

CREATE OR REPLACE FUNCTION log_business_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  who text := coalesce(app_setting('app.changed_by'), 'Sistema');
  ip text := app_setting('app.ip_address');
  agent text := app_setting('app.user_agent');
  old_row jsonb;
  new_row jsonb;
  col text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO business_change_logs
      (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
    VALUES (NEW.id, NEW.business_registry_number, 'INSERT', NULL, NULL, NEW.business_name, who, ip, agent);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO business_change_logs
      (business_id, business_registry_number, operation_type, changed_column, old_value, new_value, changed_by, ip_address, user_agent)
    VALUES (OLD.id, OLD.business_registry_number, 'DELETE', NULL, OLD.business_name, NULL, who, ip, agent);
    RETURN OLD;
  END IF;

  old_row := to_jsonb(OLD) - ARRAY['password_hash', 'search_text', 'updated_at'];
  new_row := to_jsonb(NEW) - ARRAY['password_hash', 'search_text', 'updated_at'];
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

CREATE TRIGGER businesses_change_log
  AFTER INSERT OR UPDATE OR DELETE ON businesses
  FOR EACH ROW EXECUTE FUNCTION log_business_change();

CREATE OR REPLACE FUNCTION touch_updated_at() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TRIGGER businesses_touch BEFORE UPDATE ON businesses
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
