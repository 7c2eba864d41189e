-- A business restored from the trash comes back as it was deleted: its main location, inserted
-- after the business row by business_trash_restore, must not fill an address staff had cleared
-- (that would also bump its version and log an UPDATE by the master). The restore marks its
-- transaction with set_config('app.business_restore', 'true'). Otherwise as migration 041.
CREATE OR REPLACE FUNCTION business_address_from_main_location() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF app_setting('app.business_restore') = 'true' THEN
    RETURN NULL;
  END IF;
  UPDATE businesses
     SET business_address = f_location_address(
           NEW.location_address_1, NEW.location_address_2, NEW.location_city, NEW.location_zip)
   WHERE id = NEW.business_id
     AND coalesce(btrim(business_address), '') = '';
  RETURN NULL;
END;
$$;
