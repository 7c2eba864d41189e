-- A broad search sorted by name walks businesses_name_order and checks each entry's search text
-- (directory.repository.ts sortedSearch). Fetching that text from the table was one random read
-- per entry: 'restaurante' sorted A-Z read ~900,000 rows at 1M businesses (p95 4.4 s). With the
-- name and the search text in the index the walk is an index-only scan. business_name is included
-- because PostgreSQL uses an expression index for an index-only scan only when the columns of the
-- expression are in it too.
DROP INDEX businesses_name_order;
CREATE INDEX businesses_name_order ON businesses (f_search_text(business_name), id)
  INCLUDE (business_name, search_text);
