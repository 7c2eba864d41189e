-- What an import did to each row of its file (the rule: an import always says what it did to each
-- row): created (with the registry number the business got), updated, unchanged or in error (with
-- the row's first error). The job writes a batch's results in the batch's own transaction, so they
-- are exactly what committed; a batch applied again after a crash finds its rows by the primary
-- key. Unlike business_import_errors (the first 1,000, with the file's cells, for fixing and
-- importing again) every row is kept. They go with their import after 30 days.
CREATE TABLE business_import_results (
  import_id uuid NOT NULL REFERENCES business_imports (import_id) ON DELETE CASCADE,
  -- The row's line in the spreadsheet (the header is row 1), as business_import_rows.row_number.
  row integer NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'unchanged', 'error')),
  business_registry_number text,
  business_name text,
  -- The row's first error, for an error ('<field>: <message>', in Spanish).
  message text,
  PRIMARY KEY (import_id, row)
);
