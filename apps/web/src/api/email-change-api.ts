// SPEC §7 "Email change": a 6-digit code goes to the new address, then the change is completed with it.
import { MSG } from '@portal/contract/messages';
import { ApiError } from './api-error.ts';
import { apiRequest, staffPath } from './http-client.ts';

const path = (tail: string) => staffPath(`/email-change/api/v1/email-change${tail}`);

export interface EmailChangeAnswer {
  old_email: string;
  new_email: string;
  message: string;
}

/**
 * A wrong code is answered 401 (SPEC §8). That 401 must not go through the token refresh and retry
 * of apiRequest, which would send the same wrong code twice and spend two of its five tries; any
 * other 401 (an expired session) is sent again the usual way, refreshing the token.
 */
async function post(tail: string, body: unknown, fallbackMessage?: string): Promise<EmailChangeAnswer> {
  const options = { method: 'POST' as const, body, fallbackMessage };
  try {
    return await apiRequest<EmailChangeAnswer>(path(tail), { ...options, refreshOn401: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && error.message !== MSG.emailChangeUnauthorized) {
      return apiRequest<EmailChangeAnswer>(path(tail), options);
    }
    throw error;
  }
}

export function initiateEmailChange(
  body: { business_registry_number: string; new_email: string },
  fallbackMessage?: string,
): Promise<EmailChangeAnswer> {
  return post('/initiate', body, fallbackMessage);
}

export function completeEmailChange(
  body: { business_registry_number: string; new_email: string; verification_code: string },
  fallbackMessage?: string,
): Promise<EmailChangeAnswer> {
  return post('/complete', body, fallbackMessage);
}
