-- Issue 25 'My sessions': when each session was last used. The guard writes it at most once a
-- minute per session (auth/sessions.last-seen.ts), so it is right to the minute, not a write per
-- request. Sessions made before this migration start from their sign-in time.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;

-- A last-seen write cannot end a session, so it does not tell every process to drop its cached
-- session (migration 035): the notice fires when anything else in the row changes, or it goes.
DROP TRIGGER sessions_notify_changed ON sessions;
CREATE TRIGGER sessions_notify_changed AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
  EXECUTE FUNCTION notify_session_changed();
CREATE TRIGGER sessions_notify_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();

UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_seen_at SET DEFAULT now(), ALTER COLUMN last_seen_at SET NOT NULL;

-- The master's live sessions ('Mis sesiones' of the master); an admin's use sessions_admin (002).
CREATE INDEX sessions_master_live ON sessions (created_at) WHERE login_type = 'master' AND revoked_at IS NULL;
