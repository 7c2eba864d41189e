-- Calls counted against a rate limit (issue #14): one row per key (the client IP) and fixed window,
-- bumped with one atomic upsert, so every server process on the database shares one count.
-- Rows of past windows are deleted by the server (http/rate-limit-store.ts).
CREATE UNLOGGED TABLE rate_limit_hits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);
