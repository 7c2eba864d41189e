// The staff form 'Registrar Nuevo Negocio' (SPEC §5 "Registration form (admin-side)", §8
// "Business registration failure"). Messages SPEC quotes are word for word with accents restored;
// the others are written in the same voice. Values are the strings the inputs hold.
import { z } from 'zod';
import { BUSINESS_CATEGORIES } from './categories.ts';
import { ESTABLISHMENT_TYPES } from './enums.ts';
import { currentYear, LIMITS } from './limits.ts';
import { NAME_DISALLOWED, NAME_PATTERN } from './name-pattern.ts';
import { nationalDigits } from './phone.ts';
import { EMAIL_PATTERN } from './public-registration.ts';

const tooLong = (what: string, max: number) => `${what} no puede exceder ${max} caracteres`;

export const REGISTER_FORM_MESSAGES = {
  businessNameRequired: 'El nombre del negocio es requerido',
  businessNameTooLong: tooLong('El nombre del negocio', LIMITS.text.name),
  yearRequired: 'El año es requerido',
  yearRange: (year: number) => `El año debe estar entre ${LIMITS.yearMin} y ${year}`,
  firstNameRequired: 'El nombre es requerido',
  firstNameLetters: 'El nombre solo puede contener letras y espacios',
  firstNameTooLong: tooLong('El nombre', LIMITS.text.owner),
  lastNameRequired: 'El apellido es requerido',
  lastNameLetters: 'El apellido solo puede contener letras y espacios',
  lastNameTooLong: tooLong('El apellido', LIMITS.text.owner),
  ownerTooLong: tooLong('El nombre completo del propietario', LIMITS.text.owner),
  categoryRequired: 'Debe seleccionar una categoría',
  emailRequired: 'El correo electrónico es requerido',
  emailInvalid: 'Formato de correo electrónico inválido',
  emailTooLong: tooLong('El correo electrónico', LIMITS.text.email),
  emailTaken: 'Este correo electrónico ya está registrado',
  phoneRequired: 'El número de teléfono es requerido',
  phoneDigits: 'El número de teléfono debe tener 10 dígitos',
  phoneTaken: 'Este número de teléfono ya está registrado',
  addressRequired: 'La dirección es requerida',
  addressTooLong: tooLong('La dirección', LIMITS.text.address),
  address2TooLong: tooLong('La dirección secundaria', LIMITS.text.address),
  cityRequired: 'La ciudad es requerida',
  cityTooLong: tooLong('La ciudad', LIMITS.text.city),
  zipRequired: 'El código postal es requerido',
  zipFormat: 'El código postal solo puede contener números y guiones',
  zipTooLong: tooLong('El código postal', LIMITS.text.zip),
  establishmentRequired: 'Debe seleccionar un tipo de establecimiento',
  descriptionTooLong: tooLong('La descripción', LIMITS.text.description),
  registerFailed: 'Error al registrar el negocio. Por favor intente nuevamente.',
} as const;

const M = REGISTER_FORM_MESSAGES;

export { NAME_DISALLOWED, NAME_PATTERN };
export const ZIP_PATTERN = /^[0-9-]+$/;

const required = (requiredMessage: string, max: number, tooLongMessage: string) =>
  z.string().trim().min(1, requiredMessage).max(max, tooLongMessage);

const personName = (requiredMessage: string, lettersMessage: string, tooLongMessage: string) =>
  required(requiredMessage, LIMITS.text.owner, tooLongMessage).regex(NAME_PATTERN, lettersMessage);

const digitsOf = nationalDigits;

/** The form's schema; `maxYear` is the current year (a parameter so tests can pin it). */
export function registerBusinessFormSchema(maxYear: number = currentYear()) {
  const yearMessage = M.yearRange(maxYear);
  return z
    .object({
      business_name: required(M.businessNameRequired, LIMITS.text.name, M.businessNameTooLong),
      business_year: z
        .string()
        .trim()
        .min(1, M.yearRequired)
        .regex(/^[0-9]+$/, yearMessage)
        .refine((year) => Number(year) >= LIMITS.yearMin && Number(year) <= maxYear, yearMessage),
      business_category: z
        .string()
        .refine(
          (category) => (BUSINESS_CATEGORIES as readonly string[]).includes(category),
          M.categoryRequired,
        ),
      business_description: z.string().trim().max(LIMITS.text.description, M.descriptionTooLong),
      owner_first_name: personName(M.firstNameRequired, M.firstNameLetters, M.firstNameTooLong),
      owner_last_name: personName(M.lastNameRequired, M.lastNameLetters, M.lastNameTooLong),
      business_email: z
        .string()
        .trim()
        .min(1, M.emailRequired)
        .max(LIMITS.text.email, M.emailTooLong)
        .regex(EMAIL_PATTERN, M.emailInvalid),
      business_phone: z
        .string()
        .min(1, M.phoneRequired)
        .max(LIMITS.phoneInputMaxLength, M.phoneDigits)
        .refine((phone) => digitsOf(phone).length === LIMITS.phoneDigits, M.phoneDigits),
      email_verified: z.boolean(),
      phone_verified: z.boolean(),
      location_address_1: required(M.addressRequired, LIMITS.text.address, M.addressTooLong),
      location_address_2: z.string().trim().max(LIMITS.text.address, M.address2TooLong),
      location_city: required(M.cityRequired, LIMITS.text.city, M.cityTooLong),
      location_zip: required(M.zipRequired, LIMITS.text.zip, M.zipTooLong).regex(ZIP_PATTERN, M.zipFormat),
      location_scenery_type: z
        .string()
        .refine((type) => (ESTABLISHMENT_TYPES as readonly string[]).includes(type), M.establishmentRequired),
    })
    .superRefine((form, ctx) => {
      // The server keeps the joined name in one 255-character column.
      const owner = `${form.owner_first_name.trim()} ${form.owner_last_name.trim()}`;
      if (form.owner_first_name.trim() && form.owner_last_name.trim() && owner.length > LIMITS.text.owner) {
        ctx.addIssue({ code: 'custom', path: ['owner_last_name'], message: M.ownerTooLong });
      }
    });
}

export type RegisterBusinessFormValues = z.input<ReturnType<typeof registerBusinessFormSchema>>;

export const EMPTY_REGISTER_BUSINESS_FORM: RegisterBusinessFormValues = {
  business_name: '',
  business_year: '',
  business_category: '',
  business_description: '',
  owner_first_name: '',
  owner_last_name: '',
  business_email: '',
  business_phone: '',
  email_verified: false,
  phone_verified: false,
  location_address_1: '',
  location_address_2: '',
  location_city: '',
  location_zip: '',
  location_scenery_type: '',
};
