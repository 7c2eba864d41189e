import { ApiError } from '../../../api/api-error.ts';
import { displayMessage } from '../../../lib/message-translator.ts';

/** The server's message (SPEC §8), or the modal's own fallback when there was no answer to read;
 * both as a person reads them (Spanish). */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  return displayMessage(fallback);
}
