-- The version a business's edit form sends back (If-Match) no longer moves when only its owner's
-- password does: a temporary password the mail queue sets on each try (or an owner's own change)
-- is not a change to what staff edit, and made a staff member's save a 412 with nothing to show.
-- The change log still records the password (as '********').
CREATE OR REPLACE FUNCTION bump_business_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  before businesses%ROWTYPE := OLD;
BEGIN
  before.updated_at := NEW.updated_at;
  before.search_text := NEW.search_text;
  before.version := NEW.version;
  before.version_changed_by := NEW.version_changed_by;
  before.version_changed_at := NEW.version_changed_at;
  before.password_hash := NEW.password_hash;
  before.must_change_password := NEW.must_change_password;
  IF before IS DISTINCT FROM NEW THEN
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
