-- Saved views of the directory (issue #24): a staff member's named search, filters, sort and page
-- size. The owner is the staff account: an admin (owner_admin_id, removed with the admin) or the
-- master (owner_kind 'master', no admin id: there is one master account). `query` is kept as the
-- portal sent it (validated when written): a later catalog change may make part of it invalid,
-- and the portal drops that part when it opens the view.
CREATE TABLE saved_views (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_kind text NOT NULL CHECK (owner_kind IN ('admin', 'master')),
  owner_admin_id integer REFERENCES admins (admin_id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  position integer NOT NULL,
  query jsonb NOT NULL CHECK (jsonb_typeof(query) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((owner_kind = 'admin') = (owner_admin_id IS NOT NULL))
);
-- One owner's views in their order; names unique per owner whatever their case.
CREATE INDEX saved_views_owner_position
  ON saved_views (owner_kind, coalesce(owner_admin_id, 0), position, id);
CREATE UNIQUE INDEX saved_views_owner_name
  ON saved_views (owner_kind, coalesce(owner_admin_id, 0), lower(name));
