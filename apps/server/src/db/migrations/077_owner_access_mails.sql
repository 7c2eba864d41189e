-- The temporary-password mails to the owner of a business staff registered, one by one or with an
-- import's 'Enviar acceso a los dueños': one row per business, written in the transaction that
-- creates it, so no mail is lost to a process that dies between the commit and the send. A worker
-- takes due rows with FOR UPDATE SKIP LOCKED; it gives the business a new temporary password (only
-- its hash is kept, on the business) just before each try, so the password that works is the one
-- of the last mail sent; this table keeps none. `issued_hash` is the hash of the last try: a
-- business whose hash differs has another password since (its owner's or a reset) and is not
-- sent another. An import's rows go with it (30 days); a registration's after 30 days too.
CREATE TABLE owner_access_mails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The import that created the business; null for a registration.
  import_id uuid REFERENCES business_imports (import_id) ON DELETE CASCADE,
  -- Who the business's change log names for the password, and from where.
  changed_by text NOT NULL,
  ip_address text,
  user_agent text,
  -- No foreign key: a business sent to the trash and restored keeps its id and its pending mail.
  business_id integer NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  -- When the next try is due; a try under way pushes it past the send's longest wait (its lease).
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  issued_hash text,
  last_error text CHECK (char_length(last_error) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX owner_access_mails_due ON owner_access_mails (next_attempt_at) WHERE status = 'pending';
CREATE INDEX owner_access_mails_import ON owner_access_mails (import_id, status);
CREATE INDEX owner_access_mails_business ON owner_access_mails (business_id) WHERE status = 'pending';
CREATE INDEX owner_access_mails_created ON owner_access_mails (created_at) WHERE import_id IS NULL;
