// The staff form 'Editar datos' of a business: the fields of 'Registrar Nuevo Negocio'
// that describe the business, with that form's Spanish rules and messages (register-business-form.ts).
// The owner is one field here (the record keeps one name); year, address and description may be
// left blank (a business registered without them can still be edited); the email has its own flow.
import { z } from 'zod';
import { BUSINESS_CATEGORIES } from './categories.ts';
import { LIMITS } from './limits.ts';
import { NAME_PATTERN } from './name-pattern.ts';
import { nationalDigits } from './phone.ts';
import { REGISTER_FORM_MESSAGES as M } from './register-business-form.ts';

export const EDIT_BUSINESS_FORM_MESSAGES = {
  ownerRequired: 'El nombre del propietario es requerido',
  ownerLetters: 'El nombre del propietario solo puede contener letras y espacios',
  nothingChanged: 'No hay cambios que guardar',
  saved: 'Datos del negocio actualizados',
} as const;
const E = EDIT_BUSINESS_FORM_MESSAGES;

const digitsOf = nationalDigits;

/** The form's rules, as 'Registrar Negocio' has them. */
function formRules(maxYear: number) {
  const yearMessage = M.yearRange(maxYear);
  return z.object({
    business_name: z
      .string()
      .trim()
      .min(1, M.businessNameRequired)
      .max(LIMITS.text.name, M.businessNameTooLong),
    business_owner: z
      .string()
      .trim()
      .min(1, E.ownerRequired)
      .max(LIMITS.text.owner, M.ownerTooLong)
      .regex(NAME_PATTERN, E.ownerLetters),
    business_phone: z
      .string()
      .min(1, M.phoneRequired)
      .max(LIMITS.phoneInputMaxLength, M.phoneDigits)
      .refine((phone) => digitsOf(phone).length === LIMITS.phoneDigits, M.phoneDigits),
    business_category: z
      .string()
      .refine(
        (category) => (BUSINESS_CATEGORIES as readonly string[]).includes(category),
        M.categoryRequired,
      ),
    business_year: z
      .string()
      .trim()
      .refine((year) => year === '' || /^[0-9]+$/.test(year), yearMessage)
      .refine(
        (year) => year === '' || (Number(year) >= LIMITS.yearMin && Number(year) <= maxYear),
        yearMessage,
      ),
    business_address: z.string().trim().max(LIMITS.text.address, M.addressTooLong),
    business_description: z.string().trim().max(LIMITS.text.description, M.descriptionTooLong),
  });
}

const FormInputs = z.object({
  business_name: z.string(),
  business_owner: z.string(),
  business_phone: z.string(),
  business_category: z.string(),
  business_year: z.string(),
  business_address: z.string(),
  business_description: z.string(),
});

/**
 * The form's schema; `maxYear` is the current year (a parameter so tests can pin it). Given the
 * record being edited, a field is held to the rules only when it changed: the public registration
 * API and imports save any category text and owners like "Juan O'Neill Jr.", and such a value
 * must not stop a save of another field.
 */
export function editBusinessFormSchema(maxYear: number, stored?: EditableBusiness) {
  const rules = formRules(maxYear);
  return FormInputs.superRefine((form, ctx) => {
    const result = rules.safeParse(form);
    if (result.success) return;
    const changed = stored ? editPayloadOf(stored, form) : form;
    for (const issue of result.error.issues)
      if (String(issue.path[0]) in changed)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}

export type EditBusinessFormValues = z.input<ReturnType<typeof editBusinessFormSchema>>;

/** The record's values as the form's inputs hold them. */
export interface EditableBusiness {
  business_name: string;
  business_owner: string;
  business_phone: string;
  business_category: string | null;
  business_year: number | null;
  business_address: string | null;
  business_description: string | null;
}

export const editFormValuesOf = (business: EditableBusiness): EditBusinessFormValues => ({
  business_name: business.business_name,
  business_owner: business.business_owner,
  business_phone: business.business_phone,
  business_category: business.business_category ?? '',
  business_year: business.business_year === null ? '' : String(business.business_year),
  business_address: business.business_address ?? '',
  business_description: business.business_description ?? '',
});

/**
 * What the PATCH sends: the fields whose value differs from the record's, as the server reads
 * them. A field left as the form opened it is not sent, even when the server would read the
 * record's value differently (an owner saved with two spaces).
 */
export function editPayloadOf(business: EditableBusiness, form: EditBusinessFormValues) {
  const opened = editFormValuesOf(business);
  const next = {
    business_name: form.business_name.trim(),
    business_owner: form.business_owner.trim().replace(/\s+/g, ' '),
    business_phone: digitsOf(form.business_phone),
    business_category: form.business_category || null,
    business_year: form.business_year.trim() === '' ? null : Number(form.business_year),
    business_address: form.business_address.trim() || null,
    business_description: form.business_description.trim() || null,
  };
  const changes: Partial<typeof next> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (form[key] !== opened[key] && next[key] !== (business[key] ?? null))
      (changes as Record<string, unknown>)[key] = next[key];
  }
  return changes;
}
