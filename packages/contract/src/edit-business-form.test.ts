// 'Editar datos': the register form's Spanish rules, and only the changed fields sent.
import { describe, expect, it } from 'vitest';
import './zod-setup.ts';
import { editBusinessFormSchema, editFormValuesOf, editPayloadOf } from './edit-business-form.ts';

const BUSINESS = {
  business_name: 'Panadería La Esquina',
  business_owner: 'Marta Colón',
  business_phone: '7875550102',
  business_category: 'Panaderías',
  business_year: 1998,
  business_address: null,
  business_description: 'Pan sobao',
};

const messagesOf = (values: object) => {
  const result = editBusinessFormSchema(2026).safeParse({ ...editFormValuesOf(BUSINESS), ...values });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('edit business form', () => {
  it('accepts the record as it is, and sends nothing when nothing changed', () => {
    expect(messagesOf({})).toEqual([]);
    expect(editPayloadOf(BUSINESS, editFormValuesOf(BUSINESS))).toEqual({});
  });

  it('says what is wrong in the words of Registrar Negocio', () => {
    expect(messagesOf({ business_name: ' ' })).toEqual(['El nombre del negocio es requerido']);
    expect(messagesOf({ business_phone: '(787) 555' })).toEqual([
      'El número de teléfono debe tener 10 dígitos',
    ]);
    expect(messagesOf({ business_year: '1899' })).toEqual(['El año debe estar entre 1900 y 2026']);
    expect(messagesOf({ business_year: '2027' })).toEqual(['El año debe estar entre 1900 y 2026']);
    expect(messagesOf({ business_category: 'Inventada' })).toEqual(['Debe seleccionar una categoría']);
    expect(messagesOf({ business_owner: 'R2D2' })).toEqual([
      'El nombre del propietario solo puede contener letras y espacios',
    ]);
    expect(messagesOf({ business_description: 'x'.repeat(2001) })).toEqual([
      'La descripción no puede exceder 2000 caracteres',
    ]);
    expect(messagesOf({ business_year: '', business_address: '' })).toEqual([]);
  });

  it('sends only the changed fields, as the server reads them', () => {
    const form = {
      ...editFormValuesOf(BUSINESS),
      business_phone: '(939) 555-0199',
      business_year: '',
      business_description: '  ',
      business_owner: 'Marta  Colón ',
    };
    expect(editPayloadOf(BUSINESS, form)).toEqual({
      business_phone: '9395550199',
      business_year: null,
      business_description: null,
    });
  });

  it('holds a field to the rules only when it changed, so a stored value never blocks a save', () => {
    const imported = {
      ...BUSINESS,
      business_category: 'Venta de frituras',
      business_owner: "Juan O'Neill Jr.",
    };
    const schema = editBusinessFormSchema(2026, imported);
    const form = { ...editFormValuesOf(imported), business_phone: '(939) 555-0199' };
    expect(schema.safeParse(form).success).toBe(true);
    expect(editPayloadOf(imported, form)).toEqual({ business_phone: '9395550199' });
    const uncategorized = { ...imported, business_category: null };
    expect(
      editBusinessFormSchema(2026, uncategorized).safeParse(editFormValuesOf(uncategorized)).success,
    ).toBe(true);
    // without the record, and once changed, the form's rules apply
    expect(editBusinessFormSchema(2026).safeParse(form).success).toBe(false);
    const changed = schema.safeParse({ ...form, business_owner: 'R2D2', business_category: 'Otra' });
    expect(changed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['business_owner'], 'El nombre del propietario solo puede contener letras y espacios'],
      [['business_category'], 'Debe seleccionar una categoría'],
    ]);
  });

  it('leaves out a field as the form opened it, even when the server would read it differently', () => {
    const spaced = { ...BUSINESS, business_owner: 'Marta  Colón' };
    expect(editPayloadOf(spaced, editFormValuesOf(spaced))).toEqual({});
  });
});
