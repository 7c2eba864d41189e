-- The version of a business (migration 044) moves when any column but updated_at and search_text
-- changed. The shared bump_record_version turns OLD and NEW into jsonb for every row to compare
-- them, which was a tenth of a 500-row import batch's UPDATE at 1M businesses. This one copies
-- the columns that do not count from NEW into a copy of OLD and compares the two rows as they
-- are: the same rule, without building JSON. A column added to businesses later counts, as before.
CREATE FUNCTION bump_business_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  before businesses%ROWTYPE := OLD;
BEGIN
  before.updated_at := NEW.updated_at;
  before.search_text := NEW.search_text;
  before.version := NEW.version;
  before.version_changed_by := NEW.version_changed_by;
  before.version_changed_at := NEW.version_changed_at;
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

DROP TRIGGER businesses_version ON businesses;
CREATE TRIGGER businesses_version BEFORE UPDATE ON businesses
  FOR EACH ROW EXECUTE FUNCTION bump_business_version();
