-- A broad search in a chosen order sorts all its matches when the walk of the sort's index finds
-- too few of them (directory.repository.ts sortedSearch): 'el rincon' sorted A-Z read ~50,000
-- rows of the wide businesses table (460 MB at 1M businesses) to sort them. This narrow copy holds
-- only what a sorted search reads: the search text, the sort keys and the filters (188 MB), laid
-- out in name order, so the matches of a word that names share ('el rincon de …', 'donde …')
-- sit on neighbouring pages. Statement triggers on businesses keep it exact in the same
-- transaction as every write; a bulk load with triggers off (the seed) rebuilds it afterwards.
CREATE TABLE business_sort_keys (
  id integer PRIMARY KEY,
  name_key text NOT NULL,
  search_text text NOT NULL,
  registration_date timestamptz NOT NULL,
  verified_email boolean NOT NULL,
  verified_phone boolean NOT NULL,
  business_category text,
  business_year integer
);

-- Rebuilds the copy from businesses in name order (its search index is built once, after).
CREATE FUNCTION refresh_business_sort_keys() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DROP INDEX IF EXISTS business_sort_keys_search;
  TRUNCATE business_sort_keys;
  INSERT INTO business_sort_keys
    (id, name_key, search_text, registration_date, verified_email, verified_phone, business_category, business_year)
  SELECT id, f_search_text(business_name), search_text, registration_date, verified_email, verified_phone,
         business_category, business_year
    FROM businesses ORDER BY f_search_text(business_name), id;
  CREATE INDEX business_sort_keys_search
    ON business_sort_keys USING gin (search_text gin_trgm_ops, business_category, business_year);
END;
$$;

CREATE FUNCTION business_sort_keys_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_sort_keys
    (id, name_key, search_text, registration_date, verified_email, verified_phone, business_category, business_year)
  SELECT id, f_search_text(business_name), search_text, registration_date, verified_email, verified_phone,
         business_category, business_year
    FROM new_rows;
  RETURN NULL;
END;
$$;

-- Only rows whose copied columns changed are written (an edit of the description writes nothing).
CREATE FUNCTION business_sort_keys_on_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE business_sort_keys AS k
     SET name_key = f_search_text(n.business_name), search_text = n.search_text,
         registration_date = n.registration_date, verified_email = n.verified_email,
         verified_phone = n.verified_phone, business_category = n.business_category,
         business_year = n.business_year
    FROM new_rows AS n
   WHERE k.id = n.id
     AND (k.search_text, k.registration_date, k.verified_email, k.verified_phone, k.business_category,
          k.business_year, k.name_key)
         IS DISTINCT FROM
         (n.search_text, n.registration_date, n.verified_email, n.verified_phone, n.business_category,
          n.business_year, f_search_text(n.business_name));
  RETURN NULL;
END;
$$;

CREATE FUNCTION business_sort_keys_on_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_sort_keys WHERE id IN (SELECT id FROM old_rows);
  RETURN NULL;
END;
$$;

CREATE FUNCTION business_sort_keys_on_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_sort_keys;
  RETURN NULL;
END;
$$;

CREATE TRIGGER businesses_sort_keys_insert AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_sort_keys_on_insert();
CREATE TRIGGER businesses_sort_keys_update AFTER UPDATE ON businesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_sort_keys_on_update();
CREATE TRIGGER businesses_sort_keys_delete AFTER DELETE ON businesses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_sort_keys_on_delete();
CREATE TRIGGER businesses_sort_keys_truncate AFTER TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION business_sort_keys_on_truncate();

SELECT refresh_business_sort_keys();
