-- lpad(n, 6) truncates numbers of 7+ digits ('1000000' -> '100000'), so the default of 003
-- repeated old registry numbers once a directory passed 999,999 businesses. DESIGN §5 says
-- "REG + at least 6 digits": pad to 6, never cut.
CREATE OR REPLACE FUNCTION next_business_registry_number() RETURNS text
  LANGUAGE sql VOLATILE
  AS $$ SELECT 'REG' || CASE WHEN n < 1000000 THEN lpad(n::text, 6, '0') ELSE n::text END
        FROM (SELECT nextval('business_registry_seq') AS n) AS next $$;

ALTER TABLE businesses ALTER COLUMN business_registry_number SET DEFAULT next_business_registry_number();
