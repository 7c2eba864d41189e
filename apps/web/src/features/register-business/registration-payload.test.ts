import { PUERTO_RICO_DEFAULT_LOCATION } from '@portal/contract/limits';
import { isValidTemporaryPassword } from '@portal/contract/password-generator';
import {
  EMPTY_REGISTER_BUSINESS_FORM,
  type RegisterBusinessFormValues,
} from '@portal/contract/register-business-form';
import { describe, expect, it } from 'vitest';
import { buildLocationPayload, buildRegistrationPayload, rejectedField } from './registration-payload.ts';

const values: RegisterBusinessFormValues = {
  ...EMPTY_REGISTER_BUSINESS_FORM,
  business_name: ' Panadería Sol ',
  business_year: '2011',
  business_category: 'Panaderías',
  business_description: ' Pan fresco ',
  owner_first_name: ' José  Ángel ',
  owner_last_name: 'Muñoz',
  business_email: 'dueno@example.com ',
  business_phone: '(787) 555-0102',
  email_verified: true,
  phone_verified: false,
  location_address_1: 'Calle Sol 12',
  location_address_2: '  ',
  location_city: 'Ponce',
  location_zip: '00717',
  location_scenery_type: 'Kiosco',
};

describe('buildRegistrationPayload (SPEC §3)', () => {
  it('has exactly the payload fields, typed and normalised', () => {
    const payload = buildRegistrationPayload(values, true, 'Abcdefgh12#x');
    expect(payload).toEqual({
      business_name: 'Panadería Sol',
      business_year: 2011,
      business_category: 'Panaderías',
      business_owner: 'José Ángel Muñoz',
      business_email: 'dueno@example.com',
      business_phone: '7875550102',
      password: 'Abcdefgh12#x',
      business_terms: true,
      business_description: 'Pan fresco',
      device_type: 'web',
      referral_source: 'admin_registration',
      email_verified: true,
      phone_verified: false,
    });
  });

  it('generates a 12-character temporary password and leaves the flags out for non-staff', () => {
    const payload = buildRegistrationPayload(values, false);
    expect(isValidTemporaryPassword(payload.password)).toBe(true);
    expect(payload).not.toHaveProperty('email_verified');
    expect(payload).not.toHaveProperty('phone_verified');
  });
});

describe('buildLocationPayload', () => {
  it('uses the Puerto Rico defaults without an exact location', () => {
    expect(buildLocationPayload(values, null)).toEqual({
      ...PUERTO_RICO_DEFAULT_LOCATION,
      location_address_1: 'Calle Sol 12',
      location_address_2: null,
      location_city: 'Ponce',
      location_zip: '00717',
      location_scenery_type: 'Kiosco',
    });
  });

  it('uses the exact coordinates when given', () => {
    const location = buildLocationPayload(values, { latitude: 18.01, longitude: -66.61 });
    expect(location.location_latitude).toBe(18.01);
    expect(location.location_longitude).toBe(-66.61);
  });
});

describe('rejectedField (SPEC §8)', () => {
  it('names the field a failure message is about', () => {
    expect(rejectedField('A business with this email is already registered')).toBe('email');
    expect(rejectedField('A business with this phone is already registered')).toBe('phone');
    expect(rejectedField('Internal server error')).toBeNull();
  });
});
