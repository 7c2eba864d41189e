// What was typed into 'Registrar Nuevo Negocio' and not yet registered. Another tab of the dashboard
// unmounts the form; coming back finds it as it was left. Kept in memory only (a reload forgets it),
// for the person who typed it, until the business is registered or the form is emptied.
import {
  EMPTY_REGISTER_BUSINESS_FORM,
  type RegisterBusinessFormValues,
} from '@portal/contract/register-business-form';

let draft: { owner: string; values: RegisterBusinessFormValues } | null = null;

const isEmpty = (values: RegisterBusinessFormValues) =>
  (Object.keys(EMPTY_REGISTER_BUSINESS_FORM) as (keyof RegisterBusinessFormValues)[]).every(
    (key) => values[key] === EMPTY_REGISTER_BUSINESS_FORM[key],
  );

/** The draft `owner` left, or null (none, or another person's). */
export function readRegistrationDraft(owner: string): RegisterBusinessFormValues | null {
  return draft && draft.owner === owner ? { ...draft.values } : null;
}

export function saveRegistrationDraft(owner: string, values: Partial<RegisterBusinessFormValues>): void {
  const full = { ...EMPTY_REGISTER_BUSINESS_FORM, ...values };
  draft = isEmpty(full) ? null : { owner, values: full };
}

export function clearRegistrationDraft(): void {
  draft = null;
}
