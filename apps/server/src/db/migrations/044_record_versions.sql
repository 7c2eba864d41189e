-- Edit conflicts (issue #25, part 1): every record a person edits carries a version, and who
-- changed it last and when. A write that names the version it read (If-Match) is applied only
-- while the record is still at that version (the services compare under the row lock).
--
-- `version` is text (the API sends it as an opaque string): a counter, bumped by a BEFORE UPDATE
-- trigger when a column a person can see or edit changed. Columns that move on their own
-- (updated_at, last_login_at, search_text, last_update) do not count: a sign-in must not make the
-- master's edit of that admin a conflict. A column, not xmin: it survives backup/restore, the
-- move to PostgreSQL and PGlite alike.
ALTER TABLE businesses
  ADD COLUMN version text NOT NULL DEFAULT '1',
  ADD COLUMN version_changed_by text,
  ADD COLUMN version_changed_at timestamptz;
ALTER TABLE admins
  ADD COLUMN version text NOT NULL DEFAULT '1',
  ADD COLUMN version_changed_by text,
  ADD COLUMN version_changed_at timestamptz;
ALTER TABLE access_controls
  ADD COLUMN version text NOT NULL DEFAULT '1',
  ADD COLUMN version_changed_by text,
  ADD COLUMN version_changed_at timestamptz;

-- TG_ARGV: 'only' or 'except', then column names. 'only': the version moves when one of those
-- columns changed; 'except': when any column but those changed.
CREATE OR REPLACE FUNCTION bump_record_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  mode text := TG_ARGV[0];
  listed text[] := TG_ARGV[1:TG_NARGS - 1];
  skip text[] := ARRAY['version', 'version_changed_by', 'version_changed_at'];
  old_row jsonb := to_jsonb(OLD) - skip;
  new_row jsonb := to_jsonb(NEW) - skip;
  changed boolean := false;
  col text;
BEGIN
  IF mode = 'except' THEN
    changed := (old_row - listed) IS DISTINCT FROM (new_row - listed);
  ELSE
    FOREACH col IN ARRAY listed LOOP
      IF old_row -> col IS DISTINCT FROM new_row -> col THEN
        changed := true;
        EXIT;
      END IF;
    END LOOP;
  END IF;
  IF changed THEN
    NEW.version := (OLD.version::bigint + 1)::text;
    NEW.version_changed_by := coalesce(app_setting('app.changed_by'), 'Sistema');
    NEW.version_changed_at := clock_timestamp();
  ELSE
    NEW.version := OLD.version;
    NEW.version_changed_by := OLD.version_changed_by;
    NEW.version_changed_at := OLD.version_changed_at;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER businesses_version BEFORE UPDATE ON businesses
  FOR EACH ROW EXECUTE FUNCTION bump_record_version('except', 'updated_at', 'search_text');
CREATE TRIGGER admins_version BEFORE UPDATE ON admins
  FOR EACH ROW EXECUTE FUNCTION bump_record_version('only',
    'admin_first_name', 'admin_last_name', 'admin_email', 'admin_phone', 'access_status',
    'admin_password_hash');
CREATE TRIGGER access_controls_version BEFORE UPDATE ON access_controls
  FOR EACH ROW EXECUTE FUNCTION bump_record_version('except', 'last_update');

-- The change log of a business lists what a person changed: not the version bookkeeping.
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
    VALUES (NEW.id, NEW.business_registry_number, 'INSERT', NULL, NULL, NEW.business_name, who, ip, agent);
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
