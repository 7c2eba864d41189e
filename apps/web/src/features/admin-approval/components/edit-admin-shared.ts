// What the edit modal needs of its form before the form's code (react-hook-form, the zod schemas)
// has arrived: edit-admin-fields.tsx is loaded when the modal first opens.
import { ApiError } from '../../../api/api-error.ts';

export const EDIT_ADMIN_FORM_ID = 'edit-admin-form';

/** SPEC §8 "Admin create": a message about an address already in use goes on the email field. */
export const isEmailTaken = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 409 || /already (registered|exists)/i.test(error.serverMessage));
