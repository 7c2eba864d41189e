-- Searches of 1–2-letter words (issue 15): '%la%' has no trigram, so the GIN index returned
-- every row of the filter. They now match where a word starts (' la'), which needs a space
-- before the first word too: search_text gains a leading space. PostgreSQL 15 cannot change a
-- generated column's expression, so the column is rebuilt (its index goes with it).
ALTER TABLE businesses DROP COLUMN search_text;
ALTER TABLE businesses ADD COLUMN search_text text GENERATED ALWAYS AS (
  ' ' || f_search_text(
    business_name || ' ' || business_owner || ' ' || business_email || ' ' ||
    business_phone || ' ' || business_registry_number
  )
) STORED;
CREATE INDEX businesses_search_filters
  ON businesses USING gin (search_text gin_trgm_ops, business_category, business_year);
