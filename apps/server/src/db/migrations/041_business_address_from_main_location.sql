-- Staff read a business's address from businesses.business_address, but the portal's 'Registrar
-- Negocio' sends the address only with the business's main location (issue 21). So when a main
-- location is added to a business whose address is empty, the business takes that location's
-- address, whichever client adds it; the location row is left as it is. The update runs in the
-- writer's transaction, so the change-log trigger records it with that writer's changed_by.

-- The one readable line: address lines, city, zip, joined by ', ' (blank parts left out), as the
-- portal's confirmation shows it; cut to the 255 characters business_address holds.
CREATE FUNCTION f_location_address(address_1 text, address_2 text, city text, zip text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT nullif(left(concat_ws(', ',
      nullif(btrim(address_1), ''), nullif(btrim(address_2), ''),
      nullif(btrim(city), ''), nullif(btrim(zip), '')), 255), '')
  $$;

CREATE FUNCTION business_address_from_main_location() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses
     SET business_address = f_location_address(
           NEW.location_address_1, NEW.location_address_2, NEW.location_city, NEW.location_zip)
   WHERE id = NEW.business_id
     AND coalesce(btrim(business_address), '') = '';
  RETURN NULL;
END;
$$;

CREATE TRIGGER business_locations_fill_business_address
  AFTER INSERT ON business_locations
  FOR EACH ROW WHEN (NEW.location_main)
  EXECUTE FUNCTION business_address_from_main_location();

-- Mend the businesses registered before this: an empty address takes the main location's (the
-- earliest main one when there are several).
UPDATE businesses b
   SET business_address = f_location_address(
         l.location_address_1, l.location_address_2, l.location_city, l.location_zip)
  FROM (
    SELECT DISTINCT ON (business_id) business_id, location_address_1, location_address_2, location_city, location_zip
      FROM business_locations
     WHERE location_main
     ORDER BY business_id, location_id
  ) l
 WHERE l.business_id = b.id
   AND coalesce(btrim(b.business_address), '') = '';
