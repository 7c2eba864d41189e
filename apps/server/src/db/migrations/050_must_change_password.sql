-- Issue #30 item 3: an admin whose password someone else set (created by the master, or reset by
-- the master) must choose their own. The flag is set by those two writes and cleared when the admin
-- changes the password (POST /auth/password); the sign-in answer carries it while it is set.
-- Existing admins keep signing in as before (false).
ALTER TABLE admins ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
