-- The directory's sorts (issue #24): each one walks an index, forward for one order and backward
-- for the other, so a sorted page reads about `offset + limit` rows like the default one
-- (registration date: businesses_registration_date, migration 003). Names sort accent- and
-- case-free, as they are searched (businesses_name_prefix is a text_pattern_ops index, which
-- serves LIKE 'prefix%' but not ORDER BY). Verification sorts by how many channels are verified
-- (0, 1, 2), newest first within each; the id ends every key so the order is total.
CREATE INDEX businesses_name_order ON businesses (f_search_text(business_name), id);
-- A category's names cluster in the alphabet ('Tintorería …'), so walking every name to find a
-- category's first page read ~19,000 rows at 100k businesses: this one reads only that category.
CREATE INDEX businesses_category_name_order
  ON businesses (business_category, f_search_text(business_name), id);
CREATE INDEX businesses_verification_order
  ON businesses ((verified_email::int + verified_phone::int), registration_date, id);
