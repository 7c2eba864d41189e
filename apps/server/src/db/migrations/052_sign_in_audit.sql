-- Issue #30 item 4: sign-ins, failed sign-ins, 2FA failures and recovery-code use are rows of the
-- staff audit. A failed sign-in for an identifier that names no account has no staff member behind
-- it: such rows are written with actor_role 'unknown' and the identifier typed.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'staff_actions'::regclass AND contype = 'c'
       AND pg_get_constraintdef(oid) LIKE '%actor_role%'
  LOOP
    EXECUTE format('ALTER TABLE staff_actions DROP CONSTRAINT %I', name);
  END LOOP;
END;
$$;
ALTER TABLE staff_actions ADD CONSTRAINT staff_actions_actor_role
  CHECK (actor_role IN ('admin', 'master', 'system', 'unknown'));
