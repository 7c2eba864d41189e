import { describe, expect, it } from 'vitest';
import { BUSINESS_CATEGORIES } from './categories.ts';
import { ESTABLISHMENT_TYPES } from './enums.ts';
import {
  EMPTY_REGISTER_BUSINESS_FORM,
  REGISTER_FORM_MESSAGES as M,
  NAME_PATTERN,
  type RegisterBusinessFormValues,
  registerBusinessFormSchema,
} from './register-business-form.ts';

const YEAR = 2026;
const schema = registerBusinessFormSchema(YEAR);

const valid: RegisterBusinessFormValues = {
  ...EMPTY_REGISTER_BUSINESS_FORM,
  business_name: 'Panadería La Esperanza',
  business_year: '2010',
  business_category: BUSINESS_CATEGORIES[0],
  owner_first_name: 'José Ángel',
  owner_last_name: 'Muñoz Güell',
  business_email: 'dueno@example.com',
  business_phone: '(787) 555-0102',
  location_address_1: 'Calle Sol 12',
  location_city: 'San Juan',
  location_zip: '00901-1234',
  location_scenery_type: ESTABLISHMENT_TYPES[0],
};

/** The first message per field, as the form resolver shows it. */
function errorsOf(values: Partial<RegisterBusinessFormValues>): Record<string, string> {
  const result = schema.safeParse({ ...valid, ...values });
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

describe('registration form schema (SPEC §5 "Registration form (admin-side)")', () => {
  it('accepts a complete form with accented names and an empty optional description', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('gives the SPEC message for every required field of an empty form', () => {
    expect(errorsOf(EMPTY_REGISTER_BUSINESS_FORM)).toEqual({
      business_name: 'El nombre del negocio es requerido',
      business_year: 'El año es requerido',
      business_category: 'Debe seleccionar una categoría',
      owner_first_name: 'El nombre es requerido',
      owner_last_name: 'El apellido es requerido',
      business_email: 'El correo electrónico es requerido',
      business_phone: 'El número de teléfono es requerido',
      location_address_1: 'La dirección es requerida',
      location_city: 'La ciudad es requerida',
      location_zip: 'El código postal es requerido',
      location_scenery_type: 'Debe seleccionar un tipo de establecimiento',
    });
  });

  it('bounds the year between 1900 and the current year', () => {
    const message = `El año debe estar entre 1900 y ${YEAR}`;
    expect(M.yearRange(YEAR)).toBe(message);
    expect(errorsOf({ business_year: '1899' }).business_year).toBe(message);
    expect(errorsOf({ business_year: String(YEAR + 1) }).business_year).toBe(message);
    expect(errorsOf({ business_year: '20.5' }).business_year).toBe(message);
    expect(errorsOf({ business_year: '1900' }).business_year).toBeUndefined();
    expect(errorsOf({ business_year: String(YEAR) }).business_year).toBeUndefined();
  });

  it('allows only letters and spaces in the owner names', () => {
    expect(errorsOf({ owner_first_name: 'Juan3' }).owner_first_name).toBe(
      'El nombre solo puede contener letras y espacios',
    );
    expect(errorsOf({ owner_last_name: "O'Neil" }).owner_last_name).toBe(
      'El apellido solo puede contener letras y espacios',
    );
    expect(NAME_PATTERN.test('Ñeco Güiro Ávila')).toBe(true);
    expect(errorsOf({ owner_first_name: 'a'.repeat(256) }).owner_first_name).toBe(
      'El nombre no puede exceder 255 caracteres',
    );
  });

  it('keeps the joined owner name within 255 characters', () => {
    expect(
      errorsOf({ owner_first_name: 'a'.repeat(200), owner_last_name: 'b'.repeat(60) }).owner_last_name,
    ).toBe('El nombre completo del propietario no puede exceder 255 caracteres');
  });

  it('checks the email format and length', () => {
    expect(errorsOf({ business_email: 'dueno@' }).business_email).toBe(
      'Formato de correo electrónico inválido',
    );
    expect(errorsOf({ business_email: `${'a'.repeat(250)}@example.com` }).business_email).toBe(
      'El correo electrónico no puede exceder 255 caracteres',
    );
  });

  it('needs exactly 10 phone digits', () => {
    expect(errorsOf({ business_phone: '(787) 555-010' }).business_phone).toBe(
      'El número de teléfono debe tener 10 dígitos',
    );
    expect(errorsOf({ business_phone: '7875550102' }).business_phone).toBeUndefined();
  });

  it('checks the location text limits and the zip characters', () => {
    expect(errorsOf({ location_zip: '00901 A' }).location_zip).toBe(
      'El código postal solo puede contener números y guiones',
    );
    expect(errorsOf({ location_zip: '00901-12345' }).location_zip).toBe(
      'El código postal no puede exceder 10 caracteres',
    );
    expect(errorsOf({ location_city: 'x'.repeat(51) }).location_city).toBe(
      'La ciudad no puede exceder 50 caracteres',
    );
    expect(errorsOf({ location_address_2: 'x'.repeat(256) }).location_address_2).toBe(
      'La dirección secundaria no puede exceder 255 caracteres',
    );
    expect(errorsOf({ business_description: 'x'.repeat(2001) }).business_description).toBe(
      'La descripción no puede exceder 2000 caracteres',
    );
  });

  it('takes only a category of the catalog and a known establishment type', () => {
    expect(errorsOf({ business_category: 'Inventada' }).business_category).toBe(
      'Debe seleccionar una categoría',
    );
    expect(errorsOf({ location_scenery_type: 'Nave' }).location_scenery_type).toBe(
      'Debe seleccionar un tipo de establecimiento',
    );
  });

  it('keeps the SPEC §5 and §8 texts of the taken and failure messages', () => {
    expect(M.emailTaken).toBe('Este correo electrónico ya está registrado');
    expect(M.phoneTaken).toBe('Este número de teléfono ya está registrado');
    expect(M.registerFailed).toBe('Error al registrar el negocio. Por favor intente nuevamente.');
  });
});
