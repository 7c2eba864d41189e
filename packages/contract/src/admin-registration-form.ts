// The master's form 'Registrar Admin' (SPEC §5 "Admin registration form", §8 "Admin create").
// Spanish messages are SPEC's, word for word with accents restored; the password keeps the English
// messages of SPEC §5 "Password strength". Values are the strings the inputs hold.
import { z } from 'zod';
import { AdminCreateBody, passwordProblems } from './admin-registration.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { nationalDigits } from './phone.ts';

export const ADMIN_FORM_MESSAGES = {
  firstNameRequired: 'El nombre es requerido',
  firstNameMin: 'El nombre debe tener al menos 2 caracteres',
  lastNameRequired: 'El apellido es requerido',
  lastNameMin: 'El apellido debe tener al menos 2 caracteres',
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'Formato de correo electrónico inválido',
  phoneRequired: 'El número de teléfono es requerido',
  phoneDigits: 'El número de teléfono debe tener 10 dígitos',
  confirmRequired: 'Debe confirmar la contraseña',
  passwordsDiffer: 'Las contraseñas no coinciden',
  firstNameTooLong: `El nombre no puede exceder ${LIMITS.text.name} caracteres`,
  lastNameTooLong: `El apellido no puede exceder ${LIMITS.text.name} caracteres`,
  emailTooLong: `El correo electrónico no puede exceder ${LIMITS.text.email} caracteres`,
  emailTaken: 'Este correo electrónico ya está registrado',
  validationError: 'Error de validación. Verifique los datos ingresados.',
  createFailed: 'Error al registrar el administrador. Intente nuevamente.',
  success: 'Registro Exitoso',
} as const;

const M = ADMIN_FORM_MESSAGES;

export interface AdminRegistrationFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
}

export type AdminFormField = keyof AdminRegistrationFormValues;

export const EMPTY_ADMIN_FORM: AdminRegistrationFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  confirm_password: '',
};

const personName = (requiredMessage: string, minMessage: string, tooLongMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .min(LIMITS.nameMin, minMessage)
    .max(LIMITS.text.name, tooLongMessage);

const digitsOf = nationalDigits;

export const adminRegistrationFormSchema = z
  .object({
    first_name: personName(M.firstNameRequired, M.firstNameMin, M.firstNameTooLong),
    last_name: personName(M.lastNameRequired, M.lastNameMin, M.lastNameTooLong),
    email: z
      .string()
      .trim()
      .min(1, M.emailRequired)
      .max(LIMITS.text.email, M.emailTooLong)
      // The server's own check (z.email in AdminCreateBody), so the form never sends what it refuses.
      .pipe(z.email(M.emailInvalid)),
    phone: z
      .string()
      .refine((phone) => digitsOf(phone).length > 0, M.phoneRequired)
      .refine(
        (phone) => digitsOf(phone).length === 0 || digitsOf(phone).length === LIMITS.phoneDigits,
        M.phoneDigits,
      ),
    password: z.string().superRefine((password, ctx) => {
      const first = passwordProblems(password, MSG.passwordMinLong)[0];
      if (first) ctx.addIssue({ code: 'custom', message: first });
    }),
    confirm_password: z.string().min(1, M.confirmRequired),
  })
  .superRefine((values, ctx) => {
    if (values.confirm_password !== '' && values.confirm_password !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: M.passwordsDiffer });
    }
  });

/** The create call's body (SPEC §7): trimmed names and email, phone digits only, created pending. */
export function toAdminCreatePayload(values: AdminRegistrationFormValues) {
  return {
    admin_first_name: values.first_name.trim(),
    admin_last_name: values.last_name.trim(),
    admin_email: values.email.trim(),
    admin_phone: digitsOf(values.phone),
    admin_password: values.password,
    access_status: 'pending' as const,
  };
}
export type AdminCreatePayload = ReturnType<typeof toAdminCreatePayload>;

const PAYLOAD_TO_FORM: Record<string, AdminFormField> = {
  admin_first_name: 'first_name',
  admin_last_name: 'last_name',
  admin_email: 'email',
  admin_phone: 'phone',
  admin_password: 'password',
};

/** A server field name (from a 400's `details`) as the form's field, when it is one. */
export function formFieldOf(payloadField: string): AdminFormField | undefined {
  return PAYLOAD_TO_FORM[payloadField];
}

/**
 * SPEC §5's second check just before the call: the payload against the server's own rules
 * (SPEC §5 "Admin creation"), as field/message pairs for the form's fields.
 */
export function adminPayloadProblems(
  payload: AdminCreatePayload,
): Array<{ field: AdminFormField; message: string }> {
  const result = AdminCreateBody.safeParse(payload);
  if (result.success) return [];
  const problems: Array<{ field: AdminFormField; message: string }> = [];
  for (const issue of result.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? ''));
    if (field && !problems.some((problem) => problem.field === field)) {
      problems.push({ field, message: issue.message });
    }
  }
  return problems;
}

/** Where a failed create shows its message (SPEC §8 "Admin create"). */
export function describeAdminCreateError(message: string | null | undefined): {
  field?: 'email';
  message: string;
} {
  const text = (message ?? '').trim();
  const lower = text.toLowerCase();
  if (lower.includes('already registered') || lower.includes('already exists')) {
    return { field: 'email', message: M.emailTaken };
  }
  if (lower.includes('validation')) return { message: M.validationError };
  return { message: text === '' ? M.createFailed : text };
}
