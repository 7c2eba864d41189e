// SPEC §7 "Email change": a 6-digit code goes to the new address, then the change is completed with it.
import { apiRequest, staffPath } from './http-client.ts';

const path = (tail: string) => staffPath(`/email-change/api/v1/email-change${tail}`);

export interface EmailChangeAnswer {
  old_email: string;
  new_email: string;
  message: string;
}

function post(tail: string, body: unknown, fallbackMessage?: string): Promise<EmailChangeAnswer> {
  return apiRequest<EmailChangeAnswer>(path(tail), { method: 'POST', body, fallbackMessage });
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
