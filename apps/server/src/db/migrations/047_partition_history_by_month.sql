-- Issue #26: the two history tables, business_change_logs (006) and staff_actions (030), are
-- partitioned by month of their timestamp (UTC months), so that retention drops a whole month
-- (DETACH + DROP of its partition, no DELETE) and the history of a business and the audit list
-- read a few small indexes instead of one ever-growing one. Decision record:
-- docs/decisions/006-history-partitioning.md.
--
-- Partitions are named <table>_YYYY_MM, plus <table>_default for any row whose month has no
-- partition yet (an insert never fails). history_ensure_month() creates a month (moving any rows
-- the default partition holds for it); the server calls history_ensure_months() at start and
-- daily for the current month and the next ones (src/db/history-partitions.ts).
-- A partitioned table's primary key must include the partition key: (id, timestamp).
--
-- A business's history cannot name a month (it is read newest first, whatever the date), so a
-- read of business_change_logs by registry alone would open every month's index, a cost that
-- grows with each month kept. business_change_log_months says which months hold a business's
-- rows (kept by a statement trigger, the retention and history_rebuild_months()); the history
-- reads add those months to their WHERE, and PostgreSQL opens only their partitions.

-- The table a month partition belongs to and its timestamp column.
CREATE FUNCTION history_partition_key(parent text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE parent WHEN 'business_change_logs' THEN 'changed_at' WHEN 'staff_actions' THEN 'created_at' END
$$;

-- Creates <parent>_YYYY_MM for the UTC month holding `month` unless it exists (true: created).
-- Rows the default partition holds for that month move into it: the default is detached first
-- (which also takes the append-only triggers off it, so the move needs no DELETE on the audit),
-- then attached again.
CREATE FUNCTION history_ensure_month(parent text, month timestamptz) RETURNS boolean
  LANGUAGE plpgsql AS $$
DECLARE
  key text := history_partition_key(parent);
  first_day timestamp := date_trunc('month', month AT TIME ZONE 'UTC');
  lower_bound timestamptz := first_day AT TIME ZONE 'UTC';
  upper_bound timestamptz := (first_day + interval '1 month') AT TIME ZONE 'UTC';
  part text := parent || '_' || to_char(first_day, 'YYYY_MM');
  default_part text := parent || '_default';
  waiting boolean;
BEGIN
  IF key IS NULL THEN
    RAISE EXCEPTION 'history_ensure_month: % is not a history table', parent;
  END IF;
  IF to_regclass(part) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= %L AND %I < %L)',
                 default_part, key, lower_bound, key, upper_bound) INTO waiting;
  IF waiting THEN
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', parent, default_part);
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
                 part, parent, lower_bound, upper_bound);
  IF waiting THEN
    -- Into the month itself, not through the table: the rows are moved, not new (the table's
    -- statement trigger, which counts new change logs by month, does not fire).
    EXECUTE format('INSERT INTO %I OVERRIDING SYSTEM VALUE SELECT * FROM %I WHERE %I >= %L AND %I < %L',
                   part, default_part, key, lower_bound, key, upper_bound);
    EXECUTE format('DELETE FROM %I WHERE %I >= %L AND %I < %L',
                   default_part, key, lower_bound, key, upper_bound);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I DEFAULT', parent, default_part);
  END IF;
  -- Statement triggers are not cloned onto partitions: TRUNCATE of one month is refused too.
  IF parent = 'staff_actions' THEN
    EXECUTE format('CREATE TRIGGER staff_actions_no_truncate BEFORE TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION refuse_staff_action_change()', part);
  END IF;
  RETURN true;
END;
$$;

-- The UTC month of `now` and the `ahead` months after it, for both tables; then a month for every
-- row the default partition holds (dated in a month that had no partition). Returns how many
-- partitions it created.
CREATE FUNCTION history_ensure_months(now timestamptz, ahead integer) RETURNS integer
  LANGUAGE plpgsql AS $$
