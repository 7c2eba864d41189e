-- Imports of businesses from a spreadsheet (issue #32). The import row is also its job (DESIGN §3
-- "Long work runs as a job"): a commit queues it, any server process takes it with FOR UPDATE SKIP
-- LOCKED and holds a lease (locked_by, locked_until) that it renews after each batch; a lease
-- that ran out (the process died) lets another process take the job again, from processed_rows.
-- The file itself is never kept: its rows are, one JSONB array of cells per row, until the job is
-- done; rows in error (at most 1,000 per import, plus a count) stay for the errors file. An
-- import and everything of it is deleted after 30 days.
CREATE TABLE business_imports (
  import_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_kind text NOT NULL CHECK (owner_kind IN ('admin', 'master')),
  owner_admin_id integer REFERENCES admins (admin_id) ON DELETE CASCADE,
  -- Who the change log names, and from where (the upload's request).
  created_by text NOT NULL,
  ip_address text,
  file_name text NOT NULL CHECK (char_length(file_name) <= 255),
  status text NOT NULL DEFAULT 'uploaded'
    CHECK (status IN ('uploaded', 'previewed', 'queued', 'running', 'done', 'failed')),
  columns jsonb NOT NULL CHECK (jsonb_typeof(columns) = 'array'),
  mapping jsonb NOT NULL CHECK (jsonb_typeof(mapping) = 'object'),
  total_rows integer NOT NULL CHECK (total_rows >= 0),
  processed_rows integer NOT NULL DEFAULT 0 CHECK (processed_rows >= 0),
  -- The row_number of the last row a committed batch applied: the job resumes after it.
  cursor_row integer NOT NULL DEFAULT 0,
  -- The preview's counts, then the commit's (create, update, unchanged, error).
  summary jsonb,
  error_count integer NOT NULL DEFAULT 0,
  send_owner_access boolean NOT NULL DEFAULT false,
  locked_by text,
  locked_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((owner_kind = 'admin') = (owner_admin_id IS NOT NULL))
);
CREATE INDEX business_imports_owner ON business_imports (owner_kind, owner_admin_id, created_at DESC);
CREATE INDEX business_imports_created ON business_imports (created_at);
CREATE INDEX business_imports_pending ON business_imports (created_at) WHERE status IN ('queued', 'running');

-- row_number: the row's line in the spreadsheet (the header is row 1).
CREATE TABLE business_import_rows (
  import_id uuid NOT NULL REFERENCES business_imports (import_id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  cells jsonb NOT NULL CHECK (jsonb_typeof(cells) = 'array'),
  PRIMARY KEY (import_id, row_number)
);

CREATE TABLE business_import_errors (
  import_id uuid NOT NULL REFERENCES business_imports (import_id) ON DELETE CASCADE,
  row_number integer NOT NULL,
  cells jsonb NOT NULL CHECK (jsonb_typeof(cells) = 'array'),
  errors jsonb NOT NULL CHECK (jsonb_typeof(errors) = 'array'),
  PRIMARY KEY (import_id, row_number)
);
