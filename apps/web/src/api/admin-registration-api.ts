// SPEC §7 "Admin registration" (master only): the calls of the 'Registrar Admin' form and the
// registration history. The approval screen's calls live in admin-accounts-api.ts.
import type { AdminAccount, AdminRegistrationRecord, Pagination } from '@portal/contract/admin-registration';
import type { AdminCreatePayload } from '@portal/contract/admin-registration-form';
import { MSG } from '@portal/contract/messages';
import { apiRequest } from './http-client.ts';

export const ADMIN_REGISTRATION_PATH = '/master/registration/api/v1/admin-registration';

export interface CreateAdminAnswer {
  success: boolean;
  message?: string;
  admin_id: number;
  admin: AdminAccount;
}

export function createAdmin(body: AdminCreatePayload): Promise<CreateAdminAnswer> {
  return apiRequest<CreateAdminAnswer>(ADMIN_REGISTRATION_PATH, {
    method: 'POST',
    body,
    fallbackMessage: MSG.failedCreateAdmin,
  });
}

export interface RegistrationsAnswer {
  success: boolean;
  registrations: AdminRegistrationRecord[];
  total_count: number;
  pagination: Pagination;
}

export function listRegistrations(
  query: { page?: number; page_size?: number } = {},
  signal?: AbortSignal,
): Promise<RegistrationsAnswer> {
  return apiRequest<RegistrationsAnswer>(`${ADMIN_REGISTRATION_PATH}/registrations`, {
    query,
    signal,
    fallbackMessage: MSG.failedRegistrationHistory,
  });
}
