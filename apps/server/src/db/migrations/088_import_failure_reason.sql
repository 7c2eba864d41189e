-- Why an import ended 'failed', as the API says it: 'owner_inactive' (the admin who started it is
-- no longer active), 'database' (the database failed on every try) or 'unexpected'. failure keeps
-- the error's own text, for the server's operators: it may name internals, so it never reaches a
-- response. An import that failed before this is read from that text: the admin's stop was
-- written in words of its own, and anything else is 'unexpected'.
ALTER TABLE business_imports
  ADD COLUMN failure_reason text CHECK (failure_reason IN ('owner_inactive', 'database', 'unexpected'));

UPDATE business_imports
   SET failure_reason = CASE WHEN failure = 'the admin who started the import is no longer active'
                             THEN 'owner_inactive' ELSE 'unexpected' END
 WHERE status = 'failed';
