-- Indexes no plan used in a whole bench on 1,000,000 businesses (pg_stat_user_indexes, issue 15):
-- the name trigrams (searches use search_text), and the category, year and verification btrees
-- (list pages walk businesses_registration_date; a rare category/year pair is answered by
-- businesses_search_filters, which holds both columns; totals come from business_counts).
-- Each one only cost writes and seed time.
DROP INDEX IF EXISTS businesses_name_trgm;
DROP INDEX IF EXISTS businesses_category;
DROP INDEX IF EXISTS businesses_year;
DROP INDEX IF EXISTS businesses_verified;
