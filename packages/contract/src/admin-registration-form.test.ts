import { describe, expect, it } from 'vitest';
import {
  type AdminRegistrationFormValues,
  adminPayloadProblems,
  adminRegistrationFormSchema,
  describeAdminCreateError,
  EMPTY_ADMIN_FORM,
  toAdminCreatePayload,
} from './admin-registration-form.ts';

const VALID: AdminRegistrationFormValues = {
  first_name: 'María',
  last_name: 'Rodríguez',
  email: 'maria.rodriguez@example.com',
  phone: '(787) 555-0102',
  password: 'Segura#2026',
  confirm_password: 'Segura#2026',
};

/** The first message of each field, as the form shows them. */
function messages(values: Partial<AdminRegistrationFormValues>): Record<string, string> {
  const result = adminRegistrationFormSchema.safeParse({ ...VALID, ...values });
  const byField: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      byField[field] ??= issue.message;
    }
  }
  return byField;
}

describe('admin registration form (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(adminRegistrationFormSchema.safeParse(VALID).success).toBe(true);
  });

  it('says every field is required, in Spanish, and the password by its first strength rule', () => {
    expect(messages(EMPTY_ADMIN_FORM)).toEqual({
      first_name: 'El nombre es requerido',
      last_name: 'El apellido es requerido',
      email: 'El correo electrónico es requerido',
      phone: 'El número de teléfono es requerido',
      password: 'Password must be at least 8 characters long',
      confirm_password: 'Debe confirmar la contraseña',
    });
  });

  it('treats blanks as empty and needs two characters in each name', () => {
    expect(messages({ first_name: '   ', last_name: ' ' })).toEqual({
      first_name: 'El nombre es requerido',
      last_name: 'El apellido es requerido',
    });
    expect(messages({ first_name: ' A ', last_name: 'B' })).toEqual({
      first_name: 'El nombre debe tener al menos 2 caracteres',
      last_name: 'El apellido debe tener al menos 2 caracteres',
    });
    expect(messages({ first_name: 'Al', last_name: 'Ng' })).toEqual({});
  });

  it('checks the email format', () => {
    for (const email of ['maria', 'maria@', 'maria@example', 'ma ria@example.com']) {
      expect(messages({ email })).toEqual({ email: 'Formato de correo electrónico inválido' });
    }
    expect(messages({ email: '  maria@example.com  ' })).toEqual({});
  });

  it('needs exactly 10 phone digits, formatted or not', () => {
    expect(messages({ phone: '(787) 555' })).toEqual({
      phone: 'El número de teléfono debe tener 10 dígitos',
    });
    expect(messages({ phone: '7875550102' })).toEqual({});
  });

  it('shows the first password rule broken, in English', () => {
    expect(messages({ password: 'segura#2026', confirm_password: 'segura#2026' })).toEqual({
      password: 'Password must contain at least one uppercase letter',
    });
    expect(messages({ password: 'Segura2026', confirm_password: 'Segura2026' })).toEqual({
      password: 'Password must contain at least one special character',
    });
  });

  it('needs the confirmation to equal the password', () => {
    expect(messages({ confirm_password: 'Segura#2025' })).toEqual({
      confirm_password: 'Las contraseñas no coinciden',
    });
  });

  it('builds the create body: trimmed, phone digits, pending', () => {
    expect(toAdminCreatePayload({ ...VALID, first_name: ' María ', email: ' m@example.com ' })).toEqual({
      admin_first_name: 'María',
      admin_last_name: 'Rodríguez',
      admin_email: 'm@example.com',
      admin_phone: '7875550102',
      admin_password: 'Segura#2026',
      access_status: 'pending',
    });
  });

  it('checks the payload against the server rules as field/message pairs', () => {
    expect(adminPayloadProblems(toAdminCreatePayload(VALID))).toEqual([]);
    const payload = { ...toAdminCreatePayload(VALID), admin_first_name: 'M', admin_password: 'short' };
    expect(adminPayloadProblems(payload)).toEqual([
      { field: 'first_name', message: 'First name must be at least 2 characters' },
      { field: 'password', message: 'Password must be at least 8 characters' },
    ]);
  });
});

describe('admin create errors (SPEC §8)', () => {
  it('puts a taken email on the email field', () => {
    expect(describeAdminCreateError('Email is already registered')).toEqual({
      field: 'email',
      message: 'Este correo electrónico ya está registrado',
    });
    expect(describeAdminCreateError('Admin already exists')).toEqual({
      field: 'email',
      message: 'Este correo electrónico ya está registrado',
    });
  });

  it('turns a validation failure into one Spanish message', () => {
    expect(describeAdminCreateError('Validation failed')).toEqual({
      message: 'Error de validación. Verifique los datos ingresados.',
    });
  });

  it('shows any other message, or the fallback when there is none', () => {
    expect(describeAdminCreateError('Internal server error')).toEqual({ message: 'Internal server error' });
    expect(describeAdminCreateError('')).toEqual({
      message: 'Error al registrar el administrador. Intente nuevamente.',
    });
    expect(describeAdminCreateError(undefined)).toEqual({
      message: 'Error al registrar el administrador. Intente nuevamente.',
    });
  });
});
