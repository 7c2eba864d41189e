CREATE TABLE admins (
  admin_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_first_name text NOT NULL CHECK (char_length(btrim(admin_first_name)) BETWEEN 2 AND 255),
  admin_last_name text NOT NULL CHECK (char_length(btrim(admin_last_name)) BETWEEN 2 AND 255),
  admin_email text NOT NULL CHECK (char_length(admin_email) <= 255),
  admin_phone text CHECK (admin_phone ~ '^[0-9]{10}$'),
  admin_password_hash text NOT NULL,
  access_status text NOT NULL DEFAULT 'pending'
    CHECK (access_status IN ('pending', 'active', 'inactive', 'suspended')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE UNIQUE INDEX admins_email_unique ON admins (lower(admin_email));
CREATE INDEX admins_status_created ON admins (access_status, created_at DESC);

-- Kept when the admin is deleted: it is the record of who registered whom.
CREATE TABLE admin_registration_logs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id integer NOT NULL,
  admin_first_name text NOT NULL,
  admin_last_name text NOT NULL,
  admin_email text NOT NULL,
  master_user text NOT NULL,
  registration_date date NOT NULL DEFAULT CURRENT_DATE,
  registration_time time NOT NULL DEFAULT LOCALTIME,
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_registration_logs_admin ON admin_registration_logs (admin_id);
CREATE INDEX admin_registration_logs_created ON admin_registration_logs (created_at DESC);

CREATE TABLE sessions (
  session_id uuid PRIMARY KEY,
  login_type text NOT NULL CHECK (login_type IN ('admin', 'master')),
  admin_id integer REFERENCES admins (admin_id) ON DELETE CASCADE,
  master_key_hash text,
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  CHECK ((login_type = 'admin') = (admin_id IS NOT NULL)),
  CHECK ((login_type = 'master') = (master_key_hash IS NOT NULL))
);
CREATE INDEX sessions_admin ON sessions (admin_id) WHERE revoked_at IS NULL;

-- Failed and successful sign-ins, for rate limiting and lockout across server processes.
CREATE TABLE login_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  identifier text NOT NULL,
  ip_address text NOT NULL,
  succeeded boolean NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_identifier ON login_attempts (identifier, attempted_at DESC);
CREATE INDEX login_attempts_ip ON login_attempts (ip_address, attempted_at DESC);
