// SPEC §7 "Business data": the directory's calls, under /admin or /master by login type.

/** One directory row as the list and lookups return it (SPEC §3 "Business (directory row)"). */
export interface BusinessRow {
  id: number;
  business_registry_number: string;
  business_name: string;
  business_owner: string;
  business_email: string;
  business_phone: string;
  business_address: string | null;
  business_category: string | null;
  business_description: string | null;
  business_year: number | null;
  verified_email: boolean;
  verified_phone: boolean;
  business_created_at: string;
  registration_date: string;
}
