-- Issue #30 item 2: the master changes their own password. MASTER_PASSWORD (or the generated one in
-- app_secrets) stays the configured password; a change made from the portal is kept here, as an
-- argon2 hash, and is what sign-in checks from then on. `replaces_hash` is the hash of the
-- configured password that was in force when the change was made: at start, when the configured
-- password no longer matches it (the operator set a new MASTER_PASSWORD to recover the account),
-- the row is deleted and the configured password counts again (auth/master-password.ts).
-- One row at most (`id` is always true).
CREATE TABLE master_password (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  password_hash text NOT NULL,
  replaces_hash text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
