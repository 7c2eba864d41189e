-- The access list reads a business's controls with `business_id = $1` only. The two unique
-- indexes on access_controls are partial (admin rows, the master row), so neither serves that
-- lookup and it read the whole table: ~1 s a request at 1,000,000 businesses (issue 15 bench).
CREATE INDEX access_controls_business ON access_controls (business_id);
