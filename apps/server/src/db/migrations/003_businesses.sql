CREATE SEQUENCE business_registry_seq START 1;

CREATE TABLE businesses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_registry_number text NOT NULL UNIQUE
    DEFAULT ('REG' || lpad(nextval('business_registry_seq')::text, 6, '0'))
    CHECK (business_registry_number ~ '^REG[0-9]{6,}$'),
  business_name text NOT NULL CHECK (char_length(btrim(business_name)) BETWEEN 1 AND 255),
  business_owner text NOT NULL CHECK (char_length(btrim(business_owner)) BETWEEN 1 AND 255),
  business_email text NOT NULL CHECK (char_length(business_email) <= 255 AND business_email LIKE '%_@_%'),
  business_phone text NOT NULL CHECK (business_phone ~ '^[0-9]{10}$'),
  business_address text CHECK (char_length(business_address) <= 255),
  business_category text CHECK (char_length(business_category) <= 255),
  business_description text CHECK (char_length(business_description) <= 2000),
  business_year integer CHECK (business_year >= 1900 AND business_year <= 2200),
  business_terms boolean NOT NULL DEFAULT true,
  password_hash text,
  must_change_password boolean NOT NULL DEFAULT false,
  verified_email boolean NOT NULL DEFAULT false,
  verified_phone boolean NOT NULL DEFAULT false,
  -- SPEC §4: set by a staff registration only when both email and phone were verified.
  admin_verified boolean NOT NULL DEFAULT false,
  ip_address text,
  device_type text CHECK (char_length(device_type) <= 50),
  referral_source text CHECK (char_length(referral_source) <= 80),
  registration_date timestamptz NOT NULL DEFAULT now(),
  business_created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (
    f_search_text(
      business_name || ' ' || business_owner || ' ' || business_email || ' ' ||
      business_phone || ' ' || business_registry_number
    )
  ) STORED
);
CREATE UNIQUE INDEX businesses_email_unique ON businesses (lower(business_email));
CREATE UNIQUE INDEX businesses_phone_unique ON businesses (business_phone);
CREATE INDEX businesses_search_trgm ON businesses USING gin (search_text gin_trgm_ops);
CREATE INDEX businesses_name_trgm ON businesses USING gin (f_search_text(business_name) gin_trgm_ops);
CREATE INDEX businesses_category ON businesses (business_category);
CREATE INDEX businesses_year ON businesses (business_year);
CREATE INDEX businesses_verified ON businesses (verified_email, verified_phone);
CREATE INDEX businesses_registration_date ON businesses (registration_date DESC, id DESC);

CREATE TABLE business_locations (
  location_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  location_latitude double precision NOT NULL CHECK (location_latitude BETWEEN -90 AND 90),
  location_longitude double precision NOT NULL CHECK (location_longitude BETWEEN -180 AND 180),
  location_address_1 text NOT NULL CHECK (char_length(location_address_1) <= 255),
  location_address_2 text CHECK (char_length(location_address_2) <= 255),
  location_city text NOT NULL CHECK (char_length(location_city) <= 50),
  location_country text NOT NULL DEFAULT 'Puerto Rico' CHECK (char_length(location_country) <= 50),
  location_zip text NOT NULL CHECK (location_zip ~ '^[0-9-]{1,10}$'),
  location_scenery_type text CHECK (char_length(location_scenery_type) <= 80),
  location_count integer NOT NULL DEFAULT 1 CHECK (location_count >= 0),
  location_main boolean NOT NULL DEFAULT true,
  location_visibility boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_locations_business ON business_locations (business_id);

CREATE TABLE business_schedules (
  schedule_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 0 AND 6), -- 0 = domingo
  opens_at time,
  closes_at time,
  is_closed boolean NOT NULL DEFAULT false,
  UNIQUE (business_id, weekday),
  CHECK (is_closed OR (opens_at IS NOT NULL AND closes_at IS NOT NULL))
);
