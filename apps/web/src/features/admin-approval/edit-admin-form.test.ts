import { describe, expect, it } from 'vitest';
import { editAdminSchema, STATUS_REQUIRED, toAdminUpdate } from './edit-admin-form.ts';

const valid = {
  first_name: ' María ',
  last_name: 'Rodríguez',
  email: ' maria@example.com ',
  phone: '(787) 555-0102',
  status: 'active',
};

/** The first message of each field, as the form shows it. */
function messages(values: typeof valid): string[] {
  const first = new Map<unknown, string>();
  for (const issue of editAdminSchema.safeParse(values).error?.issues ?? []) {
    if (!first.has(issue.path[0])) first.set(issue.path[0], issue.message);
  }
  return [...first.values()];
}

describe('edit admin form', () => {
  it('requires first name, last name, email and status, with the form’s Spanish messages', () => {
    expect(messages({ first_name: '', last_name: ' ', email: '', phone: '', status: '' })).toEqual([
      'El nombre es requerido',
      'El apellido es requerido',
      'El correo electrónico es requerido',
      STATUS_REQUIRED,
    ]);
    expect(messages({ ...valid, first_name: 'M', email: 'maria@' })).toEqual([
      'El nombre debe tener al menos 2 caracteres',
      'Formato de correo electrónico inválido',
    ]);
  });

  it('takes no phone, or a whole one', () => {
    expect(messages({ ...valid, phone: '' })).toEqual([]);
    expect(messages({ ...valid, phone: '(787) 555' })).toEqual([
      'El número de teléfono debe tener 10 dígitos',
    ]);
  });

  it('sends trimmed values and digits, and leaves empty values out', () => {
    expect(toAdminUpdate(valid)).toEqual({
      admin_first_name: 'María',
      admin_last_name: 'Rodríguez',
      admin_email: 'maria@example.com',
      admin_phone: '7875550102',
      access_status: 'active',
    });
    expect(toAdminUpdate({ ...valid, phone: '', last_name: '  ' })).toEqual({
      admin_first_name: 'María',
      admin_email: 'maria@example.com',
      access_status: 'active',
    });
  });
});
