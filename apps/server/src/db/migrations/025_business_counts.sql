-- Directory totals without a scan (issue 15, docs/decisions/002-directory-count.md): the number
-- of businesses per combination of the list filters that have no search text, for every subset
-- of those filters (GROUP BY CUBE), so any filter-only total is one row. `grouping_set` is
-- GROUPING(category, year, verified_email, verified_phone): a set bit means "any value" (8 =
-- category, 4 = year, 2 = verified_email, 1 = verified_phone; 15 is the whole directory).
CREATE TABLE business_counts (
  grouping_set smallint NOT NULL,
  business_category text,
  business_year integer,
  verified_email boolean,
  verified_phone boolean,
  n bigint NOT NULL
);
CREATE UNIQUE INDEX business_counts_key ON business_counts
  (grouping_set, business_category, business_year, verified_email, verified_phone) NULLS NOT DISTINCT;

-- Recounts from scratch: after a bulk load with triggers off (the seed), and once here. The
-- finest groups are counted first (one pass over businesses), then rolled up.
CREATE OR REPLACE FUNCTION refresh_business_counts() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM business_counts;
  INSERT INTO business_counts (grouping_set, business_category, business_year, verified_email, verified_phone, n)
  SELECT grouping(business_category, business_year, verified_email, verified_phone),
         business_category, business_year, verified_email, verified_phone, coalesce(sum(n), 0)
    FROM (SELECT business_category, business_year, verified_email, verified_phone, count(*) AS n
            FROM businesses GROUP BY 1, 2, 3, 4) AS finest
   GROUP BY CUBE (business_category, business_year, verified_email, verified_phone);
$$;

-- Statement triggers with transition tables: one upsert per statement, whatever its row count.
-- Rows are locked in one order, the whole-directory row (15) first, so concurrent writers queue
-- on it instead of deadlocking on each other's groups.
CREATE OR REPLACE FUNCTION business_counts_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_counts AS c (grouping_set, business_category, business_year, verified_email, verified_phone, n)
  SELECT grouping(business_category, business_year, verified_email, verified_phone),
         business_category, business_year, verified_email, verified_phone, sum(delta)
    FROM (SELECT business_category, business_year, verified_email, verified_phone, 1 AS delta FROM new_rows) AS changes
   GROUP BY CUBE (business_category, business_year, verified_email, verified_phone)
  HAVING sum(delta) <> 0
   ORDER BY 1 DESC, 2, 3, 4, 5
  ON CONFLICT (grouping_set, business_category, business_year, verified_email, verified_phone)
  DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION business_counts_on_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_counts AS c (grouping_set, business_category, business_year, verified_email, verified_phone, n)
  SELECT grouping(business_category, business_year, verified_email, verified_phone),
         business_category, business_year, verified_email, verified_phone, sum(delta)
    FROM (SELECT business_category, business_year, verified_email, verified_phone, -1 AS delta FROM old_rows) AS changes
   GROUP BY CUBE (business_category, business_year, verified_email, verified_phone)
  HAVING sum(delta) <> 0
   ORDER BY 1 DESC, 2, 3, 4, 5
  ON CONFLICT (grouping_set, business_category, business_year, verified_email, verified_phone)
  DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION business_counts_on_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_counts AS c (grouping_set, business_category, business_year, verified_email, verified_phone, n)
  SELECT grouping(business_category, business_year, verified_email, verified_phone),
         business_category, business_year, verified_email, verified_phone, sum(delta)
    FROM (SELECT business_category, business_year, verified_email, verified_phone, 1 AS delta FROM new_rows
          UNION ALL SELECT business_category, business_year, verified_email, verified_phone, -1 AS delta FROM old_rows) AS changes
   GROUP BY CUBE (business_category, business_year, verified_email, verified_phone)
  HAVING sum(delta) <> 0
   ORDER BY 1 DESC, 2, 3, 4, 5
  ON CONFLICT (grouping_set, business_category, business_year, verified_email, verified_phone)
  DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END;
$$;

CREATE TRIGGER businesses_counts_insert AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_insert();
CREATE TRIGGER businesses_counts_update AFTER UPDATE ON businesses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_update();
CREATE TRIGGER businesses_counts_delete AFTER DELETE ON businesses
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_delete();

CREATE OR REPLACE FUNCTION business_counts_on_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM business_counts;
  RETURN NULL;
END;
$$;
CREATE TRIGGER businesses_counts_truncate AFTER TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_truncate();

SELECT refresh_business_counts();
