-- A broad search sorted by name whose first matches cluster late in the alphabet ('donde …', 'el
-- rincon de …') sorted every match on business_sort_keys (~50,000 rows for 'rincon' at 1M).
-- Its first page needs only the matches whose name sorts before a bound that some ten known
-- matches already reach (directory.repository.ts sortedSearch). This BRIN index holds the lowest
-- and highest name of each 8 pages of the copy, which is laid out in name order, so those matches
-- are read from the few pages before the bound. No write makes it leave a row out: a row written
-- later widens its range, and a range not yet summarized is read whole (autosummarize summarizes
-- the pages the triggers add, so they stop being read whole).
CREATE INDEX business_sort_keys_name_ranges
  ON business_sort_keys USING brin (name_key) WITH (pages_per_range = 8, autosummarize = on);

-- The rebuild truncates the copy, which leaves a BRIN index's new pages unsummarized (read as
-- "may match" on every search): it is built again after the rows, like the trigram index.
CREATE OR REPLACE FUNCTION refresh_business_sort_keys() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DROP INDEX IF EXISTS business_sort_keys_search;
  DROP INDEX IF EXISTS business_sort_keys_name_ranges;
  TRUNCATE business_sort_keys;
  INSERT INTO business_sort_keys
    (id, name_key, search_text, registration_date, verified_email, verified_phone, business_category, business_year)
  SELECT id, f_search_text(business_name), search_text, registration_date, verified_email, verified_phone,
         business_category, business_year
    FROM businesses ORDER BY f_search_text(business_name), id;
  CREATE INDEX business_sort_keys_search
    ON business_sort_keys USING gin (search_text gin_trgm_ops, business_category, business_year);
  CREATE INDEX business_sort_keys_name_ranges
    ON business_sort_keys USING brin (name_key) WITH (pages_per_range = 8, autosummarize = on);
END;
$$;
