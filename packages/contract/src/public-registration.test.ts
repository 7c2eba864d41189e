import { describe, expect, it } from 'vitest';
import { RegistrationFields } from './public-registration.ts';

describe('registration text fields', () => {
  const name = RegistrationFields.shape.business_name;
  const owner = RegistrationFields.shape.business_owner;

  it('refuses a value that shows nothing: zero-width spaces, joiners, a soft hyphen, a BOM', () => {
    for (const value of ['\u200B', '\u200B\u200C\u200D', ' \u00AD ', '\uFEFF\u2060', '\u200E'])
      for (const field of [name, owner])
        expect(field.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('keeps a value with something to read, invisible characters inside included', () => {
    expect(name.parse('  Café Boricua ')).toBe('Café Boricua');
    expect(name.parse('Panadería\u200BLa Esquina')).toBe('Panadería\u200BLa Esquina');
    expect(owner.parse('José')).toBe('José');
  });
});
