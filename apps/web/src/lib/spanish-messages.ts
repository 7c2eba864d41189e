// Turns on the Spanish of server and schema messages for the signed-in portal: imported
// by app/staff-providers.tsx only, so the table stays out of the login page's download.
import { spanishMessage, unexpectedErrorMessage, withSupportCode } from '@portal/contract/messages-es';
import { config } from 'zod/v4/core';
import { setMessageTranslator } from './message-translator.ts';

/** A form check written without its own message (zod's default is English). */
export const INVALID_VALUE = 'Valor no válido.';

export function registerSpanishMessages(): void {
  setMessageTranslator({
    text: (text) => spanishMessage(text) ?? text,
    // Not a message the contract knows: the generic text, with the request id for support.
    serverError: (message, status, requestId) => {
      const spanish = spanishMessage(message);
      if (spanish === undefined) return unexpectedErrorMessage(requestId);
      return status >= 500 ? withSupportCode(spanish, requestId) : spanish;
    },
  });
  config({ customError: () => INVALID_VALUE });
}
