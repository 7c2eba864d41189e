// SPEC §7 "Public" (register, verify), "Registration management" (POST locations) and "Email
// verification" (send-code): the calls of the 'Registrar Nuevo Negocio' form.
import { MSG } from '@portal/contract/messages';
import { REGISTER_FORM_MESSAGES } from '@portal/contract/register-business-form';
import { apiRequest, staffPath } from './http-client.ts';

const PUBLIC_BASE = '/public/business-registration/api/v1/business-registration';

/** SPEC §3 "Registration payload (from the admin form)". */
export interface RegistrationPayload {
  business_name: string;
  business_year: number;
  business_category: string;
  business_owner: string;
  business_email: string;
  business_phone: string;
  password: string;
  business_terms: true;
  business_description: string;
  device_type: string;
  referral_source: string;
  email_verified?: boolean;
  phone_verified?: boolean;
}

export interface RegistrationAnswer {
  success: true;
  message: string;
  business_registry_number: string;
  business_name: string;
  verified_email: boolean;
  verified_phone: boolean;
  temporary_password_sent?: boolean;
}

/** The session's headers go along, so the server knows a staff member registered it (SPEC §6). */
export function registerBusiness(payload: RegistrationPayload): Promise<RegistrationAnswer> {
  return apiRequest<RegistrationAnswer>(`${PUBLIC_BASE}/register`, {
    method: 'POST',
    body: payload,
    fallbackMessage: REGISTER_FORM_MESSAGES.registerFailed,
  });
}

export type ExistenceField = 'email' | 'phone' | 'registry_number';

export async function verifyExists(field: ExistenceField, value: string, signal?: AbortSignal) {
  const answer = await apiRequest<{ success: true; exists: boolean }>(`${PUBLIC_BASE}/verify`, {
    method: 'POST',
    body: { field, value },
    signal,
  });
  return answer.exists;
}

/** SPEC §3 "Location". */
export interface LocationPayload {
  location_latitude: number;
  location_longitude: number;
  location_address_1: string;
  location_address_2: string | null;
  location_city: string;
  location_country: string;
  location_zip: string;
  location_scenery_type: string;
  location_count: number;
  location_main: boolean;
  location_visibility: boolean;
}

export interface StoredLocation extends LocationPayload {
  location_id: number;
}

export async function addLocation(registry: string, location: LocationPayload): Promise<StoredLocation> {
  const path = staffPath(
    `/business-registration/api/v1/business-registration/registry/${encodeURIComponent(registry)}/locations`,
  );
  const answer = await apiRequest<{ success: true; location: StoredLocation }>(path, {
    method: 'POST',
    body: location,
  });
  return answer.location;
}

export interface SentCode {
  message: string;
  code: string;
}

export async function sendVerificationCode(email: string): Promise<SentCode> {
  const answer = await apiRequest<{ success: true } & SentCode>(staffPath('/email-verification/send-code'), {
    method: 'POST',
    body: { email },
    fallbackMessage: MSG.sendCodeUnexpected,
  });
  return { message: answer.message, code: answer.code };
}
