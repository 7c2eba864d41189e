// SPEC §7 "Email change": a 6-digit code goes to the new address, then the change is completed with it.
import { ifMatch } from './edit-conflict.ts';
import { apiRequest, staffPath } from './http-client.ts';

const path = (tail: string) => staffPath(`/email-change/api/v1/email-change${tail}`);

export interface EmailChangeAnswer {
  old_email: string;
  new_email: string;
  message: string;
  /** complete: the business's version after the change. */
  version?: string;
}

function post(
  tail: string,
  body: unknown,
  fallbackMessage?: string,
  version?: string,
): Promise<EmailChangeAnswer> {
  return apiRequest<EmailChangeAnswer>(path(tail), {
    method: 'POST',
    body,
    fallbackMessage,
    headers: ifMatch(version),
  });
}

export function initiateEmailChange(
  body: { business_registry_number: string; new_email: string },
  fallbackMessage?: string,
  /** The business's version the person saw (If-Match); the same one goes with complete. */
  version?: string,
): Promise<EmailChangeAnswer> {
  return post('/initiate', body, fallbackMessage, version);
}

export function completeEmailChange(
  body: { business_registry_number: string; new_email: string; verification_code: string },
  fallbackMessage?: string,
  version?: string,
): Promise<EmailChangeAnswer> {
  return post('/complete', body, fallbackMessage, version);
}
