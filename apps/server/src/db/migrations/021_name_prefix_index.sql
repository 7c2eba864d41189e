-- "Names that start with the search" (the directory's ranking when a search is capped): a
-- btree over the normalised name answers a prefix LIKE as an ordered range scan that stops at
-- the page size; the trigram index would first collect every row sharing the trigrams.
CREATE INDEX businesses_name_prefix ON businesses (f_search_text(business_name) text_pattern_ops);
