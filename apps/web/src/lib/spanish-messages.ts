// Turns on the Spanish of server and schema messages for the signed-in portal: imported
// by app/staff-providers.tsx only, so the table stays out of the login page's download.
import { MSG_CORE as MSG } from '@portal/contract/messages-core';
import { spanishMessage, unexpectedErrorMessage, withSupportCode } from '@portal/contract/messages-es';
import { config } from 'zod/v4/core';
import { setMessageTranslator } from './message-translator.ts';

/** A form check written without its own message (zod's default is English). */
export const INVALID_VALUE = 'Valor no válido.';

/**
 * The Spanish of a failed answer's message. A 503 is the service saying "not now" whoever wrote it:
 * the server while its database is down, Fastify while the server shuts down ('Service Unavailable'),
 * a proxy (no JSON, so 'Request failed'); unless it names a reason of its own, it reads as such.
 */
function spanishServerMessage(message: string, status: number): string | undefined {
  const spanish = spanishMessage(message);
  if (status !== 503 || (spanish !== undefined && message.trim() !== MSG.requestFailed)) return spanish;
  return spanishMessage(MSG.serviceUnavailable);
}

export function registerSpanishMessages(): void {
  setMessageTranslator({
    text: (text) => spanishMessage(text) ?? text,
    // Not a message the contract knows: the generic text, with the request id for support.
    serverError: (message, status, requestId) => {
      const spanish = spanishServerMessage(message, status);
      if (spanish === undefined) return unexpectedErrorMessage(requestId);
      return status >= 500 ? withSupportCode(spanish, requestId) : spanish;
    },
  });
  config({ customError: () => INVALID_VALUE });
}
