-- Staff actions that no other log records (issue #13: releasing an admin's sign-in lock). Business
-- changes go to business_change_logs (trigger), access toggles to access_change_logs and admin
-- creation to admin_registration_logs; this is the same shape for the rest. No foreign key: the
-- record outlives the admin it names.
CREATE TABLE staff_action_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action text NOT NULL,
  target_admin_id integer,
  target_identifier text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  changed_by text NOT NULL,
  ip_address text,
  user_agent text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_action_logs_target ON staff_action_logs (target_admin_id, changed_at DESC);
