-- A deletion copies a business's rows into the trash, then deletes them. A write under way on one
-- of those rows (a payment webhook changing its subscription, an access toggle) was not waited for
-- before the copy: the copy kept the row as it was, and the delete then took the row as the write
-- left it, so a restore brought back the old value. Now the business's rows are locked first, so
-- such a write finishes before the copy is read; then the business row, as before (a write that
-- only inserts a row for the business holds a key-share lock on it, which this lock waits for).
-- Dependents before the business is also the order those writes lock in. Otherwise as migration 060.
CREATE OR REPLACE FUNCTION business_trash_put(registry text, deleted_by text) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  b businesses%ROWTYPE;
  target integer;
  tbl text;
  rows jsonb;
  locked bigint;
  deps jsonb := '{}'::jsonb;
BEGIN
  SELECT id INTO target FROM businesses WHERE business_registry_number = registry;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  FOREACH tbl IN ARRAY business_trash_tables() LOOP
    EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM %I WHERE business_id = $1 FOR UPDATE) l', tbl)
      INTO locked USING target;
  END LOOP;
  SELECT * INTO b FROM businesses WHERE id = target FOR UPDATE;
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
