-- The staff audit log (issue #16 item 7): one row per staff write, written by the server in the
-- same transaction as the write (src/modules/staff-audit/record.ts). Who (role, admin id, the
-- identifier signed in with), what (action, target, details), when, from where (IP, user agent).
-- No foreign keys: a row outlives the admin and the business it names. Append-only: the trigger
-- below refuses UPDATE, DELETE and TRUNCATE, so no code path can rewrite history.
CREATE TABLE staff_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action text NOT NULL,
  actor_role text NOT NULL CHECK (actor_role IN ('admin', 'master')),
  actor_admin_id integer,
  actor_identifier text NOT NULL,
  target_kind text CHECK (target_kind IN ('admin', 'admins', 'business', 'directory', 'audit')),
  target_admin_id integer,
  target_registry text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_actions_created ON staff_actions (created_at DESC, id DESC);
CREATE INDEX staff_actions_actor ON staff_actions (lower(actor_identifier), created_at DESC, id DESC);
CREATE INDEX staff_actions_action ON staff_actions (action, created_at DESC, id DESC);
CREATE INDEX staff_actions_registry ON staff_actions (target_registry, created_at DESC, id DESC)
  WHERE target_registry IS NOT NULL;

-- The sign-in lock releases logged so far (migration 023) move here; the old table goes, so
-- there is one place to read staff actions from. Only a master could release a lock.
INSERT INTO staff_actions
  (action, actor_role, actor_admin_id, actor_identifier, target_kind, target_admin_id, details,
   ip_address, user_agent, created_at)
SELECT action, 'master', NULL, changed_by, 'admin', target_admin_id,
       details || jsonb_build_object('target_identifier', target_identifier),
       ip_address, user_agent, changed_at
  FROM staff_action_logs
 ORDER BY id;
DROP TABLE staff_action_logs;

CREATE OR REPLACE FUNCTION refuse_staff_action_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_actions is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER staff_actions_append_only
  BEFORE UPDATE OR DELETE ON staff_actions
  FOR EACH ROW EXECUTE FUNCTION refuse_staff_action_change();

CREATE TRIGGER staff_actions_no_truncate
  BEFORE TRUNCATE ON staff_actions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_staff_action_change();
