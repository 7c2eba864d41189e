// SPEC §8 "Admin create": where a failed create shows what went wrong.
import {
  ADMIN_FORM_MESSAGES,
  type AdminFormField,
  describeAdminCreateError,
  formFieldOf,
} from '@portal/contract/admin-registration-form';
import { ApiError } from '../../../api/api-error.ts';

export interface CreateAdminFailure {
  /** The banner next to the submit button, when the failure is not about one field. */
  message: string | null;
  /** Messages to show under fields. */
  fields: Array<{ field: AdminFormField; message: string }>;
}

interface Detail {
  field?: unknown;
  message?: unknown;
}

function detailsOf(body: unknown): Array<{ field: AdminFormField; message: string }> {
  const details = (body as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: Detail) => {
    const field = typeof detail.field === 'string' ? formFieldOf(detail.field) : undefined;
    return field && typeof detail.message === 'string' ? [{ field, message: detail.message }] : [];
  });
}

export function describeCreateAdminFailure(error: unknown): CreateAdminFailure {
  if (!(error instanceof ApiError)) return { message: ADMIN_FORM_MESSAGES.createFailed, fields: [] };
  // Classified by the server's words; shown in Spanish (error.message) when no rule rewrites them.
  const described = describeAdminCreateError(error.serverMessage);
  if (described.field)
    return { message: null, fields: [{ field: described.field, message: described.message }] };
  // The server's schema check names each field it refused (400 with details): a validation error.
  const fields = error.status === 400 ? detailsOf(error.body) : [];
  if (fields.length > 0) return { message: ADMIN_FORM_MESSAGES.validationError, fields };
  return {
    message: described.message === error.serverMessage.trim() ? error.message : described.message,
    fields: [],
  };
}
