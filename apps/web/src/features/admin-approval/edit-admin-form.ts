// The edit form (SPEC §5 "Edit admin"): first name, last name, email and status required, phone
// optional; empty values are left out of the update. Messages are those of the registration form.

import type { AdminAccount } from '@portal/contract/admin-registration';
import { ADMIN_FORM_MESSAGES as M } from '@portal/contract/admin-registration-form';
import { LIMITS } from '@portal/contract/limits';
import { formatPhone, nationalDigits, phoneDigits } from '@portal/contract/phone';
import { z } from 'zod';
import type { AdminUpdate } from '../../api/admin-accounts-api.ts';
import { isAdminStatus } from './admin-status.ts';

export const STATUS_REQUIRED = 'El estado es requerido';

export interface EditAdminValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  status: string;
}

const personName = (required: string, min: string, tooLong: string) =>
  z.string().trim().min(1, required).min(LIMITS.nameMin, min).max(LIMITS.text.name, tooLong);

export const editAdminSchema = z.object({
  first_name: personName(M.firstNameRequired, M.firstNameMin, M.firstNameTooLong),
  last_name: personName(M.lastNameRequired, M.lastNameMin, M.lastNameTooLong),
  email: z
    .string()
    .trim()
    .min(1, M.emailRequired)
    .max(LIMITS.text.email, M.emailTooLong)
    .pipe(z.email(M.emailInvalid)),
  phone: z.string().refine((phone) => {
    const digits = nationalDigits(phone).length;
    return digits === 0 || digits === LIMITS.phoneDigits;
  }, M.phoneDigits),
  status: z.string().refine(isAdminStatus, STATUS_REQUIRED),
});

export function editValuesOf(admin: AdminAccount): EditAdminValues {
  return {
    first_name: admin.admin_first_name,
    last_name: admin.admin_last_name,
    email: admin.admin_email,
    phone: formatPhone(admin.admin_phone),
    status: admin.access_status,
  };
}

/** The PUT body: trimmed values, phone as digits, and nothing for a field left empty. */
export function toAdminUpdate(values: EditAdminValues): AdminUpdate {
  const update: AdminUpdate = {};
  const firstName = values.first_name.trim();
  const lastName = values.last_name.trim();
  const email = values.email.trim();
  const phone = phoneDigits(values.phone);
  if (firstName) update.admin_first_name = firstName;
  if (lastName) update.admin_last_name = lastName;
  if (email) update.admin_email = email;
  if (phone) update.admin_phone = phone;
  if (isAdminStatus(values.status)) update.access_status = values.status;
  return update;
}
