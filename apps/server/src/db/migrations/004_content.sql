CREATE TABLE products (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id text NOT NULL UNIQUE,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  product_item text NOT NULL CHECK (char_length(product_item) <= 255),
  product_description text CHECK (char_length(product_description) <= 2000),
  product_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (product_price >= 0),
  product_status text NOT NULL DEFAULT 'in stock'
    CHECK (product_status IN ('in stock', 'out of stock', 'discontinued', 'coming soon')),
  product_visible boolean NOT NULL DEFAULT true,
  product_image text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_business ON products (business_id, product_status, product_visible);

CREATE TABLE services (
  service_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  service_name text NOT NULL CHECK (char_length(service_name) <= 255),
  service_description text CHECK (char_length(service_description) <= 2000),
  service_category text CHECK (char_length(service_category) <= 255),
  service_price_type text NOT NULL DEFAULT 'fixed'
    CHECK (service_price_type IN ('fixed', 'hourly', 'per_person', 'other')),
  service_min_price numeric(12, 2) CHECK (service_min_price >= 0),
  service_max_price numeric(12, 2) CHECK (service_max_price >= 0),
  service_cost numeric(12, 2) CHECK (service_cost >= 0),
  service_capacity integer CHECK (service_capacity >= 0),
  service_duration text CHECK (service_duration ~ '^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$'),
  service_visibility boolean NOT NULL DEFAULT true,
  service_image_count integer NOT NULL DEFAULT 0 CHECK (service_image_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (service_min_price IS NULL OR service_max_price IS NULL OR service_min_price <= service_max_price)
);
CREATE INDEX services_business ON services (business_id, service_category, service_price_type);

CREATE TABLE employees (
  employee_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  employee_first_name text NOT NULL CHECK (char_length(employee_first_name) <= 255),
  employee_last_name text NOT NULL CHECK (char_length(employee_last_name) <= 255),
  employee_email text CHECK (char_length(employee_email) <= 255),
  employee_phone text CHECK (employee_phone ~ '^[0-9]{10}$'),
  employee_gender text CHECK (employee_gender IN ('Masculino', 'Femenino', 'Otro')),
  employee_start_date date,
  employee_departure_date date,
  employee_status text NOT NULL DEFAULT 'Active'
    CHECK (employee_status IN ('Active', 'Inactive', 'Terminated', 'On Leave')),
  employee_is_owner boolean NOT NULL DEFAULT false,
  employee_documents jsonb NOT NULL DEFAULT '[]'::jsonb,
  employee_services jsonb NOT NULL DEFAULT '[]'::jsonb,
  employee_visible boolean NOT NULL DEFAULT true,
  employee_enrollment_date timestamptz NOT NULL DEFAULT now(),
  CHECK (employee_departure_date IS NULL OR employee_start_date IS NULL OR employee_departure_date >= employee_start_date)
);
CREATE INDEX employees_business ON employees (business_id, employee_status);

CREATE TABLE events (
  event_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  event_title text NOT NULL CHECK (char_length(event_title) <= 255),
  event_date date NOT NULL,
  event_time time,
  event_description text CHECK (char_length(event_description) <= 2000),
  event_status text NOT NULL DEFAULT 'scheduled'
    CHECK (event_status IN ('scheduled', 'completed', 'cancelled', 'postponed')),
  event_guest_limit integer CHECK (event_guest_limit >= 0),
  event_cost numeric(12, 2) CHECK (event_cost >= 0),
  event_price numeric(12, 2) CHECK (event_price >= 0),
  event_location text CHECK (char_length(event_location) <= 255),
  event_visible boolean NOT NULL DEFAULT true,
  event_creation_date timestamptz NOT NULL DEFAULT now(),
  event_updated_date timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_business ON events (business_id, event_date);
