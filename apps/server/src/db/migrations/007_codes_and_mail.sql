CREATE TABLE email_change_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  new_email text NOT NULL CHECK (char_length(new_email) <= 255),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  requested_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX email_change_requests_business ON email_change_requests (business_id, created_at DESC);

CREATE TABLE email_verification_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL CHECK (char_length(email) <= 255),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  requested_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX email_verification_codes_email ON email_verification_codes (lower(email), created_at DESC);

-- Mail that was not sent over SMTP (no SMTP_URL): inspectable locally.
CREATE TABLE outbox_emails (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