DECLARE
  parent text;
  month timestamptz;
  this_month timestamp := date_trunc('month', now AT TIME ZONE 'UTC');
  created integer := 0;
BEGIN
  FOREACH parent IN ARRAY ARRAY['business_change_logs', 'staff_actions'] LOOP
    FOR step IN 0..greatest(ahead, 0) LOOP
      IF history_ensure_month(parent, (this_month + make_interval(months => step)) AT TIME ZONE 'UTC') THEN
        created := created + 1;
      END IF;
    END LOOP;
    FOR month IN EXECUTE format('SELECT DISTINCT date_trunc(''month'', %I AT TIME ZONE ''UTC'') AT TIME ZONE ''UTC'' FROM %I',
                                history_partition_key(parent), parent || '_default') LOOP
      IF history_ensure_month(parent, month) THEN
        created := created + 1;
      END IF;
    END LOOP;
  END LOOP;
  RETURN created;
END;
$$;

-- business_change_logs: the old table steps aside (its key and indexes go now, names reused).
ALTER TABLE business_change_logs RENAME TO business_change_logs_unpartitioned;
ALTER SEQUENCE business_change_logs_log_id_seq RENAME TO business_change_logs_unpartitioned_log_id_seq;
ALTER TABLE business_change_logs_unpartitioned DROP CONSTRAINT business_change_logs_pkey;
DROP INDEX business_change_logs_registry;

CREATE TABLE business_change_logs (
  log_id bigint GENERATED ALWAYS AS IDENTITY,
  business_id integer NOT NULL,
  business_registry_number text NOT NULL,
  operation_type text NOT NULL CHECK (operation_type IN ('INSERT', 'UPDATE', 'DELETE')),
  changed_column text,
  old_value text,
  new_value text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL DEFAULT 'Sistema',
  ip_address text,
  user_agent text
) PARTITION BY RANGE (changed_at);
CREATE TABLE business_change_logs_default PARTITION OF business_change_logs DEFAULT;

-- staff_actions: the same. A system action (a month of history archived and dropped) is
-- recorded with actor_role 'system'.
ALTER TABLE staff_actions RENAME TO staff_actions_unpartitioned;
ALTER SEQUENCE staff_actions_id_seq RENAME TO staff_actions_unpartitioned_id_seq;
ALTER TABLE staff_actions_unpartitioned DROP CONSTRAINT staff_actions_pkey;
DROP INDEX staff_actions_created;
DROP INDEX staff_actions_actor;
DROP INDEX staff_actions_action;
DROP INDEX staff_actions_registry;
DROP TRIGGER staff_actions_append_only ON staff_actions_unpartitioned;
DROP TRIGGER staff_actions_no_truncate ON staff_actions_unpartitioned;

CREATE TABLE staff_actions (
  id bigint GENERATED ALWAYS AS IDENTITY,
  action text NOT NULL,
  actor_role text NOT NULL CHECK (actor_role IN ('admin', 'master', 'system')),
  actor_admin_id integer,
  actor_identifier text NOT NULL,
  target_kind text CHECK (target_kind IN ('admin', 'admins', 'business', 'directory', 'audit')),
  target_admin_id integer,
  target_registry text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
) PARTITION BY RANGE (created_at);
CREATE TABLE staff_actions_default PARTITION OF staff_actions DEFAULT;

-- A month for every month the old rows cover, and for this month and the next two.
DO $$
DECLARE
  month timestamptz;
