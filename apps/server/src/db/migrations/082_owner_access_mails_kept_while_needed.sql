-- The business page shows a business's latest temporary-password mail (and offers to send again
-- one that failed): an index to find it without reading the whole queue.
CREATE INDEX owner_access_mails_latest ON owner_access_mails (business_id, id DESC);

-- A mail that failed, or still waits (its business in the trash), outlives its import's 30 days:
-- the import's deletion leaves it without an import, and the daily purge deletes only mails that
-- were sent or are not needed any more, or whose business is gone for good.
ALTER TABLE owner_access_mails
  DROP CONSTRAINT owner_access_mails_import_id_fkey,
  ADD CONSTRAINT owner_access_mails_import_id_fkey
    FOREIGN KEY (import_id) REFERENCES business_imports (import_id) ON DELETE SET NULL;
