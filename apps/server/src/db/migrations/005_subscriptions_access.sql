CREATE TABLE subscriptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  subscription_provider text NOT NULL CHECK (subscription_provider IN ('stripe', 'paypal')),
  subscription_tier text NOT NULL CHECK (subscription_tier IN ('premium', 'standard', 'basic')),
  subscription_status text NOT NULL
    CHECK (subscription_status IN ('active', 'canceled', 'ended', 'past_due', 'incomplete')),
  subscription_renews boolean NOT NULL DEFAULT true,
  billing_email text CHECK (char_length(billing_email) <= 255),
  -- stripe_details or paypal_details of SPEC §3, amounts in cents
  provider_details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_business ON subscriptions (business_id, created_at DESC);

CREATE TABLE billing_history (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  subscription_id integer REFERENCES subscriptions (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount >= 0), -- cents
  currency text NOT NULL DEFAULT 'usd' CHECK (char_length(currency) = 3),
  transaction_date timestamptz NOT NULL,
  provider text NOT NULL CHECK (provider IN ('stripe', 'paypal')),
  tier text NOT NULL CHECK (tier IN ('premium', 'standard', 'basic')),
  status text NOT NULL
    CHECK (status IN ('succeeded', 'past_due', 'incomplete', 'canceled', 'failed', 'refunded'))
);
CREATE INDEX billing_history_business ON billing_history (business_id, transaction_date DESC);

CREATE TABLE access_controls (
  access_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  admin_id integer REFERENCES admins (admin_id) ON DELETE CASCADE,
  is_master_access boolean NOT NULL DEFAULT false,
  public_access boolean NOT NULL DEFAULT true,
  product_access boolean NOT NULL DEFAULT true,
  service_access boolean NOT NULL DEFAULT true,
  employee_access boolean NOT NULL DEFAULT true,
  event_access boolean NOT NULL DEFAULT true,
  qr_access boolean NOT NULL DEFAULT true,
  last_update timestamptz NOT NULL DEFAULT now(),
  CHECK (is_master_access = (admin_id IS NULL))
);
CREATE UNIQUE INDEX access_controls_admin_unique ON access_controls (business_id, admin_id) WHERE admin_id IS NOT NULL;
CREATE UNIQUE INDEX access_controls_master_unique ON access_controls (business_id) WHERE is_master_access;

-- SPEC §2: disabling a toggle "will be logged". Survives the business's deletion.
CREATE TABLE access_change_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_registry_number text NOT NULL,
  access_id integer,
  target_admin_id integer, -- null for the master record
  is_master_access boolean NOT NULL,
  access_type text NOT NULL CHECK (access_type IN
    ('public_access', 'product_access', 'service_access', 'employee_access', 'event_access', 'qr_access')),
  old_value boolean,
  new_value boolean NOT NULL,
  changed_by text NOT NULL,
  ip_address text,
  user_agent text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_change_logs_registry ON access_change_logs (business_registry_number, changed_at DESC);