BEGIN
  FOR month IN
    SELECT DISTINCT date_trunc('month', changed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      FROM business_change_logs_unpartitioned
  LOOP
    PERFORM history_ensure_month('business_change_logs', month);
  END LOOP;
  FOR month IN
    SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      FROM staff_actions_unpartitioned
  LOOP
    PERFORM history_ensure_month('staff_actions', month);
  END LOOP;
  PERFORM history_ensure_months(now(), 2);
END
$$;

INSERT INTO business_change_logs OVERRIDING SYSTEM VALUE
SELECT log_id, business_id, business_registry_number, operation_type, changed_column, old_value,
       new_value, changed_at, changed_by, ip_address, user_agent
  FROM business_change_logs_unpartitioned;
INSERT INTO staff_actions OVERRIDING SYSTEM VALUE
SELECT id, action, actor_role, actor_admin_id, actor_identifier, target_kind, target_admin_id,
       target_registry, details, ip_address, user_agent, created_at
  FROM staff_actions_unpartitioned;

-- The identities go on from where the old ones were (the old sequence, or the largest id when
-- rows were loaded with ids of their own); an empty table leaves a new sequence as it is.
SELECT setval(pg_get_serial_sequence('business_change_logs', 'log_id'), v)
  FROM (SELECT greatest((SELECT last_value FROM business_change_logs_unpartitioned_log_id_seq WHERE is_called),
                        (SELECT max(log_id) FROM business_change_logs)) AS v) AS last
 WHERE v IS NOT NULL;
SELECT setval(pg_get_serial_sequence('staff_actions', 'id'), v)
  FROM (SELECT greatest((SELECT last_value FROM staff_actions_unpartitioned_id_seq WHERE is_called),
                        (SELECT max(id) FROM staff_actions)) AS v) AS last
 WHERE v IS NOT NULL;
DROP TABLE business_change_logs_unpartitioned;
DROP TABLE staff_actions_unpartitioned;

-- Which months hold each business's change logs, and how many rows (see the top).
CREATE TABLE business_change_log_months (
  business_registry_number text NOT NULL,
  month timestamptz NOT NULL,
  rows integer NOT NULL,
  PRIMARY KEY (business_registry_number, month)
);

-- Recomputes business_change_log_months from the rows (after a bulk load that skipped triggers).
CREATE FUNCTION history_rebuild_months() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM business_change_log_months;
  INSERT INTO business_change_log_months (business_registry_number, month, rows)
  SELECT business_registry_number, date_trunc('month', changed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
    FROM business_change_logs GROUP BY 1, 2;
$$;
SELECT history_rebuild_months();

CREATE FUNCTION count_change_log_months() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO business_change_log_months AS m (business_registry_number, month, rows)
  SELECT business_registry_number, date_trunc('month', changed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
    FROM added GROUP BY 1, 2
  ON CONFLICT (business_registry_number, month) DO UPDATE SET rows = m.rows + excluded.rows;
  RETURN NULL;
END;
$$;

CREATE TRIGGER business_change_logs_months
  AFTER INSERT ON business_change_logs REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION count_change_log_months();

-- Keys and indexes after the rows (one build per partition, not row by row). Same definitions
-- as 006 and 030, the key widened by the timestamp.
ALTER TABLE business_change_logs ADD PRIMARY KEY (log_id, changed_at);
CREATE INDEX business_change_logs_registry
  ON business_change_logs (business_registry_number, changed_at DESC, log_id DESC);

ALTER TABLE staff_actions ADD PRIMARY KEY (id, created_at);
CREATE INDEX staff_actions_created ON staff_actions (created_at DESC, id DESC);
CREATE INDEX staff_actions_actor ON staff_actions (lower(actor_identifier), created_at DESC, id DESC);
CREATE INDEX staff_actions_action ON staff_actions (action, created_at DESC, id DESC);
CREATE INDEX staff_actions_registry ON staff_actions (target_registry, created_at DESC, id DESC)
  WHERE target_registry IS NOT NULL;

-- Append-only as before (030): row triggers reach every partition, present and future;
-- TRUNCATE is refused on the table here and on each month by history_ensure_month().
CREATE TRIGGER staff_actions_append_only
  BEFORE UPDATE OR DELETE ON staff_actions
  FOR EACH ROW EXECUTE FUNCTION refuse_staff_action_change();
CREATE TRIGGER staff_actions_no_truncate
  BEFORE TRUNCATE ON staff_actions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_staff_action_change();
CREATE TRIGGER staff_actions_no_truncate
  BEFORE TRUNCATE ON staff_actions_default
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_staff_action_change();
