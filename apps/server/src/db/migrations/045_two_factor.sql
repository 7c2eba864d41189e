-- A second factor for staff sign-in (issue 25 part 2): TOTP (RFC 6238) with recovery codes.
-- The owner is the staff account, as for saved views (migration 043): an admin (owner_admin_id,
-- removed with the admin) or the master (owner_kind 'master', no admin id: one master account).
-- `secret_encrypted` is the base32 secret sealed with AES-256-GCM (auth/two-factor-crypto.ts); it
-- is never stored or answered in clear. `enabled_at` null: set up but not confirmed yet (not
-- asked at sign-in). `last_used_step`: the 30 s step of the last accepted code, so a code is
-- accepted once (no replay in its window).
CREATE TABLE staff_two_factor (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_kind text NOT NULL CHECK (owner_kind IN ('admin', 'master')),
  owner_admin_id integer REFERENCES admins (admin_id) ON DELETE CASCADE,
  secret_encrypted text NOT NULL,
  enabled_at timestamptz,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((owner_kind = 'admin') = (owner_admin_id IS NOT NULL))
);
CREATE UNIQUE INDEX staff_two_factor_owner ON staff_two_factor (owner_kind, coalesce(owner_admin_id, 0));

-- Ten one-time recovery codes per enabling, stored as HMAC-SHA256 (keyed like the secrets), used once.
CREATE TABLE staff_two_factor_recovery_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  two_factor_id integer NOT NULL REFERENCES staff_two_factor (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX staff_two_factor_recovery_codes_owner ON staff_two_factor_recovery_codes (two_factor_id);

-- The step between a right password and a session: `verify` asks for a code, `setup` (an admin
-- without 2FA while the master requires it) allows only setting up 2FA. The token is kept as its
-- SHA-256. `tries` is counted atomically (UPDATE ... WHERE tries < max); `used_at` set once.
CREATE TABLE login_challenges (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'setup')),
  login_type text NOT NULL CHECK (login_type IN ('admin', 'master')),
  admin_id integer REFERENCES admins (admin_id) ON DELETE CASCADE,
  identifier text NOT NULL,
  user_agent text,
  tries integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((login_type = 'admin') = (admin_id IS NOT NULL))
);
CREATE INDEX login_challenges_expires ON login_challenges (expires_at);

-- Settings the master changes from the portal (one row per name). First: whether admins must
-- use 2FA ('admins_require_2fa', a JSON boolean). Changes are logged in staff_actions.
CREATE TABLE staff_settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL
);
