-- Directory search with a category or year filter (docs/decisions/002-directory-count.md):
-- one GIN index holds the trigrams of search_text and those two columns (btree_gin), so the
-- filter narrows the bitmap before any row is read. With the trigram-only index, a broad
-- search such as 'del caribe' with year=2011 read ~9,000 rows to keep 155.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX businesses_search_filters
  ON businesses USING gin (search_text gin_trgm_ops, business_category, business_year);
DROP INDEX businesses_search_trgm;
