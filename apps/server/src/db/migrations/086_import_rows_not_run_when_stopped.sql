-- An import that ends 'failed' (its admin suspended, too many tries, an error that is not
-- transient) records its rows not run as a cancel does (migration 084), with a result of their own,
-- 'stopped' ('No aplicado: la importación se detuvo' in the results file), so its results file
-- still says what happened to each row.
ALTER TABLE business_import_results
  DROP CONSTRAINT business_import_results_action_check,
  ADD CONSTRAINT business_import_results_action_check
    CHECK (action IN ('create', 'update', 'unchanged', 'error', 'cancelled', 'stopped'));
