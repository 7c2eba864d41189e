-- Each server process keeps a session's validity for at most 2 s (auth/session-cache.ts). Any
-- change that can end a session tells every process at commit, on channel 'session_changed':
-- 's:<session id>' when a session row changes or goes (logout, revocation), 'a:<admin id>' when
-- an admin's status or email changes or the admin is deleted (suspension, deletion).
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changed', 's:' || OLD.session_id::text);
  ELSE
    PERFORM pg_notify('session_changed', 'a:' || OLD.admin_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_notify_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();

CREATE TRIGGER admins_notify_changed AFTER UPDATE ON admins
  FOR EACH ROW
  WHEN (OLD.access_status IS DISTINCT FROM NEW.access_status OR OLD.admin_email IS DISTINCT FROM NEW.admin_email)
  EXECUTE FUNCTION notify_session_changed();

CREATE TRIGGER admins_notify_deleted AFTER DELETE ON admins
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
