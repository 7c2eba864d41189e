// From the form's values to the two bodies the flow sends: SPEC §3 "Registration payload (from the
// admin form)" and "Location" (with the SPEC §9 defaults when there is no exact location).
import { PUERTO_RICO_DEFAULT_LOCATION, REGISTRATION_DEFAULTS } from '@portal/contract/limits';
import { generateTemporaryPassword } from '@portal/contract/password-generator';
import { phoneDigits } from '@portal/contract/phone';
import type { RegisterBusinessFormValues } from '@portal/contract/register-business-form';
import type { LocationPayload, RegistrationPayload } from '../../api/business-registration-api.ts';
import type { Coordinates } from '../../lib/geolocation.ts';

const collapse = (text: string) => text.trim().replace(/\s+/g, ' ');

export function ownerName(values: Pick<RegisterBusinessFormValues, 'owner_first_name' | 'owner_last_name'>) {
  return `${collapse(values.owner_first_name)} ${collapse(values.owner_last_name)}`;
}

/** `staff`: the caller is admin or master, who alone send the verified flags (SPEC §6). */
export function buildRegistrationPayload(
  values: RegisterBusinessFormValues,
  staff: boolean,
  password: string = generateTemporaryPassword(),
): RegistrationPayload {
  return {
    business_name: values.business_name.trim(),
    business_year: Number.parseInt(values.business_year, 10),
    business_category: values.business_category,
    business_owner: ownerName(values),
    business_email: values.business_email.trim(),
    business_phone: phoneDigits(values.business_phone),
    password,
    business_terms: REGISTRATION_DEFAULTS.business_terms,
    business_description: values.business_description.trim(),
    device_type: REGISTRATION_DEFAULTS.device_type,
    referral_source: REGISTRATION_DEFAULTS.referral_source,
    ...(staff ? { email_verified: values.email_verified, phone_verified: values.phone_verified } : {}),
  };
}

export function buildLocationPayload(
  values: RegisterBusinessFormValues,
  exact: Coordinates | null,
): LocationPayload {
  const defaults = PUERTO_RICO_DEFAULT_LOCATION;
  const address2 = values.location_address_2.trim();
  return {
    location_latitude: exact?.latitude ?? defaults.location_latitude,
    location_longitude: exact?.longitude ?? defaults.location_longitude,
    location_address_1: values.location_address_1.trim(),
    location_address_2: address2 === '' ? null : address2,
    location_city: values.location_city.trim(),
    location_country: defaults.location_country,
    location_zip: values.location_zip.trim(),
    location_scenery_type: values.location_scenery_type,
    location_count: defaults.location_count,
    location_main: defaults.location_main,
    location_visibility: defaults.location_visibility,
  };
}

/** SPEC §8: which field a failed registration's message is about, if any. */
export function rejectedField(message: string): 'email' | 'phone' | null {
  if (/e-?mail|correo/i.test(message)) return 'email';
  if (/phone|tel[eé]fono/i.test(message)) return 'phone';
  return null;
}
